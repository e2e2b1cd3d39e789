import type { QueryFilter, QueryObject } from '../../contracts/chartData.js';
import type { CompileOptions, CompiledQuery, DatasourceDescriptor, RowLevelSecurityGroups, SqlDialect } from '../types.js';
import { buildFilters } from './buildFilters.js';
import { compileQueryObject } from './compileQueryObject.js';
import { fromClause } from './quote.js';
import { renderSelect } from './renderSelect.js';
import { limitClause } from './rowLimit.js';

export interface SamplesRequest {
  limit: number;
  offset?: number;
  filters?: QueryFilter[];
  /** Reference instant for TEMPORAL_RANGE filters; defaults to the current time. */
  now?: Date;
  /** Row level security that applies to the caller (CompileOptions.rowLevelSecurity). */
  rowLevelSecurity?: RowLevelSecurityGroups;
}

/**
 * The dataset's raw rows (`SELECT *`) for the samples pane: no columns are named, so a virtual dataset's
 * columns come back as its SQL defines them. Filters follow the compiler's rules (unknown columns rejected).
 */
export function compileSamplesQuery(datasource: DatasourceDescriptor, dialect: SqlDialect, request: SamplesRequest): CompiledQuery {
  const now = request.now ?? new Date();
  const options: CompileOptions = { now, maxRowLimit: request.limit, defaultRowLimit: request.limit, rowLevelSecurity: request.rowLevelSecurity ?? [] };
  const ctx = { query: { filters: request.filters ?? [] } satisfies QueryObject, datasource, dialect, options };
  const filters = buildFilters(ctx);
  const sql = renderSelect(
    {
      items: [],
      from: fromClause(datasource, dialect),
      joins: [],
      where: filters.where,
      groupBy: [],
      having: [],
      orderBy: [],
      limit: limitClause(ctx, request.limit, request.offset ?? 0),
    },
    dialect,
  );
  return {
    sql,
    colnames: datasource.columns.filter((c) => c.expression === null || c.expression.trim() === '').map((c) => c.column_name),
    metricLabels: [],
    temporalLabels: [],
    appliedFilters: filters.appliedFilters,
    rejectedFilters: filters.rejectedFilters,
    fromDttm: filters.timeBounds?.since?.getTime() ?? null,
    toDttm: filters.timeBounds?.until?.getTime() ?? null,
    rowLimit: request.limit,
  };
}

/**
 * Drill to detail: the rows behind a chart, i.e. every dataset column (calculated ones included) in raw mode
 * under the chart's filters. Expressed as a query object so it follows exactly the chart's filter semantics.
 */
export function compileDrillDetail(
  query: Pick<QueryObject, 'filters' | 'extras' | 'time_range' | 'granularity' | 'orderby'>,
  datasource: DatasourceDescriptor,
  dialect: SqlDialect,
  options: CompileOptions & { limit: number; offset?: number },
): CompiledQuery {
  const raw: QueryObject = {
    columns: datasource.columns.map((c) => c.column_name),
    // No metrics list at all: raw rows, never grouped.
    metrics: null,
    filters: query.filters ?? [],
    extras: { where: query.extras?.where, relative_start: query.extras?.relative_start, relative_end: query.extras?.relative_end },
    ...(query.orderby ? { orderby: query.orderby } : {}),
    ...(query.time_range ? { time_range: query.time_range, granularity: query.granularity } : {}),
    row_limit: options.limit,
    row_offset: options.offset ?? 0,
  };
  return compileQueryObject(raw, datasource, dialect, options);
}
