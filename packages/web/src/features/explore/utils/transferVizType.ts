import type { FormData } from '@tessera/core';
import type { ControlConfig, ExploreDatasource } from '../../../viz/types';
import { cloneJson, defaultValueOf } from './controls';
import { standardizeSelectValue } from './selectValue';
import { standardizedState, standardizedValues, type StandardizedState } from './standardizedControls';
import { withDefaultXAxis, withTemporalColumnsLookup } from './temporalColumn';
import { withDefaultTimeColumn, withTemporalRangeFilter, withTimeRangeFromFilter } from './temporalFilter';

/**
 * Keys every chart type shares when the viz type changes (spec §3 form data keys), besides a plugin's own list.
 * Dimensions and metrics (groupby, columns, metric, metrics ...) are not among them: they are standardised, see
 * standardizedControls.ts.
 */
export const SHARED_FORM_DATA_KEYS = [
  'adhoc_filters',
  'time_range',
  'granularity_sqla',
  'time_grain_sqla',
  'row_limit',
  'limit',
  'color_scheme',
  'x_axis',
  'orderby',
  'order_desc',
  'y_axis_format',
  'currency_format',
] as const;

/** Keys that are not controls but belong to the chart (kept whatever the viz type). */
const IDENTITY_KEYS = ['datasource', 'slice_id', 'url_params', 'dashboards'] as const;

const hasValue = (value: unknown) => value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0) && value !== '';

/** The chart type switched to. */
export interface VizTypeTarget {
  vizType: string;
  /** Its controls (from its plugin's control panel). */
  controls: ControlConfig[];
  /** Keys its panel shares besides SHARED_FORM_DATA_KEYS. */
  transferable?: readonly string[];
  /** The form data the user last had for this viz type. */
  remembered?: FormData | undefined;
  /** Dimensions and metrics passed on by the charts before the current one. */
  standardized?: StandardizedState | undefined;
  /** For the x-axis's default time column. */
  datasource?: ExploreDatasource | null | undefined;
}

export interface VizTypeChange {
  formData: FormData;
  /** The old viz type's form data, to remember. */
  remembered: FormData;
  /** The old chart's dimensions and metrics, to pass on at the next change. */
  standardized: StandardizedState;
}

/**
 * Spec §4: changing the viz type transfers and standardises controls, remembering form data per viz type. The new
 * form data starts from what the user last had for that viz type (or its defaults), takes the shared values and
 * the old chart's dimensions and metrics, and an empty x-axis gets the dataset's time column.
 */
export function transferVizType(current: FormData, target: VizTypeTarget): VizTypeChange {
  const { vizType, controls, transferable = [], remembered: rememberedForNew, datasource } = target;
  const shared = new Set<string>([...SHARED_FORM_DATA_KEYS, ...transferable]);
  // Copied: the values may be drafts of the explore state.
  const standardized = cloneJson(standardizedState(current, target.standardized));
  const dimensionsAndMetrics = standardizedValues(standardized, controls, rememberedForNew);
  const next: FormData = { datasource: current.datasource, viz_type: vizType };
  for (const key of IDENTITY_KEYS) if (current[key] !== undefined) (next as Record<string, unknown>)[key] = current[key];

  for (const control of controls) {
    const remembered = rememberedForNew?.[control.name];
    let value: unknown = remembered !== undefined ? remembered : defaultValueOf(control, current);
    if (control.name in dimensionsAndMetrics) value = dimensionsAndMetrics[control.name];
    else if (shared.has(control.name) && hasValue(current[control.name])) value = cloneJson(current[control.name]);
    if (control.type === 'SelectControl' || control.type === 'RadioButtonControl') value = standardizeSelectValue(control, value);
    if (control.type === 'MetricControl' && Array.isArray(value)) value = value[0] ?? null;
    if (control.type === 'MetricsControl' && value !== null && value !== undefined && !Array.isArray(value)) value = [value];
    next[control.name] = value;
  }
  const withXAxis = withDefaultXAxis(next, controls, datasource, next.granularity_sqla ?? current.granularity_sqla);
  // The time range moves between a Time range control (time_range on the Time column) and a TEMPORAL_RANGE filter,
  // whichever the new chart type holds it in. Only a chart with the control has time_range in its form data.
  const withRangeControl = withDefaultTimeColumn(withTimeRangeFromFilter(withXAxis, controls, datasource), controls, datasource);
  const formData = withTemporalRangeFilter(withRangeControl, controls, datasource, {
    timeRange: current.time_range,
    timeColumn: current.granularity_sqla,
    fromControl: typeof current.time_range === 'string',
    addDefault: () => true,
  });
  return {
    formData: withTemporalColumnsLookup(formData, controls, datasource),
    remembered: current,
    standardized,
  };
}
