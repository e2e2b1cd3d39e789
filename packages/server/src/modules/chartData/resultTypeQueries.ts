import { TIME_GRAINS, type QueryObject, type SqlDialect } from '@tessera/core';
import type { DatasourceDescriptor } from '@tessera/core';

/**
 * How each result_type changes the query before it runs (Superset's query_actions): samples and
 * drill to detail read raw rows of every column instead of the chart's aggregate.
 */

function rawRows(query: QueryObject, datasource: DatasourceDescriptor): QueryObject {
  return {
    ...query,
    columns: datasource.columns.map((c) => c.column_name),
    // No metrics list at all: raw rows, never grouped (a list, even empty, groups as Superset's queries do).
    metrics: null,
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
  };
}

/**
 * Samples: raw rows under the chart's filters but not its time range (Superset drops from/to for samples).
 * SAMPLES_ROW_LIMIT only replaces a missing row limit, as Superset's _process_row_limit does: a client's
 * own limit stands, and the compiler caps either at the maximum (SQL_MAX_ROW).
 */
export function samplesQuery(query: QueryObject, datasource: DatasourceDescriptor, samplesRowLimit: number): QueryObject {
  return {
    ...rawRows(query, datasource),
    row_limit: query.row_limit || samplesRowLimit,
    time_range: 'No filter',
    filters: (query.filters ?? []).filter((f) => f.op !== 'TEMPORAL_RANGE'),
  };
}

/**
 * Drill to detail: raw rows under every filter, time range included; paged by row_limit / row_offset.
 * Without a row limit the chart default (ROW_LIMIT) applies, as for any other query.
 */
export function drillDetailQuery(query: QueryObject, datasource: DatasourceDescriptor): QueryObject {
  return rawRows(query, datasource);
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
