import { buildQueryContext } from '../../chartQuery/buildQueryContext.js';
import { CHART_CONSTANTS, type AdhocFilter, type FormData, type QueryContextInput, type QueryFilter, type QueryMetric } from '../../contracts/chartData.js';
import { getNumberFormatter, NumberFormats } from '../../format/numberFormat.js';
import type { DataMask, ExtraFormData, FilterState } from '../dataMask.js';
import type { NativeFilterConfig } from '../jsonMetadata.js';

/**
 * What each native filter type emits (facts §4.1, Superset's filter plugins) and the queries that feed the
 * controls (options, range bounds). Pure: the bar and the config modal call these; the server never needs them.
 */

/** Rows an options query asks for (Superset's NATIVE_FILTER_DEFAULT_ROW_LIMIT). */
export const NATIVE_FILTER_DEFAULT_ROW_LIMIT = 1000;

export const NATIVE_FILTER_TYPES = {
  select: 'filter_select',
  range: 'filter_range',
  time: 'filter_time',
  timeColumn: 'filter_timecolumn',
  timeGrain: 'filter_timegrain',
} as const;

/** User-visible texts of the controls (Superset's wording). */
export const FILTER_CONTROL_MESSAGES = {
  valueRequired: 'Value is required',
  excludedSuffix: ' (excluded)',
  validRange: 'Please provide a valid range',
  minAboveMax: 'Minimum value cannot be higher than maximum value',
  nonNumeric: 'Chosen non-numeric column',
  singleMin: 'Filters for values greater than or equal.',
  singleMax: 'Filters for values less than or equal.',
  singleExact: 'Filters for values equal to this exact value.',
} as const;

/** `controlValues.enableSingleValue` of a range filter (Superset's SingleValueType). */
export const SINGLE_VALUE_TYPE = { Minimum: 0, Exact: 1, Maximum: 2 } as const;

export type SelectValue = string | number | boolean | null;
export type RangeValue = [number | null, number | null];

/** The filter's one target column (time range and time grain filters may have none). */
export function filterColumn(filter: NativeFilterConfig): string | undefined {
  return filter.targets?.[0]?.column?.name;
}

export function filterDatasetId(filter: NativeFilterConfig): number | undefined {
  return filter.targets?.[0]?.datasetId;
}

const control = (filter: NativeFilterConfig, key: string): unknown => filter.controlValues?.[key];
const isOn = (filter: NativeFilterConfig, key: string, fallback = false): boolean => {
  const value = control(filter, key);
  return typeof value === 'boolean' ? value : fallback;
};

const mask = (filter: NativeFilterConfig, extraFormData: ExtraFormData, filterState: FilterState): DataMask => ({ id: filter.id, extraFormData, filterState });

const EMPTY_RESULT_ADHOC: AdhocFilter = { expressionType: 'SQL', clause: 'WHERE', sqlExpression: '1 = 0' };

/**
 * A value filter's mask: `IN` (`NOT IN` when inverse) over the chosen values; nothing chosen on a required filter
 * matches no row (`1 = 0`, so charts do not run unfiltered) and says 'Value is required'; otherwise no filter.
 */
export function selectFilterMask(filter: NativeFilterConfig, values: readonly SelectValue[] | null | undefined): DataMask {
  const col = filterColumn(filter) ?? '';
  const chosen = [...(values ?? [])];
  const inverse = isOn(filter, 'inverseSelection');
  const required = isOn(filter, 'enableEmptyFilter');
  if (chosen.length === 0) {
    // Superset: an inverse selection of nothing excludes nothing, so only a plain required filter blocks.
    if (required && !inverse) {
      return mask(
        filter,
        { adhoc_filters: [EMPTY_RESULT_ADHOC] },
        { value: null, validateStatus: 'error', validateMessage: FILTER_CONTROL_MESSAGES.valueRequired },
      );
    }
    return mask(filter, {}, { value: null });
  }
  const label = chosen.map((v) => (v === null ? '<NULL>' : String(v))).join(', ') + (inverse ? FILTER_CONTROL_MESSAGES.excludedSuffix : '');
  return mask(filter, { filters: [{ col, op: inverse ? 'NOT IN' : 'IN', val: chosen }] }, { value: chosen, label });
}

const smartNumber = getNumberFormatter(NumberFormats.SMART_NUMBER);

