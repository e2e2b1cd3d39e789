import type { FormData, QueryColumn, QueryContextInput, QueryMetric } from '@tessera/core';
import { buildQueryContext, ensureIsArray, getColumnLabel, getMetricLabel, type PostProcessingRule, type QueryObject } from '../../shared/chartQuery';
import type { ChartOwnState } from '../../types';
import { isRawMode } from './queryMode';
import { COMPARISON_PARTS, comparisonKey, offsetColumnKey, timeComparisonOffset } from './timeComparison';

/** `order_by_cols` entries are JSON texts of [column, ascending] (older form data may hold the pairs parsed). */
function parseOrderByCols(values: unknown): [QueryColumn, boolean][] {
  return ensureIsArray(values as unknown[] | undefined).flatMap((entry) => {
    try {
      const parsed = (typeof entry === 'string' ? JSON.parse(entry) : entry) as unknown;
      return Array.isArray(parsed) && parsed.length === 2 && typeof parsed[1] === 'boolean' ? [[parsed[0] as QueryColumn, parsed[1]] as [QueryColumn, boolean]] : [];
    } catch {
      return [];
    }
  });
}

/** Temporal dimensions carry the time grain (they are bucketed like an x axis). */
function withTimeGrain(formData: FormData, columns: QueryColumn[]): QueryColumn[] {
  const lookup = (formData.temporal_columns_lookup ?? {}) as Record<string, boolean>;
  const grain = formData.time_grain_sqla;
  if (!grain) return columns;
  return columns.map((col) =>
    typeof col === 'string' && lookup[col] ? { sqlExpression: col, label: col, expressionType: 'SQL' as const, columnType: 'BASE_AXIS' as const, timeGrain: grain, isColumnReference: true } : col,
  );
}

export const percentMetricLabel = (metric: QueryMetric): string => `%${getMetricLabel(metric)}`;

/** A header the table is sorted by (Superset's own state `sortBy` entries). */
export interface TableSortBy {
  key: string;
  desc: boolean;
}

/**
 * The table's own state under server pagination (Superset's `ownState`): the page, its size, the search text and
 * the column it is looked for in, and the header sort. The chart sets it; buildQuery turns it into the query.
 */
export interface TableOwnState extends ChartOwnState {
  searchColumn?: string;
  sortBy?: TableSortBy[];
}

/** The own state's first sort entry, if it is well formed. */
export function ownSortBy(ownState: ChartOwnState | undefined): TableSortBy | null {
  const first = Array.isArray(ownState?.sortBy) ? (ownState.sortBy as unknown[])[0] : undefined;
  if (!first || typeof first !== 'object') return null;
  const { key, desc } = first as Partial<TableSortBy>;
  return typeof key === 'string' ? { key, desc: !!desc } : null;
}

/**
 * What the server orders by for a table header: a dimension or metric by its label, a percent metric's share by
 * its metric (the share follows it), a compared metric's main value by the metric. The other comparison cells are
 * computed from a join the server cannot sort on: null (the query keeps its order).
 */
function serverOrderTerm(key: string, columns: QueryColumn[], metrics: QueryMetric[], percentMetrics: QueryMetric[]): QueryColumn | QueryMetric | null {
  const main = COMPARISON_PARTS.find((p) => p.part === 'main')!.label;
  const metricKey = key.startsWith(comparisonKey(main, '')) ? key.slice(comparisonKey(main, '').length) : key;
  const column = columns.find((c) => getColumnLabel(c) === key);
  if (column) return getColumnLabel(column);
  const metric = metrics.find((m) => getMetricLabel(m) === metricKey) ?? percentMetrics.find((m) => percentMetricLabel(m) === metricKey);
  return metric ?? null;
}

