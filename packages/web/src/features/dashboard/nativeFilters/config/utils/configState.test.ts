import { describe, expect, it } from 'vitest';
import type { DashboardLayout, NativeFilterConfig } from '@tessera/core';
import { configReducer, filtersChange, initialConfigState, keptItems, type ConfigAction, type ConfigState } from './configState';
import type { FilterForm } from './filterForm';

const layout: DashboardLayout = { ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: [], meta: {} } };
const filter = (id: string): NativeFilterConfig => ({
  id,
  type: 'NATIVE_FILTER',
  name: id,
  filterType: 'filter_select',
  targets: [{ datasetId: 1, column: { name: 'c' } }],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
});
const run = (state: ConfigState, ...actions: ConfigAction[]) => actions.reduce(configReducer, state);
const start = () => initialConfigState([filter('a'), filter('b'), { id: 'd', type: 'DIVIDER', title: 'D' }]);

describe('configReducer', () => {
  it('opens on the first item, or the one asked for', () => {
    expect(start().selectedId).toBe('a');
    expect(initialConfigState([filter('a'), filter('b')], 'b').selectedId).toBe('b');
  });

  it('adds a filter at the end, selected and counted as a change', () => {
    const state = run(start(), { type: 'add', kind: 'filter', id: 'n' });
    expect(state.order).toEqual(['a', 'b', 'd', 'n']);
    expect(state.selectedId).toBe('n');
    expect(state.touched).toBe(true);
    expect(filtersChange(state, layout).modified.map((f) => f.id)).toEqual(['n']);
  });

  it('keeps a removed item listed until the delay expires, and restores it', () => {
    const removed = run(start(), { type: 'remove', id: 'b' });
    expect(removed.order).toEqual(['a', 'b', 'd']);
    expect(removed.removed).toEqual({ b: 'pending' });
    expect(keptItems(removed).map((i) => i.id)).toEqual(['a', 'd']);
    const restored = run(removed, { type: 'restore', id: 'b' });
    expect(restored.removed).toEqual({});
    expect(keptItems(restored).map((i) => i.id)).toEqual(['a', 'b', 'd']);
    const expired = run(removed, { type: 'expire', id: 'b' });
    expect(expired.order).toEqual(['a', 'd']);
    expect(expired.selectedId).toBe('d');
    expect(run(expired, { type: 'restore', id: 'b' })).toBe(expired);
  });

  it('sends deleted stored ids, not new ones removed before saving', () => {
    const state = run(start(), { type: 'add', kind: 'filter', id: 'n' }, { type: 'remove', id: 'n' }, { type: 'remove', id: 'a' }, { type: 'expire', id: 'a' });
    expect(filtersChange(state, layout)).toEqual({ modified: [], deleted: ['a'], reordered: [] });
  });

  it('sends the new order after a move', () => {
    const state = run(start(), { type: 'move', id: 'd', toIndex: 0 });
    expect(state.order).toEqual(['d', 'a', 'b']);
    expect(filtersChange(state, layout).reordered).toEqual(['d', 'a', 'b']);
  });

  it('sends the order when a new filter is not last', () => {
    const state = run(start(), { type: 'add', kind: 'filter', id: 'n' }, { type: 'move', id: 'n', toIndex: 1 });
    expect(filtersChange(state, layout).reordered).toEqual(['a', 'n', 'b', 'd']);
  });

  it('duplicates next to the source, as a new modified filter', () => {
    const state = run(start(), { type: 'duplicate', id: 'a', newId: 'a2' });
    expect(state.order).toEqual(['a', 'a2', 'b', 'd']);
    const change = filtersChange(state, layout);
    expect(change.modified.map((f) => [f.id, f.name])).toEqual([['a2', 'a (copy)']]);
    expect(change.reordered).toEqual(['a', 'a2', 'b', 'd']);
  });

  it('sends an edited filter in the stored shape', () => {
    const a = start().items.a as FilterForm;
    const state = run(start(), { type: 'update', item: { ...a, name: 'Renamed' } });
    expect(filtersChange(state, layout).modified).toMatchObject([{ id: 'a', name: 'Renamed', targets: [{ datasetId: 1, column: { name: 'c' } }] }]);
  });
});
