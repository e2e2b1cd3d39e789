import { QueryCompileError, type CompileQueryObject, type CompiledQuery } from '../types.js';
import { buildFilters } from './buildFilters.js';
import { buildOrderBy } from './buildOrderBy.js';
import { duplicateLabels } from './columnSql.js';
import type { CompileContext, SelectItem } from './context.js';
import { fromClause, quoteIdentifier } from './quote.js';
import { renderSelect, type SelectPlan } from './renderSelect.js';
import { resolveColumns } from './resolveColumns.js';
import { resolveMetrics } from './resolveMetrics.js';
import { limitClause, rowLimitOf } from './rowLimit.js';
import { seriesLimit } from './seriesLimit.js';

export const ROWCOUNT_LABEL = 'rowcount';

/**
 * One query object to one SELECT. Passes: resolve columns -> resolve metrics -> filters -> series limit ->
 * order -> limit -> render (wrapped in COUNT(*) for is_rowcount). Each pass is pure and has its own file.
 */
export const compileQueryObject: CompileQueryObject = (query, datasource, dialect, options) => {
  const ctx: CompileContext = { query, datasource, dialect, options };
  const resolved = resolveColumns(ctx);
  const metrics = resolveMetrics(ctx);
  // A row count over no columns counts the source rows (SELECT * inside).
  if (resolved.length + metrics.length === 0 && !query.is_rowcount) throw new QueryCompileError('Empty query?', 'INVALID_PAYLOAD_SCHEMA_ERROR');
  assertUniqueLabels([...resolved, ...metrics]);

  const filters = buildFilters(ctx);
  const from = fromClause(datasource, dialect);
  // Superset groups whenever the query names a metrics list, even an empty one (`need_groupby = metrics is not
  // None`): an aggregate table whose only metric is its sort metric still groups its dimensions. Raw records
  // send no metrics list at all.
  const aggregate = metrics.length > 0 || (Array.isArray(query.metrics) && resolved.length > 0);
  const series = aggregate ? seriesLimit(ctx, resolved, metrics, filters, from) : null;
  const columns = series?.columns ?? resolved;
  const items: SelectItem[] = [...columns, ...metrics];
  const base: SelectPlan = {
    items,
    from,
    joins: series ? [series.join] : [],
    where: filters.where,
    groupBy: aggregate ? columns.map((c) => c.sql) : [],
    having: aggregate ? filters.having : [],
    orderBy: [],
    limit: [],
  };
  const shared = {
    appliedFilters: filters.appliedFilters,
    rejectedFilters: filters.rejectedFilters,
    fromDttm: filters.timeBounds?.since?.getTime() ?? null,
    toDttm: filters.timeBounds?.until?.getTime() ?? null,
  };

  if (query.is_rowcount) {
    const inner = renderSelect(base, dialect);
    return {
      sql: `SELECT COUNT(*) AS ${quoteIdentifier(ROWCOUNT_LABEL, dialect)}\nFROM (\n${inner}\n) AS ${quoteIdentifier('rowcount_qry', dialect)}`,
      colnames: [ROWCOUNT_LABEL],
      metricLabels: [],
      temporalLabels: [],
      ...shared,
      rowLimit: null,
    } satisfies CompiledQuery;
  }

  const rowLimit = rowLimitOf(ctx);
  const sql = renderSelect(
    {
      ...base,
      orderBy: buildOrderBy(ctx, columns, metrics),
      limit: limitClause(ctx, rowLimit, query.row_offset ?? 0),
    },
    dialect,
  );
  return {
    sql,
    colnames: items.map((i) => i.label),
    metricLabels: metrics.map((m) => m.label),
    temporalLabels: columns.filter((c) => c.temporal).map((c) => c.label),
    ...shared,
    rowLimit,
  };
};

function assertUniqueLabels(items: SelectItem[]): void {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const { label } of items) (seen.has(label) ? duplicates : seen).add(label);
  if (duplicates.size > 0) throw duplicateLabels([...duplicates]);
}
