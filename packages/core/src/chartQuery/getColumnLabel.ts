import type { AdhocColumn, QueryColumn } from '../contracts/chartData.js';

/** A physical column is referenced by its name. */
export function isPhysicalColumn(column: unknown): column is string {
  return typeof column === 'string';
}

/** An adhoc column carries its own SQL expression. */
export function isAdhocColumn(column: unknown): column is AdhocColumn {
  return typeof column === 'object' && column !== null && typeof (column as { sqlExpression?: unknown }).sqlExpression === 'string';
}

/** The output label of a column: a name is its own label; an adhoc column uses its label, else its SQL. */
export function getColumnLabel(column: QueryColumn): string {
  if (isPhysicalColumn(column)) return column;
  return column.label || column.sqlExpression;
}
