import { getColumnLabel } from '../../chartQuery/getColumnLabel.js';
import { getMetricLabel } from '../../chartQuery/getMetricLabel.js';
import type { QueryColumn, QueryMetric } from '../../contracts/chartData.js';
import { QueryCompileError } from '../types.js';
import { findColumn, datasourceColumnSql, resolveColumnRef } from './columnSql.js';
import type { CompileContext, ResolvedColumn, SelectItem } from './context.js';
import { resolveMetric } from './resolveMetrics.js';

const isMetricObject = (ref: unknown): ref is Exclude<QueryMetric, string> =>
  typeof ref === 'object' && ref !== null && ((ref as { expressionType?: unknown }).expressionType === 'SIMPLE' || 'aggregate' in ref);

/**
 * ORDER BY terms. An entry names a metric (label, saved name or adhoc object) or a column (name, label or adhoc
 * object). Without entries an aggregate query sorts by its first metric, descending unless order_desc is false.
 */
export function buildOrderBy(ctx: CompileContext, columns: ResolvedColumn[], metrics: SelectItem[]): string[] {
  const entries = ctx.query.orderby ?? [];
  if (entries.length === 0) {
    const first = metrics[0];
    if (!first) return [];
    return [`${first.sql} ${ctx.query.order_desc === false ? 'ASC' : 'DESC'}`];
  }
  return entries.map(([ref, ascending]) => `${orderTermSql(ref, ctx, columns, metrics)} ${ascending ? 'ASC' : 'DESC'}`);
}

function orderTermSql(ref: QueryMetric | QueryColumn, ctx: CompileContext, columns: ResolvedColumn[], metrics: SelectItem[]): string {
  if (typeof ref === 'string') {
    const metric = metrics.find((m) => m.label === ref);
    if (metric) return metric.sql;
    if (ctx.datasource.metrics.some((m) => m.metric_name === ref)) return resolveMetric(ref, ctx).sql;
    const column = columns.find((c) => c.label === ref);
    if (column) return column.sql;
    const physical = findColumn(ctx.datasource, ref);
    if (physical) return datasourceColumnSql(physical, ctx.dialect);
    throw new QueryCompileError(`Cannot order by ${ref}: it is neither a metric nor a column of the dataset.`, 'COLUMN_DOES_NOT_EXIST_ERROR', { orderby: ref });
  }
  if (isMetricObject(ref)) return resolveMetric(ref, ctx).sql;
  // A {sqlExpression,label} object is a column or a SQL metric; match labels first, then go by the query mode.
  const label =
    'expressionType' in ref && ref.expressionType === 'SQL' && !('columnType' in ref) ? getMetricLabel(ref as QueryMetric) : getColumnLabel(ref as QueryColumn);
  const metric = metrics.find((m) => m.label === label);
  if (metric) return metric.sql;
  const column = columns.find((c) => c.label === label);
  if (column) return column.sql;
  if (metrics.length > 0 && (ref as { expressionType?: unknown }).expressionType === 'SQL') return resolveMetric(ref as QueryMetric, ctx).sql;
  const resolved = resolveColumnRef(ref as QueryColumn, ctx.datasource, ctx.dialect);
  if (!resolved) throw new QueryCompileError(`Cannot order by ${label}.`, 'COLUMN_DOES_NOT_EXIST_ERROR');
  return resolved.sql;
}
