import { buildQueryObject, getColumnLabel, isXAxisSet, mergeExtraFormData, type ExtraFormData, type FormData, type QueryColumn, type QueryFilter } from '@tessera/core';
import type { SamplesPayload } from '../../../../api/chartDataApi';
import type { ExploreDatasource } from '../../../../viz/types';

/** A filter a right-click on a chart stands for (RendererProps.onContextMenu). */
export interface DrillFilter {
  col: string;
  op: string;
  val?: unknown;
}

/** A clicked empty value filters on IS NULL: `col == null` would match nothing. */
export function toQueryFilter(filter: DrillFilter): QueryFilter {
  if (filter.val === null && (filter.op === '==' || filter.op === 'IN')) return { col: filter.col, op: 'IS NULL' };
  return { col: filter.col, op: filter.op as QueryFilter['op'], ...(filter.val !== undefined ? { val: filter.val } : {}) };
}

const valueText = (val: unknown) => (Array.isArray(val) ? val.map(String).join(', ') : val === null ? 'NULL' : typeof val === 'object' ? JSON.stringify(val) : String(val));

/** A filter as a tag reads: `gender = boy`, `num > 5`, `name IS NULL`, `ds: Last week`. */
export function filterText(filter: { col: QueryColumn; op: string; val?: unknown }): string {
  const col = getColumnLabel(filter.col);
  if (filter.op === 'TEMPORAL_RANGE') return `${col}: ${valueText(filter.val)}`;
  if (filter.val === undefined) return `${col} ${filter.op}`;
  return `${col} ${filter.op === '==' ? '=' : filter.op} ${valueText(filter.val)}`;
}

/**
 * The samples call's body for drill to detail (Superset's getDrillPayload): the chart's own filters, time range and
 * where/having clauses (dashboard filters included, through extra_form_data), plus the clicked ones.
 */
export function drillDetailPayload(formData: FormData, drillFilters: DrillFilter[]): SamplesPayload {
  const query = buildQueryObject(formData);
  const { where, having } = query.extras ?? {};
  return {
    filters: [...(query.filters ?? []), ...drillFilters.map(toQueryFilter)],
    ...(query.time_range ? { time_range: query.time_range } : {}),
    ...(query.granularity ? { granularity: query.granularity } : {}),
    extras: { ...(where ? { where } : {}), ...(having ? { having } : {}) },
  };
}

/** The chart's own filters as a user reads them (tags of the drill modals); the time range only when it narrows. */
export function chartFilters(formData: FormData): QueryFilter[] {
  return (buildQueryObject(formData).filters ?? []).filter((f) => !(f.op === 'TEMPORAL_RANGE' && f.val === 'No filter'));
}

/** Whether a chart can be drilled by another column: it groups by dimensions or by a non-temporal x-axis. */
export function canDrillBy(formData: FormData): boolean {
  return Array.isArray(formData.groupby) || isXAxisSet(formData);
}

/** Columns one may drill by: groupable ones the chart does not already group by. */
export function drillByColumns(datasource: ExploreDatasource | undefined, formData: FormData): ExploreDatasource['columns'] {
  if (!datasource) return [];
  const used = new Set(
    [...(Array.isArray(formData.groupby) ? (formData.groupby as QueryColumn[]) : []), ...(isXAxisSet(formData) ? [formData.x_axis as QueryColumn] : [])].map(getColumnLabel),
  );
  return datasource.columns.filter((c) => c.groupby !== false && !used.has(c.column_name));
}

/**
 * The chart queried again by another column (Superset's Drill by): its dimensions (`groupby`) become that column;
 * a chart grouping by a categorical x-axis alone (a bar chart of categories) takes it as x-axis instead, while a
 * time axis stays and gains the column as series. The clicked point's filters narrow the query.
 */
export function drillByFormData(formData: FormData, column: string, filters: DrillFilter[], datasource?: ExploreDatasource): FormData {
  const next: FormData = { ...formData };
  const groupby = Array.isArray(formData.groupby) ? formData.groupby : [];
  const xAxis = isXAxisSet(formData) ? getColumnLabel(formData.x_axis as QueryColumn) : null;
  const temporalX = xAxis !== null && (datasource?.columns.find((c) => c.column_name === xAxis)?.is_dttm ?? xAxis === datasource?.main_dttm_col);
  if (groupby.length === 0 && xAxis !== null && !temporalX) next.x_axis = column;
  else next.groupby = [column];
  if (filters.length > 0) {
    const added = filters.map(toQueryFilter) as ExtraFormData['filters'];
    next.extra_form_data = mergeExtraFormData(formData.extra_form_data as ExtraFormData | undefined, { filters: added });
  }
  return next;
}
