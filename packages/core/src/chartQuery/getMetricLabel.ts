import type { QueryMetric } from '../contracts/chartData.js';

/** The output label of a metric, the key its values carry in result rows. */
export function getMetricLabel(metric: QueryMetric): string {
  if (typeof metric === 'string') return metric;
  if (metric.label) return metric.label;
  if (metric.expressionType === 'SIMPLE') return `${metric.aggregate}(${metric.column.column_name})`;
  return metric.sqlExpression;
}
