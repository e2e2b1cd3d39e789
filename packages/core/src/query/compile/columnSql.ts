import { getColumnLabel } from '../../chartQuery/getColumnLabel.js';
import type { QueryColumn } from '../../contracts/chartData.js';
import { QueryCompileError, type DatasourceColumn, type DatasourceDescriptor, type SqlDialect } from '../types.js';
import { checkCustomSql } from './checkCustomSql.js';
import { quoteIdentifier } from './quote.js';

/** A column reference made SQL: `sql` is safe to use as an operand (atomic or parenthesised). */
export interface ColumnRef {
  sql: string;
  label: string;
  /** The dataset column behind it, when it is one (physical or calculated). */
  column: DatasourceColumn | null;
}

export function findColumn(datasource: DatasourceDescriptor, name: string): DatasourceColumn | undefined {
  return datasource.columns.find((c) => c.column_name === name);
}

/** A dataset column: calculated columns are the dataset's own (trusted) SQL, physical ones a quoted name. */
export function datasourceColumnSql(column: DatasourceColumn, dialect: SqlDialect): string {
  return column.expression !== null && column.expression.trim() !== '' ? `(${column.expression})` : quoteIdentifier(column.column_name, dialect);
}

export const missingColumns = (names: string[]) =>
  new QueryCompileError(`Columns missing in dataset: [${names.map((n) => `'${n}'`).join(', ')}]`, 'COLUMN_DOES_NOT_EXIST_ERROR', { invalid: names });

/** Superset's duplicate-label error: two different expressions under one label would lose one of them. */
export const duplicateLabels = (labels: string[]) =>
  new QueryCompileError(
    `Duplicate column/metric labels: ${labels.map((l) => `'${l}'`).join(', ')}. Please make sure all columns and metrics have a unique label.`,
    'INVALID_PAYLOAD_SCHEMA_ERROR',
    { labels },
  );

/**
 * A physical name must exist; an adhoc column whose SQL is just a column's name (the explorer sends the x-axis
 * that way) is that column, anything else is checked custom SQL. Returns null for an unknown name so callers
 * can either throw or reject the filter.
 */
export function resolveColumnRef(column: QueryColumn, datasource: DatasourceDescriptor, dialect: SqlDialect): ColumnRef | null {
  const label = getColumnLabel(column);
  const name = typeof column === 'string' ? column : column.sqlExpression.trim();
  const found = findColumn(datasource, name);
  if (found) return { sql: datasourceColumnSql(found, dialect), label, column: found };
  if (typeof column === 'string') return null;
  return {
    sql: `(${checkCustomSql(column.sqlExpression, dialect, `column ${label}`)})`,
    label,
    column: null,
  };
}