/** Superset's range label: `x = v`, `a ≤ x ≤ b`, `x ≥ a` or `x ≤ b`. */
export function rangeFilterLabel(lower: number | null, upper: number | null, exact = false): string {
  if ((exact && lower !== null) || (lower !== null && lower === upper)) return `x = ${smartNumber(lower)}`;
  if (lower !== null && upper !== null) return `${smartNumber(lower)} ≤ x ≤ ${smartNumber(upper)}`;
  if (lower !== null) return `x ≥ ${smartNumber(lower)}`;
  if (upper !== null) return `x ≤ ${smartNumber(upper)}`;
  return '';
}

const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * A numerical range filter's mask. Single-value modes read one end: Minimum the lower (`>=`), Exact the lower
 * (`==`), Maximum the upper (`<=`). Both ends equal give `==`. A half-filled range is an error unless the filter
 * is optional and in a single-value mode; a required filter with no value is an error too.
 */
export function rangeFilterMask(filter: NativeFilterConfig, value: readonly (number | null)[] | null | undefined): DataMask {
  const col = filterColumn(filter) ?? '';
  const single = control(filter, 'enableSingleValue');
  const required = isOn(filter, 'enableEmptyFilter');
  let lower = finite(value?.[0]);
  let upper = finite(value?.[1]);
  if (single === SINGLE_VALUE_TYPE.Minimum) upper = null;
  if (single === SINGLE_VALUE_TYPE.Maximum) lower = null;
  if (single === SINGLE_VALUE_TYPE.Exact) upper = lower;
  const isSingle = single === SINGLE_VALUE_TYPE.Minimum || single === SINGLE_VALUE_TYPE.Exact || single === SINGLE_VALUE_TYPE.Maximum;
  const error = (message: string) => mask(filter, {}, { value: null, label: '', validateStatus: 'error', validateMessage: message });
  if (lower === null && upper === null) return required ? error(FILTER_CONTROL_MESSAGES.valueRequired) : mask(filter, {}, { value: [null, null], label: '' });
  if (!isSingle && (lower === null || upper === null)) return error(FILTER_CONTROL_MESSAGES.validRange);
  if (lower !== null && upper !== null && lower > upper) return error(FILTER_CONTROL_MESSAGES.minAboveMax);
  const filters: QueryFilter[] = [];
  if (lower !== null && lower === upper) filters.push({ col, op: '==', val: lower });
  else {
    if (lower !== null) filters.push({ col, op: '>=', val: lower });
    if (upper !== null) filters.push({ col, op: '<=', val: upper });
  }
  const emitted: ExtraFormData = { filters: filters.map((f) => ({ col, op: f.op, val: f.val })) };
  return mask(filter, emitted, { value: [lower, upper], label: rangeFilterLabel(lower, upper, single === SINGLE_VALUE_TYPE.Exact) });
}

/** A time range filter's mask: `time_range` (the explorer's grammar); no value or 'No filter' emits nothing. */
export function timeRangeFilterMask(filter: NativeFilterConfig, timeRange: string | null | undefined): DataMask {
  const text = timeRange?.trim() ?? '';
  if (!text || text === CHART_CONSTANTS.DEFAULT_TIME_RANGE) {
    return isOn(filter, 'enableEmptyFilter')
      ? mask(filter, {}, { value: null, validateStatus: 'error', validateMessage: FILTER_CONTROL_MESSAGES.valueRequired })
      : mask(filter, {}, { value: null });
  }
  return mask(filter, { time_range: text }, { value: text, label: text });
}

/** A time column filter's mask: the charts' time column (`granularity_sqla`). */
export function timeColumnFilterMask(filter: NativeFilterConfig, column: string | null | undefined): DataMask {
  if (!column) return mask(filter, {}, { value: null });
  return mask(filter, { granularity_sqla: column }, { value: [column], label: column });
}

/** A time grain filter's mask: the charts' time grain (`time_grain_sqla`, e.g. P1D); `label` names it for the badge. */
export function timeGrainFilterMask(filter: NativeFilterConfig, grain: string | null | undefined, label?: string): DataMask {
  if (!grain) return mask(filter, {}, { value: null });
  return mask(filter, { time_grain_sqla: grain }, { value: [grain], label: label ?? grain });
}

