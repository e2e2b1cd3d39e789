import type { FormData, QueryMetric } from '@tessera/core';
import type { ControlConfig } from '../../../viz/types';
import { cloneJson, controlsByName, defaultValueOf } from './controls';
import { standardizeSelectValue } from './selectValue';

/** Keys every chart type shares when the viz type changes (spec §3 form data keys), besides a plugin's own list. */
export const SHARED_FORM_DATA_KEYS = [
  'adhoc_filters',
  'time_range',
  'granularity_sqla',
  'time_grain_sqla',
  'row_limit',
  'limit',
  'color_scheme',
  'x_axis',
  'groupby',
  'columns',
  'metrics',
  'metric',
  'orderby',
  'order_desc',
  'y_axis_format',
  'currency_format',
] as const;

/** Keys that are not controls but belong to the chart (kept whatever the viz type). */
const IDENTITY_KEYS = ['datasource', 'slice_id', 'url_params', 'dashboards'] as const;

const hasValue = (value: unknown) => value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0) && value !== '';

/** The value the new chart's `name` control takes from the old form data, with metric↔metrics and groupby↔columns. */
function carriedValue(name: string, old: FormData, newControls: Record<string, ControlConfig>): unknown {
  if (name === 'metric' && !hasValue(old.metric) && Array.isArray(old.metrics) && old.metrics.length > 0) return old.metrics[0];
  if (name === 'metrics' && !hasValue(old.metrics) && hasValue(old.metric)) return [old.metric as QueryMetric];
  // 'columns' means dimensions in some charts (table, pivot) and groupby in others; carry it only where the new chart has no groupby.
  if (name === 'groupby' && !hasValue(old.groupby) && hasValue(old.columns)) return old.columns;
  if (name === 'columns' && !newControls.groupby && !hasValue(old.columns) && hasValue(old.groupby)) return old.groupby;
  return old[name];
}

export interface VizTypeChange {
  formData: FormData;
  /** The old viz type's form data, to remember. */
  remembered: FormData;
}

/**
 * Spec §4: changing the viz type transfers and standardises controls, remembering form data per viz type. The new
 * form data starts from what the user last had for that viz type (or its defaults) and takes the shared values.
 */
export function transferVizType(
  current: FormData,
  vizType: string,
  newControls: ControlConfig[],
  transferable: readonly string[] = [],
  rememberedForNew?: FormData,
): VizTypeChange {
  const byName = controlsByName(newControls);
  const shared = new Set<string>([...SHARED_FORM_DATA_KEYS, ...transferable]);
  const next: FormData = { datasource: current.datasource, viz_type: vizType };
  for (const key of IDENTITY_KEYS) if (current[key] !== undefined) (next as Record<string, unknown>)[key] = current[key];

  for (const control of newControls) {
    const remembered = rememberedForNew?.[control.name];
    let value: unknown = remembered !== undefined ? remembered : defaultValueOf(control);
    if (shared.has(control.name)) {
      const carried = carriedValue(control.name, current, byName);
      if (hasValue(carried)) value = cloneJson(carried);
    }
    if (control.type === 'SelectControl' || control.type === 'RadioButtonControl') value = standardizeSelectValue(control, value);
    if (control.type === 'MetricControl' && Array.isArray(value)) value = value[0] ?? null;
    if (control.type === 'MetricsControl' && value !== null && value !== undefined && !Array.isArray(value)) value = [value];
    next[control.name] = value;
  }
  return { formData: next, remembered: current };
}
