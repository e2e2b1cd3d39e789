import { CHART_CONSTANTS, type FormData } from '@tessera/core';
import type { ControlConfig, ExploreDatasource } from '../types';
import { NUMBER_FORMAT_OPTIONS, TIME_FORMAT_OPTIONS } from '../formatters/options';
import { CATEGORICAL_SCHEMES, SEQUENTIAL_SCHEMES } from '../colors/schemes';
import { isTemporalColumnMeta } from '../shared/columnMeta';

/**
 * Control declarations shared by chart types. Names are the form data keys; validators follow spec §5.
 * Plugins spread them and override labels or defaults where their chart needs it.
 */

/** A picked column may be temporal: an ad hoc SQL column (its type is not known before it runs) or a temporal dataset column. */
function mayBeTemporal(value: unknown, datasource: ExploreDatasource | null | undefined): boolean {
  if (value !== null && typeof value === 'object') return true;
  if (typeof value !== 'string' || value === '') return false;
  // Before the dataset's columns are known, nothing is hidden.
  if (!datasource) return true;
  const column = datasource.columns.find((c) => c.column_name === value);
  return column !== undefined && isTemporalColumnMeta(column);
}

/**
 * Superset's displayTimeRelatedControls: the time grain of a chart with an x-axis shows only when the x-axis is an
 * ad hoc column or a temporal dataset column; an empty or categorical x-axis has nothing to bucket.
 */
export const hasTemporalXAxis = (formData: FormData, datasource: ExploreDatasource | null | undefined): boolean => mayBeTemporal(formData.x_axis, datasource);

/**
 * The time grain of a chart without an x-axis (table, pivot table, box plot) shows only when one of its dimension
 * controls holds an ad hoc or temporal column, as Superset's panels for those charts decide.
 */
export const hasTemporalDimension =
  (...keys: string[]) =>
  (formData: FormData, datasource: ExploreDatasource | null | undefined): boolean =>
    keys.some((key) => (Array.isArray(formData[key]) ? (formData[key] as unknown[]) : [formData[key]]).some((value) => mayBeTemporal(value, datasource)));

const pairs = (values: readonly (string | number)[]) => values.map((v) => [v, String(v)] as const);

export const metrics: ControlConfig = { name: 'metrics', type: 'MetricsControl', label: 'Metrics', multi: true, validators: [{ type: 'nonEmpty' }] };
export const metric: ControlConfig = { name: 'metric', type: 'MetricControl', label: 'Metric', validators: [{ type: 'nonEmpty' }] };
export const groupby: ControlConfig = { name: 'groupby', type: 'GroupByControl', label: 'Dimensions', multi: true, description: 'One or many columns to group by.' };
export const columns: ControlConfig = { name: 'columns', type: 'GroupByControl', label: 'Columns', multi: true };
export const adhocFilters: ControlConfig = { name: 'adhoc_filters', type: 'AdhocFilterControl', label: 'Filters', default: [] };
export const xAxis: ControlConfig = { name: 'x_axis', type: 'XAxisControl', label: 'X-axis', validators: [{ type: 'nonEmpty' }] };
export const timeGrain: ControlConfig = {
  name: 'time_grain_sqla',
  type: 'TimeGrainControl',
  label: 'Time grain',
  default: CHART_CONSTANTS.DEFAULT_TIME_GRAIN,
  clearable: true,
  description: 'Bucket the temporal x-axis column by this period.',
  visibility: hasTemporalXAxis,
};
/** The time grain of a chart whose temporal column is one of its dimensions (`keys`), not an x-axis. */
export const dimensionTimeGrain = (...keys: string[]): ControlConfig => ({
  ...timeGrain,
  description: 'Time grain applied to the temporal dimensions.',
  visibility: hasTemporalDimension(...keys),
});
export const timeRange: ControlConfig = { name: 'time_range', type: 'TimeRangeControl', label: 'Time range', default: CHART_CONSTANTS.DEFAULT_TIME_RANGE };
export const granularitySqla: ControlConfig = {
  name: 'granularity_sqla',
  type: 'ColumnControl',
  label: 'Time column',
  clearable: true,
  isTemporal: true,
  description: "The temporal column the time range filters. It starts as the dataset's main datetime column (else its first temporal one).",
};

export const rowLimit: ControlConfig = {
  name: 'row_limit',
  type: 'SelectControl',
  label: 'Row limit',
  freeForm: true,
  default: CHART_CONSTANTS.DEFAULT_ROW_LIMIT,
  choices: pairs(CHART_CONSTANTS.ROW_LIMIT_CHOICES),
  validators: [{ type: 'integer' }, { type: 'minValue', min: 1 }, { type: 'maxValue', max: CHART_CONSTANTS.MAX_ROW_LIMIT }],
};
export const seriesLimit: ControlConfig = {
  name: 'limit',
  type: 'SelectControl',
  label: 'Series limit',
  freeForm: true,
  clearable: true,
  choices: pairs(CHART_CONSTANTS.SERIES_LIMIT_CHOICES),
  validators: [{ type: 'integer' }, { type: 'minValue', min: 1 }],
  description: 'Limits the number of series displayed (ordered by the sort metric).',
};
export const seriesLimitMetric: ControlConfig = { name: 'timeseries_limit_metric', type: 'MetricControl', label: 'Sort by', clearable: true };
export const orderDesc: ControlConfig = { name: 'order_desc', type: 'CheckboxControl', label: 'Sort descending', default: true };