export function buildQuery(formData: FormData, options: { ownState?: ChartOwnState } = {}): QueryContextInput {
  const raw = isRawMode(formData);
  const ownState: TableOwnState = options.ownState ?? {};
  return buildQueryContext(formData, (base) => {
    const metrics = raw ? [] : ensureIsArray(formData.metrics);
    const percentMetrics = raw ? [] : ensureIsArray(formData.percent_metrics as QueryMetric[] | undefined);
    const allMetrics = [...metrics, ...percentMetrics.filter((p) => !metrics.some((m) => getMetricLabel(m) === getMetricLabel(p)))];
    const columns = raw ? ensureIsArray(formData.all_columns as QueryColumn[] | undefined) : withTimeGrain(formData, ensureIsArray(formData.groupby));
    let orderby: [QueryColumn | QueryMetric, boolean][] = raw ? parseOrderByCols(formData.order_by_cols) : [];
    if (!raw) {
      // As Superset: a "sort by" metric follows order_desc; without one, the first (non-percent) metric orders the
      // rows descending whatever order_desc says, and percent metrics alone leave the order to the database.
      const sortMetric = formData.timeseries_limit_metric as QueryMetric | undefined;
      if (sortMetric) orderby = [[sortMetric, !(formData.order_desc ?? true)]];
      else if (metrics[0]) orderby = [[metrics[0], false]];
    }
    // Time comparison: the server joins each metric over the shifted period as `<metric>__<offset>`.
    const offset = raw ? null : timeComparisonOffset(formData);
    // Shares of all records need the grand totals (an extra query); shares of the fetched rows are computed by the server,
    // the compared period's shares too.
    const allRecords = percentMetrics.length > 0 && formData.percent_metric_calculation === 'all_records';
    const shareOf = percentMetrics.map(getMetricLabel).flatMap((label) => (offset ? [label, offsetColumnKey(label, offset)] : [label]));
    const postProcessing: PostProcessingRule[] = percentMetrics.length && !allRecords
      ? [{ operation: 'contribution', options: { columns: shareOf, rename_columns: shareOf.map((label) => `%${label}`) } }]
      : [];
    let query: QueryObject = {
      ...base,
      columns,
      metrics: raw ? undefined : allMetrics,
      orderby,
      post_processing: postProcessing,
      series_limit: 0,
      series_limit_metric: undefined,
      ...(offset ? { time_offsets: [offset] } : {}),
    };
    if (formData.server_pagination) {
      const pageSize = Number(ownState.pageSize ?? formData.server_page_length ?? 10) || 10;
      const page = Math.max(0, Math.floor(Number(ownState.currentPage ?? 0)) || 0);
      query = { ...query, row_limit: pageSize, row_offset: page * pageSize };
      // A header click sorts every record, not the page: the query's ORDER BY.
      const sortBy = ownSortBy(ownState);
      const term = sortBy ? serverOrderTerm(sortBy.key, columns, allMetrics, percentMetrics) : null;
      if (sortBy && term !== null) query.orderby = [[term, !sortBy.desc]];
      // The search looks in the chosen column (the first dimension unless one was picked), case-insensitively.
      const search = typeof ownState.searchText === 'string' ? ownState.searchText.trim() : '';
      const searchColumn = columns.find((c) => getColumnLabel(c) === ownState.searchColumn) ?? columns[0];
      if (search && searchColumn) query.filters = [...ensureIsArray(query.filters), { col: searchColumn, op: 'ILIKE', val: `%${search}%` }];
    }
    const queries: QueryObject[] = [query];
    if (formData.server_pagination) {
      // The total row count lets the table draw its page buttons.
      queries.push({ ...query, is_rowcount: true, row_limit: 0, row_offset: 0, orderby: [], post_processing: [], time_offsets: [] });
    }
    if (!raw && formData.show_totals && allMetrics.length > 0) {
      queries.push({ ...query, columns: [], row_limit: 0, row_offset: 0, orderby: [], post_processing: [] });
    }
    if (allRecords) {
      queries.push({ ...query, columns: [], metrics: percentMetrics, row_limit: 0, row_offset: 0, orderby: [], post_processing: [] });
    }
    return queries;
  });
}
