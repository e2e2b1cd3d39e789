import { TIME_GRAINS, type QueryObject, type SqlDialect } from '@tessera/core';
import type { DatasourceDescriptor } from '@tessera/core';

/**
 * How each result_type changes the query before it runs (Superset's query_actions): samples and
 * drill to detail read raw rows of every column instead of the chart's aggregate.
 */

function rawRows(query: QueryObject, datasource: DatasourceDescriptor, limit: number): QueryObject {
  const requested = query.row_limit ?? limit;
  return {
    ...query,
    columns: datasource.columns.map((c) => c.column_name),
    metrics: [],
    groupby: [],
    orderby: [],
    is_timeseries: false,
    is_rowcount: false,
    post_processing: [],
    time_offsets: [],
    series_columns: [],
    series_limit: 0,
    series_limit_metric: null,
    timeseries_limit: 0,
    timeseries_limit_metric: null,
    row_limit: Math.max(0, Math.min(requested, limit)),
  };
}

/** Samples: raw rows under the chart's filters but not its time range (Superset drops from/to for samples). */
export function samplesQuery(query: QueryObject, datasource: DatasourceDescriptor, limit: number): QueryObject {
  return {
    ...rawRows(query, datasource, limit),
    time_range: 'No filter',
    filters: (query.filters ?? []).filter((f) => f.op !== 'TEMPORAL_RANGE'),
  };
}

/** Drill to detail: raw rows under every filter, time range included; paged by row_limit / row_offset. */
export function drillDetailQuery(query: QueryObject, datasource: DatasourceDescriptor, limit: number): QueryObject {
  return rawRows(query, datasource, limit);
}

/** `result_type: columns` (Superset's _get_columns). */
export function columnsPayload(datasource: DatasourceDescriptor) {
  return {
    data: datasource.columns.map((c) => ({ column_name: c.column_name, verbose_name: null as string | null, dtype: c.type })),
  };
}

/** `result_type: timegrains`: the grains the database supports, with the SQL each one uses. */
export function timegrainsPayload(dialect: SqlDialect) {
  return {
    data: TIME_GRAINS.filter((g) => dialect.timeGrainExpressions[g.id]).map((g) => ({
      name: g.name,
      function: dialect.timeGrainExpressions[g.id],
      duration: g.id,
    })),
  };
}
