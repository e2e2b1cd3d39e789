import { getMetricLabel } from '../../chartQuery/getMetricLabel.js';
import type { QueryMetric } from '../../contracts/chartData.js';
import { QueryCompileError } from '../types.js';
import { checkCustomSql } from './checkCustomSql.js';
import { datasourceColumnSql, duplicateLabels, findColumn, missingColumns } from './columnSql.js';
import type { CompileContext, SelectItem } from './context.js';

const AGGREGATE_SQL: Record<string, (column: string) => string> = {
  AVG: (c) => `AVG(${c})`,
  COUNT: (c) => `COUNT(${c})`,
  COUNT_DISTINCT: (c) => `COUNT(DISTINCT ${c})`,
  MAX: (c) => `MAX(${c})`,
  MIN: (c) => `MIN(${c})`,
  SUM: (c) => `SUM(${c})`,
};

/** A saved metric by name, a SIMPLE aggregate over an existing column, or checked custom SQL. */
export function resolveMetric(metric: QueryMetric, ctx: CompileContext): SelectItem {
  const label = getMetricLabel(metric);
  if (typeof metric === 'string') {
    const saved = ctx.datasource.metrics.find((m) => m.metric_name === metric);
    if (!saved) throw new QueryCompileError(`Metric '${metric}' does not exist`, 'COLUMN_DOES_NOT_EXIST_ERROR', { metric });
    // Saved metrics are the dataset's own SQL, trusted like calculated columns.
    return { sql: `(${saved.expression})`, label };
  }
  if (metric.expressionType === 'SIMPLE') {
    const column = findColumn(ctx.datasource, metric.column.column_name);
    if (!column) throw missingColumns([metric.column.column_name]);
    const aggregate = AGGREGATE_SQL[metric.aggregate];
    if (!aggregate) throw new QueryCompileError(`Unsupported aggregate: ${metric.aggregate}`, 'INVALID_PAYLOAD_SCHEMA_ERROR');
    return { sql: aggregate(datasourceColumnSql(column, ctx.dialect)), label };
  }
  return {
    sql: `(${checkCustomSql(metric.sqlExpression, ctx.dialect, `metric ${label}`)})`,
    label,
  };
}

/**
 * The query's metrics, each label once. The same metric asked twice (a chart listing it as metric and as
 * percent metric) is one column; two different metrics under one label would make one of them vanish from
 * the answer, so that is Superset's duplicate-label error instead.
 */
export function resolveMetrics(ctx: CompileContext): SelectItem[] {
  const seen = new Map<string, string>();
  const items: SelectItem[] = [];
  for (const metric of ctx.query.metrics ?? []) {
    const item = resolveMetric(metric, ctx);
    const earlier = seen.get(item.label);
    if (earlier === item.sql) continue;
    if (earlier !== undefined) throw duplicateLabels([item.label]);
    seen.set(item.label, item.sql);
    items.push(item);
  }
  return items;
}
