import { FILTER_OPERATORS, getColumnLabel, normalizeFilterOperator, type AdhocFilter, type FormData, type QueryColumn } from '@tessera/core';
import { isTemporalColumnMeta } from '../../../viz/shared/columnMeta';
import type { ControlConfig, ExploreDatasource } from '../../../viz/types';
import { defaultTemporalColumn } from './temporalColumn';
import { NO_FILTER } from './timeRange';

/**
 * Time ranges as Superset's GENERIC_CHART_AXES charts hold them: a chart with no "Time range" control (time-series,
 * table...) carries its range as a TEMPORAL_RANGE filter in Filters; the older chart types with a Time section
 * (pie, pivot table...) carry it in time_range, applied to the Time column (granularity_sqla).
 */

type SimpleFilter = Extract<AdhocFilter, { expressionType: 'SIMPLE' }>;

const isEmptyValue = (value: unknown) => value === undefined || value === null || value === '';

/** True when the dataset's column of that name is temporal (the filter popover then offers a time range). */
export function isTemporalColumn(datasource: ExploreDatasource | null | undefined, name: unknown): boolean {
  if (typeof name !== 'string' || !datasource) return false;
  const column = datasource.columns.find((c) => c.column_name === name);
  return column !== undefined && isTemporalColumnMeta(column);
}

export function isTemporalRangeFilter(filter: unknown): filter is SimpleFilter {
  if (typeof filter !== 'object' || filter === null) return false;
  const f = filter as Partial<SimpleFilter>;
  return f.expressionType === 'SIMPLE' && normalizeFilterOperator(f.operator, f.operatorId) === FILTER_OPERATORS.TEMPORAL_RANGE;
}

/** A TEMPORAL_RANGE filter's range; an empty one means no filter. */
export const filterRange = (filter: SimpleFilter): string => (typeof filter.comparator === 'string' && filter.comparator.trim() ? filter.comparator : NO_FILTER);

/** The filter Superset adds for a chart's time column. */
export const temporalRangeFilter = (subject: QueryColumn, comparator: string = NO_FILTER): AdhocFilter => ({
  expressionType: 'SIMPLE',
  subject,
  operator: FILTER_OPERATORS.TEMPORAL_RANGE,
  comparator,
  clause: 'WHERE',
});

export const hasTimeRangeControl = (controls: ControlConfig[]): boolean => controls.some((c) => c.type === 'TimeRangeControl');

const hasColumn = (datasource: ExploreDatasource | null | undefined, name: unknown): name is string =>
  typeof name === 'string' && !!datasource && datasource.columns.some((c) => c.column_name === name);

const sameColumn = (a: QueryColumn, b: QueryColumn) => getColumnLabel(a) === getColumnLabel(b);

/**
 * Superset's Time column (granularity_sqla) initial value: an empty one takes the dataset's main datetime column,
 * else its first temporal column. Without it a chart's time range would filter nothing.
 */
export function withDefaultTimeColumn(formData: FormData, controls: ControlConfig[], datasource: ExploreDatasource | null | undefined): FormData {
  if (!controls.some((c) => c.name === 'granularity_sqla') || !isEmptyValue(formData.granularity_sqla)) return formData;
  const column = defaultTemporalColumn(datasource);
  return column ? { ...formData, granularity_sqla: column } : formData;
}

export interface TemporalFilterOptions {
  /** A range set outside the filters (time_range: the chart's own, or the previous chart type's). */
  timeRange?: unknown;
  /** The column that range applied to (granularity_sqla). */
  timeColumn?: unknown;
  /**
   * The range comes from a Time range control the user just left (a viz type change): it is written into the
   * filter on its column even when that filter exists or the range is 'No filter'. Otherwise a filter already
   * on the column wins, as it does in the query.
   */
  fromControl?: boolean;
  /** Whether a filter control starts with the default `<time column> (No filter)` filter; by default when it has no value yet (a new chart). */
  addDefault?: (controlName: string, value: unknown) => boolean;
}

/**
 * For a chart with no Time range control: a time_range set elsewhere becomes a TEMPORAL_RANGE filter on the
 * column it applied to (the legacy time column, else the x-axis, as the query builder applies it), so it can be
 * seen and changed, and time_range is dropped; a filter control without a value (a new chart) starts with
 * `{subject: <time column>, operator: 'TEMPORAL_RANGE', comparator: 'No filter'}`, as Superset adds it, which is
 * what a time comparison needs to be given a range.
 */