/** `%`, `_` and the backslash escaped (the compiler's LIKE patterns use `ESCAPE '\'` on every engine). */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The form data every filter query starts from: the target dataset, the pre-filter and the parents' values. */
function filterFormData(filter: NativeFilterConfig, parentExtraFormData: ExtraFormData | undefined): FormData {
  const datasetId = filterDatasetId(filter);
  if (datasetId === undefined) throw new Error(`The filter "${filter.name ?? filter.id}" has no dataset.`);
  const column = filterColumn(filter);
  return {
    datasource: `${datasetId}__table`,
    viz_type: filter.filterType ?? NATIVE_FILTER_TYPES.select,
    ...(column ? { groupby: [column] } : {}),
    metrics: [],
    adhoc_filters: Array.isArray(filter.adhoc_filters) ? (filter.adhoc_filters as AdhocFilter[]) : [],
    time_range: typeof filter.time_range === 'string' && filter.time_range ? filter.time_range : CHART_CONSTANTS.DEFAULT_TIME_RANGE,
    ...(typeof filter.granularity_sqla === 'string' && filter.granularity_sqla ? { granularity_sqla: filter.granularity_sqla } : {}),
    extra_form_data: parentExtraFormData ?? {},
    row_limit: NATIVE_FILTER_DEFAULT_ROW_LIMIT,
    native_filter_id: filter.id,
  } as FormData;
}

export interface FilterOptionsQueryOptions {
  /** Server-side search text ("Dynamically search all filter values"): an ILIKE '%text%' filter. */
  search?: string;
  parentExtraFormData?: ExtraFormData;
  /** The column holds text: ILIKE applies (numbers and dates are searched only when the text is a number, as Superset). */
  textColumn?: boolean;
}

/**
 * A value filter's options query: the distinct values of its column (groupby, no metric unless sorted by one),
 * at most 1000, sorted by the column (or `sortMetric`) in `sortAscending` order, narrowed by the pre-filter,
 * its time range and the cascade parents' values. No slice_id: it is no chart.
 */
export function filterOptionsQuery(filter: NativeFilterConfig, options: FilterOptionsQueryOptions = {}): QueryContextInput {
  const column = filterColumn(filter);
  if (!column) throw new Error(`The filter "${filter.name ?? filter.id}" has no column.`);
  const ascending = isOn(filter, 'sortAscending', true);
  const sortMetric = typeof filter.sortMetric === 'string' && filter.sortMetric ? filter.sortMetric : undefined;
  const search = options.search?.trim() ?? '';
  const searchable = search !== '' && (options.textColumn !== false || !Number.isNaN(Number(search)));
  return buildQueryContext(filterFormData(filter, options.parentExtraFormData), (base) => [
    {
      ...base,
      columns: [column],
      metrics: sortMetric ? [sortMetric] : [],
      filters: [...(base.filters ?? []), ...(searchable ? [{ col: column, op: 'ILIKE' as const, val: `%${escapeLikePattern(search)}%` }] : [])],
      orderby: [[(sortMetric ?? column) as QueryMetric, ascending]],
      row_limit: NATIVE_FILTER_DEFAULT_ROW_LIMIT,
    },
  ]);
}

/** A range filter's bounds query: MIN and MAX of its column (labels `min`, `max`), under the same narrowing. */
export function rangeBoundsQuery(filter: NativeFilterConfig, parentExtraFormData?: ExtraFormData): QueryContextInput {
  const column = filterColumn(filter);
  if (!column) throw new Error(`The filter "${filter.name ?? filter.id}" has no column.`);
  const metric = (aggregate: 'MIN' | 'MAX', label: string): QueryMetric => ({ expressionType: 'SIMPLE', column: { column_name: column }, aggregate, label });
  return buildQueryContext(filterFormData(filter, parentExtraFormData), (base) => [
    { ...base, columns: [], metrics: [metric('MIN', 'min'), metric('MAX', 'max')], orderby: [], row_limit: 1 },
  ]);
}

/** The time grain filter's choices (spec §9: 5 seconds ... year), Superset's ids and names. */
export const FILTER_TIME_GRAINS: readonly { id: string; name: string }[] = [
  { id: 'PT5S', name: '5 second' },
  { id: 'PT30S', name: '30 second' },
  { id: 'PT1M', name: 'Minute' },
  { id: 'PT5M', name: '5 minute' },
  { id: 'PT30M', name: '30 minute' },
  { id: 'PT1H', name: 'Hour' },
  { id: 'PT6H', name: '6 hour' },
  { id: 'P1D', name: 'Day' },
  { id: 'P7D', name: '7 day' },
  { id: 'P1W', name: 'Week' },
  { id: '1969-12-28T00:00:00Z/P1W', name: 'Week starting Sunday' },
  { id: 'P1W/1970-01-03T00:00:00Z', name: 'Week ending Saturday' },
  { id: 'P1M', name: 'Month' },
  { id: 'P3M', name: 'Quarter' },
  { id: 'P1Y', name: 'Year' },
];
export const FILTER_DEFAULT_TIME_GRAIN = 'P1D';
