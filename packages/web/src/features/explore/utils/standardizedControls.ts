import type { FormData } from '@tessera/core';
import type { ControlConfig } from '../../../viz/types';
import { cloneJson } from './controls';

/**
 * Spec §4 "standardises controls" (Superset's StandardizedFormData): when the viz type changes, the old chart's
 * dimensions and metrics are gathered into two ordered lists, whatever its controls are called, and handed out
 * to the new chart's dimension and metric controls.
 */

/** Form data keys that hold a chart's dimensions, in the order they are gathered (pivot rows before columns). */
export const DIMENSION_KEYS = ['groupby', 'columns', 'groupbyRows', 'groupbyColumns', 'entity', 'series', 'source', 'target'] as const;
/** Form data keys that hold a chart's metrics, in the order they are gathered. */
export const METRIC_KEYS = ['metrics', 'metric', 'x', 'y', 'size', 'secondary_metric'] as const;

export interface StandardizedState {
  columns: unknown[];
  metrics: unknown[];
}

export const EMPTY_STANDARDIZED_STATE: StandardizedState = { columns: [], metrics: [] };

/** Columns and metrics are names or adhoc objects: compare them by value. */
const keyOf = (item: unknown) => (typeof item === 'string' ? item : JSON.stringify(item));

const asList = (value: unknown): unknown[] => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value]);

function gather(formData: FormData, keys: readonly string[]): unknown[] {
  const seen = new Set<string>();
  const items: unknown[] = [];
  for (const key of keys) {
    for (const item of asList(formData[key])) {
      if (item === null || item === '' || seen.has(keyOf(item))) continue;
      seen.add(keyOf(item));
      items.push(item);
    }
  }
  return items;
}

/**
 * The dimensions and metrics of `formData`. A chart with no control of a kind (a big number has no dimensions)
 * passes on the ones it was given (`previous`), so Table → Big Number → Pie keeps the table's dimensions.
 */
export function standardizedState(formData: FormData, previous: StandardizedState = EMPTY_STANDARDIZED_STATE): StandardizedState {
  const holds = (keys: readonly string[]) => keys.some((key) => key in formData);
  return {
    columns: holds(DIMENSION_KEYS) ? gather(formData, DIMENSION_KEYS) : previous.columns,
    metrics: holds(METRIC_KEYS) ? gather(formData, METRIC_KEYS) : previous.metrics,
  };
}

/** Whether the control takes a single item (a column or metric) rather than a list of them. */
const takesOne = (control: ControlConfig) => (control.type === 'GroupByControl' ? control.multi === false : !control.multi && control.type !== 'MetricsControl');
/** Whether the control's value is a list (a group-by control holds one even when it takes one column). */
const holdsList = (control: ControlConfig) => control.type === 'GroupByControl' || control.type === 'MetricsControl' || Boolean(control.multi);

const COLUMN_CONTROLS = new Set<ControlConfig['type']>(['GroupByControl', 'ColumnControl']);
const METRIC_CONTROLS = new Set<ControlConfig['type']>(['MetricsControl', 'MetricControl']);

/**
 * The new chart's controls that receive `keys`' items, in panel order: every control of `types` named after one of
 * the keys, unless it opts out (`standardized: false`, e.g. the box plot's "Distribute across").
 */
const receivers = (controls: ControlConfig[], keys: readonly string[], types: Set<ControlConfig['type']>) =>
  controls.filter((c) => keys.includes(c.name) && types.has(c.type) && c.standardized !== false);

/**
 * Hands the gathered items out to the receiving controls. Each control first keeps the items it held when the user
 * last had this viz type (so Pivot → Table → Pivot keeps rows and columns apart); then, in panel order, a control
 * taking one item gets the next free one and the first list control gets all the others. Nothing when there are no
 * items: the controls then keep their remembered or default values.
 */
function distribute(items: unknown[], controls: ControlConfig[], remembered: FormData | undefined): Record<string, unknown> {
  if (items.length === 0 || controls.length === 0) return {};
  const owner = new Map<string, string>();
  for (const control of controls) {
    const held = new Set(asList(remembered?.[control.name]).map(keyOf));
    const claims = items.filter((item) => held.has(keyOf(item)) && !owner.has(keyOf(item)));
    for (const item of takesOne(control) ? claims.slice(0, 1) : claims) owner.set(keyOf(item), control.name);
  }
  const values: Record<string, unknown> = {};
  let listFilled = false;
  for (const control of controls) {
    let taken: unknown[];
    if (takesOne(control)) {
      const item = items.find((i) => owner.get(keyOf(i)) === control.name) ?? items.find((i) => !owner.has(keyOf(i)));
      taken = item === undefined ? [] : [item];
    } else {
      taken = items.filter((i) => owner.get(keyOf(i)) === control.name || (!listFilled && !owner.has(keyOf(i))));
      listFilled = true;
    }
    for (const item of taken) owner.set(keyOf(item), control.name);
    values[control.name] = cloneJson(holdsList(control) ? taken : (taken[0] ?? null));
  }
  return values;
}

/** The new chart's dimension and metric control values taken from `state` (only the controls it fills). */
export function standardizedValues(state: StandardizedState, controls: ControlConfig[], remembered?: FormData): Record<string, unknown> {
  return {
    ...distribute(state.columns, receivers(controls, DIMENSION_KEYS, COLUMN_CONTROLS), remembered),
    ...distribute(state.metrics, receivers(controls, METRIC_KEYS, METRIC_CONTROLS), remembered),
  };
}