export function withTemporalRangeFilter(formData: FormData, controls: ControlConfig[], datasource: ExploreDatasource | null | undefined, options: TemporalFilterOptions = {}): FormData {
  if (hasTimeRangeControl(controls)) return formData;
  const filterControls = controls.filter((c) => c.type === 'AdhocFilterControl');
  if (filterControls.length === 0) return formData;
  const { timeRange = formData.time_range, timeColumn = formData.granularity_sqla, fromControl = false, addDefault = (_name: string, value: unknown) => value === undefined } = options;
  const text = typeof timeRange === 'string' && timeRange.trim() ? timeRange : null;
  const range = text && (text !== NO_FILTER || fromControl) ? text : null;
  const xAxis = formData.x_axis as QueryColumn | null | undefined;
  const rangeColumn: QueryColumn | null = hasColumn(datasource, timeColumn) ? timeColumn : xAxis ? xAxis : defaultTemporalColumn(datasource);
  const defaultColumn = hasColumn(datasource, timeColumn) ? timeColumn : defaultTemporalColumn(datasource);

  const next: FormData = { ...formData };
  for (const control of filterControls) {
    const value = formData[control.name];
    const filters: AdhocFilter[] = Array.isArray(value) ? (value as AdhocFilter[]) : [];
    if (range && rangeColumn) {
      const index = filters.findIndex((f) => isTemporalRangeFilter(f) && sameColumn(f.subject, rangeColumn));
      if (index < 0) next[control.name] = [...filters, temporalRangeFilter(rangeColumn, range)];
      else if (fromControl) next[control.name] = filters.map((f, i) => (i === index ? { ...f, comparator: range } : f));
    } else if (!filters.some(isTemporalRangeFilter) && defaultColumn && addDefault(control.name, value)) {
      next[control.name] = [...filters, temporalRangeFilter(defaultColumn)];
    }
  }
  // The range now lives in the filters ('No filter' filters nothing); one with no column to apply to is kept.
  if (text === NO_FILTER || (range && rangeColumn)) delete next.time_range;
  return next;
}

/**
 * For a chart with a Time range and a Time column control, reached from one that held its range as a filter: the
 * first TEMPORAL_RANGE filter on a dataset column becomes the chart's time range and time column (with any
 * no-op filter on that column), since such a filter would otherwise override whatever the Time range control says.
 */
export function withTimeRangeFromFilter(formData: FormData, controls: ControlConfig[], datasource: ExploreDatasource | null | undefined): FormData {
  if (!controls.some((c) => c.name === 'time_range' && c.type === 'TimeRangeControl') || !controls.some((c) => c.name === 'granularity_sqla')) return formData;
  const filters = Array.isArray(formData.adhoc_filters) ? (formData.adhoc_filters as AdhocFilter[]) : [];
  const found = filters.find((f): f is SimpleFilter => isTemporalRangeFilter(f) && (datasource ? hasColumn(datasource, f.subject) : typeof f.subject === 'string'));
  if (!found) return formData;
  const column = found.subject as string;
  const rest = filters.filter((f) => f !== found && !(isTemporalRangeFilter(f) && f.subject === column && filterRange(f) === NO_FILTER));
  return { ...formData, adhoc_filters: rest, granularity_sqla: column, time_range: filterRange(found) };
}

/**
 * Why a Time range control's range would not apply, or null: no time column to apply it to (said instead of
 * silently filtering nothing), or a TEMPORAL_RANGE filter on that column that takes precedence.
 */
export function timeRangeNotice(formData: FormData, datasource: ExploreDatasource | null | undefined): string | null {
  const range = formData.time_range;
  if (typeof range !== 'string' || !range.trim() || range === NO_FILTER) return null;
  const column = !isEmptyValue(formData.granularity_sqla) ? (formData.granularity_sqla as QueryColumn) : !isEmptyValue(formData.x_axis) ? (formData.x_axis as QueryColumn) : null;
  if (!column) {
    const hasTemporal = datasource?.columns.some(isTemporalColumnMeta) ?? false;
    return hasTemporal
      ? 'This time range needs a time column: choose one in Time column, or the range is not applied.'
      : 'This time range needs a time column, and the dataset has no temporal column: the range is not applied.';
  }
  const filters = Array.isArray(formData.adhoc_filters) ? (formData.adhoc_filters as AdhocFilter[]) : [];
  const overriding = filters.find((f): f is SimpleFilter => isTemporalRangeFilter(f) && sameColumn(f.subject, column));
  return overriding ? `The filter ${getColumnLabel(column)} (${filterRange(overriding)}) in Filters applies instead of this range.` : null;
}
