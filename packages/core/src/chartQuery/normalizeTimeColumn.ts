import type { AdhocColumn, FormData, QueryObject } from '../contracts/chartData.js';
import { isAdhocColumn, isPhysicalColumn } from './getColumnLabel.js';
import { isXAxisSet } from './xAxis.js';

/**
 * Marks the x-axis column of a query as the base axis and moves the time grain onto it (Superset 2.1+ generic
 * axes): a physical x-axis becomes an adhoc column referencing it; `extras.time_grain_sqla` is removed because the
 * column now carries `timeGrain`. Queries without the x-axis among their columns are returned unchanged.
 */
export function normalizeTimeColumn(formData: FormData, query: QueryObject): QueryObject {
  if (!isXAxisSet(formData) || !Array.isArray(query.columns)) return query;
  const xAxis = formData.x_axis;
  const index = query.columns.findIndex(
    (col) => (isPhysicalColumn(col) && isPhysicalColumn(xAxis) && col === xAxis) || (isAdhocColumn(col) && isAdhocColumn(xAxis) && col.sqlExpression === xAxis.sqlExpression),
  );
  if (index < 0) return query;
  const { time_grain_sqla: timeGrain, ...extras } = query.extras ?? {};
  const current = query.columns[index]!;
  const axis: AdhocColumn = isAdhocColumn(current)
    ? { timeGrain, columnType: 'BASE_AXIS', ...current }
    : { timeGrain, columnType: 'BASE_AXIS', sqlExpression: current, label: current, expressionType: 'SQL', isColumnReference: true };
  const columns = [...query.columns];
  columns[index] = axis;
  return { ...query, columns, extras };
}
