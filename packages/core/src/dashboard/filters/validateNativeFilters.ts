import type { NativeFilterConfig } from '../jsonMetadata.js';

/**
 * Native filter configuration checks shared by the config modal and the server's save (spec §5, facts §4.1).
 * Field keys are the config form's own (Superset's FiltersConfigForm names), so the modal can show each message
 * under its field.
 */

/** Superset's wording for each field error. */
export const NATIVE_FILTER_MESSAGES = {
  nameRequired: 'Name is required',
  titleRequired: 'Title is required',
  datasetRequired: 'Dataset is required',
  columnRequired: 'Column is required',
  cyclicHierarchy: 'Cannot create cyclic hierarchy',
  rangeMinAboveMax: 'Minimum value cannot be higher than maximum value',
  unknownParent: (id: string) => `Parent filter ${id} does not exist`,
} as const;

/** Filter types whose options come from a dataset (time range and time grain work without one). */
export const FILTER_TYPES_WITH_DATASET: readonly string[] = ['filter_select', 'filter_range', 'filter_timecolumn'];
/** Filter types that filter one column of their dataset. */
export const FILTER_TYPES_WITH_COLUMN: readonly string[] = ['filter_select', 'filter_range'];

/** Field errors by filter id, then by field (`name`, `title`, `dataset`, `column`, `defaultDataMask`, `parentFilter`). */
export type NativeFilterErrors = Record<string, Record<string, string>>;

export interface ValidateNativeFiltersOptions {
  /** Filters pending removal in the modal: not checked, and no longer valid as parents. */
  removed?: readonly string[];
}

const parentsOf = (f: NativeFilterConfig): string[] => (Array.isArray(f.cascadeParentIds) ? f.cascadeParentIds.filter((p): p is string => typeof p === 'string') : []);

/**
 * The ids of one cycle in the cascade (child -> parent) graph, in parent order starting from the first filter
 * of the list on it, or null when there is none. A filter that is its own parent is a cycle of one.
 */
export function findCascadeCycle(filters: readonly NativeFilterConfig[]): string[] | null {
  const parents = new Map(filters.map((f) => [f.id, parentsOf(f)]));
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  // Depth first with an explicit stack of iterators: a long chain of parents must not overflow the call stack.
  for (const start of filters) {
    if (state.has(start.id)) continue;
    const stack: { id: string; next: number }[] = [{ id: start.id, next: 0 }];
    state.set(start.id, 'open');
    path.push(start.id);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const edges = parents.get(top.id) ?? [];
      if (top.next >= edges.length) {
        state.set(top.id, 'done');
        stack.pop();
        path.pop();
        continue;
      }
      const parent = edges[top.next]!;
      top.next += 1;
      if (!parents.has(parent)) continue;
      if (state.get(parent) === 'open') return path.slice(path.indexOf(parent));
      if (state.get(parent) === 'done') continue;
      state.set(parent, 'open');
      path.push(parent);
      stack.push({ id: parent, next: 0 });
    }
  }
  return null;
}

function rangeBounds(f: NativeFilterConfig): [unknown, unknown] | null {
  const value = f.defaultDataMask?.filterState?.value ?? f.controlValues?.defaultValue;
  return Array.isArray(value) && value.length === 2 ? [value[0], value[1]] : null;
}

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

/**
 * Field errors of a native filter configuration (empty object: valid). Checks names and divider titles, the
 * dataset and column a filter type needs, a range default whose minimum exceeds its maximum, cascade parents that
 * do not exist and cascade cycles.
 */
export function validateNativeFilterConfig(filters: readonly NativeFilterConfig[], opts: ValidateNativeFiltersOptions = {}): NativeFilterErrors {
  const removed = new Set(opts.removed ?? []);
  const live = filters.filter((f) => !removed.has(f.id));
  const ids = new Set(live.filter((f) => f.type === 'NATIVE_FILTER').map((f) => f.id));
  const errors: NativeFilterErrors = {};
  const add = (id: string, field: string, message: string) => {
    errors[id] ??= {};
    errors[id][field] ??= message;
  };
  for (const f of live) {
    if (f.type === 'DIVIDER') {
      if (blank(f.title)) add(f.id, 'title', NATIVE_FILTER_MESSAGES.titleRequired);
      continue;
    }
    if (blank(f.name)) add(f.id, 'name', NATIVE_FILTER_MESSAGES.nameRequired);
    const target = Array.isArray(f.targets) ? f.targets[0] : undefined;
    const filterType = f.filterType ?? '';
    if (FILTER_TYPES_WITH_DATASET.includes(filterType) && typeof target?.datasetId !== 'number' && blank(target?.datasetUuid)) {
      add(f.id, 'dataset', NATIVE_FILTER_MESSAGES.datasetRequired);
    }
    if (FILTER_TYPES_WITH_COLUMN.includes(filterType) && blank(target?.column?.name)) add(f.id, 'column', NATIVE_FILTER_MESSAGES.columnRequired);
    if (filterType === 'filter_range') {
      const bounds = rangeBounds(f);
      if (bounds && typeof bounds[0] === 'number' && typeof bounds[1] === 'number' && bounds[0] > bounds[1]) {
        add(f.id, 'defaultDataMask', NATIVE_FILTER_MESSAGES.rangeMinAboveMax);
      }
    }
    for (const parent of parentsOf(f)) if (!ids.has(parent)) add(f.id, 'parentFilter', NATIVE_FILTER_MESSAGES.unknownParent(parent));
  }
  // Every cycle, not only the first: each round takes the filters of one cycle out, so the loop ends.
  let rest = live;
  for (let cycle = findCascadeCycle(rest); cycle; cycle = findCascadeCycle(rest)) {
    const inCycle = new Set(cycle);
    for (const id of cycle) add(id, 'parentFilter', NATIVE_FILTER_MESSAGES.cyclicHierarchy);
    rest = rest.filter((f) => !inCycle.has(f.id));
  }
  return errors;
}

/** The filter as it is stored: names, divider titles and divider descriptions trimmed (spec §5). */
export function normalizeNativeFilter<T extends NativeFilterConfig>(f: T): T {
  const out: T = { ...f };
  if (typeof f.name === 'string') out.name = f.name.trim();
  if (f.type === 'DIVIDER') {
    if (typeof f.title === 'string') out.title = f.title.trim();
    if (typeof f.description === 'string') out.description = f.description.trim();
  }
  return out;
}
