import {
  CHART_CONSTANTS,
  FILTER_OPERATORS,
  type AdhocFilter,
  type FormData,
  type QueryColumn,
  type QueryFilter,
  type QueryMetric,
  type QueryObject,
} from '../contracts/chartData.js';
import { ensureIsArray } from './ensureIsArray.js';
import { overrideExtraFormData } from './extraFormData.js';
import { extractQueryFields } from './extractQueryFields.js';
import { getColumnLabel, isAdhocColumn } from './getColumnLabel.js';
import { processFilters } from './processFilters.js';
import { isXAxisSet } from './xAxis.js';

/** Legacy `extra_filters` entries on these pseudo columns set time fields instead of filtering. */
const RESERVED_TIME_COLUMNS: Readonly<Record<string, 'time_range' | 'granularity_sqla' | 'time_grain_sqla' | 'granularity'>> = {
  __time_range: 'time_range',
  __time_col: 'granularity_sqla',
  __time_grain: 'time_grain_sqla',
  __granularity: 'granularity',
};

function toNumber(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function nonEmptyMetric(value: unknown): QueryMetric | undefined {
  if (typeof value === 'string') return value.length > 0 ? value : undefined;
  if (typeof value === 'object' && value !== null) return value as QueryMetric;
  return undefined;
}

/** The column a dashboard/form time range applies to: an explicit time column, else the legacy granularity, else the x-axis. */
function temporalColumn(formData: FormData, override: unknown): QueryColumn | undefined {
  if (typeof override === 'string' && override) return override;
  if (typeof formData.granularity_sqla === 'string' && formData.granularity_sqla) return formData.granularity_sqla;
  if (isXAxisSet(formData)) return formData.x_axis as QueryColumn;
  return undefined;
}

function sameColumn(a: QueryColumn, b: QueryColumn): boolean {
  if (isAdhocColumn(a) && isAdhocColumn(b)) return a.sqlExpression === b.sqlExpression;
  return getColumnLabel(a) === getColumnLabel(b);
}

/**
 * Makes the time range a TEMPORAL_RANGE filter, the way Superset 2.1+ charts carry it. A dashboard time range
 * (extra_form_data.time_range) replaces the range of every TEMPORAL_RANGE filter the chart already has; a range
 * with no filter on the time column yet gets one.
 */
function applyTimeRange(filters: QueryFilter[], timeRange: string, overridden: boolean, column: QueryColumn | undefined): QueryFilter[] {
  const result = filters.map((f) => (overridden && f.op === FILTER_OPERATORS.TEMPORAL_RANGE ? { ...f, val: timeRange } : f));
  if (!column || timeRange === CHART_CONSTANTS.DEFAULT_TIME_RANGE) return result;
  const present = result.some((f) => f.op === FILTER_OPERATORS.TEMPORAL_RANGE && sameColumn(f.col, column));
  if (!present) result.push({ col: column, op: FILTER_OPERATORS.TEMPORAL_RANGE, val: timeRange });
  return result;
}

/**
 * The part of a query object every chart shares, derived from form data: fields, filters (own, legacy extra
 * filters and dashboard `extra_form_data`), time settings, limits and ordering hints. Chart buildQuery functions
 * start from it and add their own columns, orderby and post-processing.
 */
export function buildQueryObject(formData: FormData): QueryObject {
  const extraFormData = (formData.extra_form_data ?? {}) as Record<string, unknown>;
  const { adhoc_filters: appendAdhoc, filters: appendFilters, custom_form_data: customFormData, ...overrides } = extraFormData;

  // Legacy extra_filters: reserved columns set time fields, the rest are ordinary filters.
  const time: Record<string, unknown> = {};
  const appliedTimeExtras: Record<string, unknown> = {};
  const extraFilters: QueryFilter[] = [];
  for (const filter of ensureIsArray(formData.extra_filters as QueryFilter[] | undefined)) {
    const field = typeof filter.col === 'string' ? RESERVED_TIME_COLUMNS[filter.col] : undefined;
    if (field) {
      time[field] = filter.val;
      appliedTimeExtras[filter.col as string] = filter.val;
    } else extraFilters.push(filter);
  }

  const granularity = (time.granularity_sqla ?? formData.granularity ?? formData.granularity_sqla ?? undefined) as string | undefined;
  const timeGrain = (time.time_grain_sqla ?? formData.time_grain_sqla ?? undefined) as string | undefined;
  const overriddenTimeRange = typeof overrides.time_range === 'string' ? overrides.time_range : undefined;
  const timeRange = overriddenTimeRange ?? (time.time_range as string | undefined) ?? formData.time_range ?? CHART_CONSTANTS.DEFAULT_TIME_RANGE;

  const { filters, extras } = processFilters({
    filters: [...extraFilters, ...ensureIsArray(appendFilters as QueryFilter[] | undefined)],
    adhoc_filters: [...ensureIsArray(formData.adhoc_filters), ...ensureIsArray(appendAdhoc as AdhocFilter[] | undefined)],
    where: typeof formData.where === 'string' ? formData.where : undefined,
    having: typeof formData.having === 'string' ? formData.having : undefined,
  });
  if (timeGrain) extras.time_grain_sqla = timeGrain;

  const { columns, metrics, orderby } = extractQueryFields(formData);
  const rowLimit = toNumber(formData.row_limit) ?? CHART_CONSTANTS.DEFAULT_ROW_LIMIT;
  const rowOffset = toNumber(formData.row_offset);
  const seriesLimit = toNumber(formData.series_limit) ?? toNumber(formData.limit) ?? 0;
  const seriesLimitMetric = nonEmptyMetric(formData.series_limit_metric) ?? nonEmptyMetric(formData.timeseries_limit_metric);
  const timeColumnOverride = overrides.time_column ?? overrides.granularity_sqla;

  let query: QueryObject = {
    time_range: timeRange,
    ...(granularity ? { granularity } : {}),
    filters: applyTimeRange(filters, timeRange, overriddenTimeRange !== undefined, temporalColumn(formData, timeColumnOverride)),
    extras,
    ...(Object.keys(appliedTimeExtras).length > 0 ? { applied_time_extras: appliedTimeExtras } : {}),
    columns,
    ...(metrics ? { metrics } : {}),
    ...(orderby ? { orderby: orderby as QueryObject['orderby'] } : {}),
    annotation_layers: ensureIsArray(formData.annotation_layers as unknown[] | undefined),
    row_limit: rowLimit,
    ...(rowOffset !== undefined ? { row_offset: rowOffset } : {}),
    ...(Array.isArray(formData.series_columns) ? { series_columns: formData.series_columns as QueryColumn[] } : {}),
    series_limit: seriesLimit,
    ...(seriesLimitMetric ? { series_limit_metric: seriesLimitMetric } : {}),
    order_desc: typeof formData.order_desc === 'boolean' ? formData.order_desc : true,
    url_params: formData.url_params ?? {},
    custom_params: (formData.custom_params as Record<string, unknown> | undefined) ?? {},
  };
  query = overrideExtraFormData(query, overrides);
  if (customFormData && typeof customFormData === 'object') query.custom_form_data = customFormData as Record<string, unknown>;
  return query;
}