export const colorScheme: ControlConfig = {
  name: 'color_scheme',
  type: 'ColorSchemeControl',
  label: 'Color scheme',
  default: CHART_CONSTANTS.DEFAULT_CATEGORICAL_SCHEME,
  choices: CATEGORICAL_SCHEMES.map((s) => [s.id, s.label] as const),
  renderTrigger: true,
};
export const linearColorScheme: ControlConfig = {
  name: 'linear_color_scheme',
  type: 'SequentialSchemeControl',
  label: 'Linear color scheme',
  default: CHART_CONSTANTS.DEFAULT_SEQUENTIAL_SCHEME,
  choices: SEQUENTIAL_SCHEMES.map((s) => [s.id, s.label] as const),
  renderTrigger: true,
};
export const yAxisFormat: ControlConfig = {
  name: 'y_axis_format',
  type: 'NumberFormatControl',
  label: 'Number format',
  freeForm: true,
  default: CHART_CONSTANTS.DEFAULT_Y_AXIS_FORMAT,
  choices: NUMBER_FORMAT_OPTIONS,
  renderTrigger: true,
};
export const currencyFormat: ControlConfig = { name: 'currency_format', type: 'CurrencyControl', label: 'Currency format', renderTrigger: true };
export const timeFormat = (name: string, label = 'Time format'): ControlConfig => ({
  name,
  type: 'TimeFormatControl',
  label,
  freeForm: true,
  default: 'smart_date',
  choices: TIME_FORMAT_OPTIONS,
  renderTrigger: true,
});
export const checkbox = (name: string, label: string, defaultValue = false, extra: Partial<ControlConfig> = {}): ControlConfig => ({
  name,
  type: 'CheckboxControl',
  label,
  default: defaultValue,
  renderTrigger: true,
  ...extra,
});
export const select = (name: string, label: string, choices: readonly (readonly [string | number | null, string])[], defaultValue: unknown, extra: Partial<ControlConfig> = {}): ControlConfig => ({
  name,
  type: 'SelectControl',
  label,
  choices,
  default: defaultValue,
  ...extra,
});
export const text = (name: string, label: string, defaultValue: unknown = '', extra: Partial<ControlConfig> = {}): ControlConfig => ({
  name,
  type: 'TextControl',
  label,
  default: defaultValue,
  renderTrigger: true,
  ...extra,
});
export const slider = (name: string, label: string, min: number, max: number, step: number, defaultValue: number): ControlConfig => ({
  name,
  type: 'SliderControl',
  label,
  min,
  max,
  step,
  default: defaultValue,
  renderTrigger: true,
});
export const integerText = (name: string, label: string, defaultValue: unknown = '', extra: Partial<ControlConfig> = {}): ControlConfig => ({
  ...text(name, label, defaultValue, extra),
  renderTrigger: false,
  validators: [{ type: 'integer' }],
});

export const showLegend = checkbox('show_legend', 'Show legend', true);
export const legendType = select('legendType', 'Legend type', [['scroll', 'Scroll'], ['plain', 'Plain']], 'scroll', { renderTrigger: true, visibility: (fd) => fd.show_legend !== false });
export const legendOrientation = select(
  'legendOrientation',
  'Legend orientation',
  [['top', 'Top'], ['bottom', 'Bottom'], ['left', 'Left'], ['right', 'Right']],
  'top',
  { renderTrigger: true, visibility: (fd) => fd.show_legend !== false },
);

export const rollingType = select('rolling_type', 'Rolling function', pairs(CHART_CONSTANTS.ROLLING_TYPES), 'None');
const hasRolling = (fd: FormData) => !!fd.rolling_type && fd.rolling_type !== 'None' && fd.rolling_type !== 'cumsum';
export const rollingPeriods = integerText('rolling_periods', 'Periods', '', { visibility: hasRolling });
export const minPeriods = integerText('min_periods', 'Min periods', '', { visibility: hasRolling });
export const timeCompare: ControlConfig = {
  name: 'time_compare',
  type: 'TimeShiftControl',
  label: 'Time shift',
  multi: true,
  freeForm: true,
  default: [],
  choices: pairs(CHART_CONSTANTS.TIME_SHIFT_CHOICES),
  description: 'Overlay results from a relative time period, e.g. "1 week ago".',
};
export const comparisonType = select(
  'comparison_type',
  'Calculation type',
  CHART_CONSTANTS.COMPARISON_TYPES.map((t) => [t, { values: 'Actual values', absolute: 'Difference', percentage: 'Percentage change', ratio: 'Ratio' }[t]] as const),
  'values',
);
export const resampleRule = select('resample_rule', 'Rule', pairs(CHART_CONSTANTS.RESAMPLE_RULES), null, { freeForm: true, clearable: true });
export const resampleMethod = select('resample_method', 'Fill method', pairs(CHART_CONSTANTS.RESAMPLE_METHODS), null, { clearable: true });
export const annotationLayers: ControlConfig = { name: 'annotation_layers', type: 'AnnotationLayerControl', label: 'Annotation layers', default: [] };
export const contributionMode = select('contributionMode', 'Contribution mode', [[null, 'None'], ['row', 'Row'], ['column', 'Series']], null, { clearable: true });
export const conditionalFormatting: ControlConfig = { name: 'conditional_formatting', type: 'ConditionalFormattingControl', label: 'Conditional formatting', default: [], renderTrigger: true };
export const colorPicker: ControlConfig = {
  name: 'color_picker',
  type: 'ColorPickerControl',
  label: 'Fixed color',
  default: CHART_CONSTANTS.DEFAULT_FIXED_COLOR,
  renderTrigger: true,
};
