import type { DashboardLayout, DashboardFiltersChange, NativeFilterConfig } from '@tessera/core';
import { configToForm, duplicateForm, formToConfig, newDividerForm, newFilterForm, type ConfigItemForm } from './filterForm';

/** The config modal's working copy: every edit stays here until Save. */
export interface ConfigState {
  items: Record<string, ConfigItemForm>;
  /** The list's order; items removed for good (after the restore delay) leave it. */
  order: string[];
  /** Ids the stored configuration had, in its order. */
  initialOrder: string[];
  /** Deleted items: 'pending' still show "Restore filter", 'gone' left the list. Both are deleted on save. */
  removed: Record<string, 'pending' | 'gone'>;
  /** Items added or edited (sent as `modified`). */
  dirty: string[];
  selectedId: string | null;
  /** Anything changed since the modal opened (Cancel then asks first). */
  touched: boolean;
}

export type ConfigAction =
  | { type: 'select'; id: string }
  | { type: 'add'; kind: 'filter' | 'divider'; id: string }
  | { type: 'update'; item: ConfigItemForm }
  | { type: 'remove'; id: string }
  | { type: 'restore'; id: string }
  | { type: 'expire'; id: string }
  | { type: 'duplicate'; id: string; newId: string }
  | { type: 'move'; id: string; toIndex: number };

export function initialConfigState(configs: readonly NativeFilterConfig[], initialFilterId?: string): ConfigState {
  const items = Object.fromEntries(configs.map((c) => [c.id, configToForm(c)]));
  const order = configs.map((c) => c.id);
  const selectedId = initialFilterId && items[initialFilterId] ? initialFilterId : (order[0] ?? null);
  return { items, order, initialOrder: order, removed: {}, dirty: [], selectedId, touched: false };
}

const markDirty = (state: ConfigState, id: string): ConfigState => ({
  ...state,
  dirty: state.dirty.includes(id) ? state.dirty : [...state.dirty, id],
  touched: true,
});

/** The item shown after `id` leaves: the next one still listed and not pending removal, else the one before. */
function neighbour(state: ConfigState, id: string): string | null {
  const index = state.order.indexOf(id);
  const live = (other: string) => other !== id && !state.removed[other];
  return state.order.slice(index + 1).find(live) ?? [...state.order.slice(0, Math.max(index, 0))].reverse().find(live) ?? null;
}

export function configReducer(state: ConfigState, action: ConfigAction): ConfigState {
  switch (action.type) {
    case 'select':
      return state.items[action.id] ? { ...state, selectedId: action.id } : state;
    case 'add': {
      const item = action.kind === 'filter' ? newFilterForm(action.id) : newDividerForm(action.id);
      return markDirty({ ...state, items: { ...state.items, [action.id]: item }, order: [...state.order, action.id], selectedId: action.id }, action.id);
    }
    case 'update':
      return markDirty({ ...state, items: { ...state.items, [action.item.id]: action.item } }, action.item.id);
    case 'remove':
      // The removed item is shown, with its "Restore filter" button, until the delay is over.
      return state.items[action.id] ? { ...state, removed: { ...state.removed, [action.id]: 'pending' }, selectedId: action.id, touched: true } : state;
    case 'restore': {
      if (state.removed[action.id] !== 'pending') return state;
      const removed = { ...state.removed };
      delete removed[action.id];
      return { ...state, removed, selectedId: action.id };
    }
    case 'expire': {
      if (state.removed[action.id] !== 'pending') return state;
      const selectedId = state.selectedId === action.id ? neighbour(state, action.id) : state.selectedId;
      return { ...state, removed: { ...state.removed, [action.id]: 'gone' }, order: state.order.filter((id) => id !== action.id), selectedId };
    }
    case 'duplicate': {
      const source = state.items[action.id];
      if (!source) return state;
      const order = [...state.order];
      order.splice(order.indexOf(action.id) + 1, 0, action.newId);
      return markDirty({ ...state, items: { ...state.items, [action.newId]: duplicateForm(source, action.newId) }, order, selectedId: action.newId }, action.newId);
    }
    case 'move': {
      const from = state.order.indexOf(action.id);
      if (from < 0) return state;
      const order = state.order.filter((id) => id !== action.id);
      order.splice(Math.max(0, Math.min(action.toIndex, order.length)), 0, action.id);
      return { ...state, order, touched: true };
    }
  }
}

/** Items that will be saved, in list order (those pending removal are deleted too). */
export function keptItems(state: ConfigState): ConfigItemForm[] {
  return state.order.filter((id) => !state.removed[id]).map((id) => state.items[id]!);
}

/** The `PUT /api/v1/dashboard/<pk>/filters` body (Superset's {modified, deleted, reordered}). */
export function filtersChange(state: ConfigState, layout: DashboardLayout): DashboardFiltersChange {
  const kept = keptItems(state);
  const keptIds = kept.map((item) => item.id);
  const stored = new Set(state.initialOrder);
  const modified = kept.filter((item) => state.dirty.includes(item.id)).map((item) => formToConfig(item, layout));
  const deleted = Object.keys(state.removed).filter((id) => stored.has(id));
  const before = state.initialOrder.filter((id) => !state.removed[id]);
  const sameOrder = before.length === keptIds.filter((id) => stored.has(id)).length && keptIds.filter((id) => stored.has(id)).every((id, i) => before[i] === id);
  // New items go last on the server unless an order is sent: send it when it differs from stored-then-appended.
  const appended = [...before, ...keptIds.filter((id) => !stored.has(id))];
  const reordered = sameOrder && appended.every((id, i) => keptIds[i] === id) ? [] : keptIds;
  return { modified: modified as DashboardFiltersChange['modified'], deleted, reordered };
}
