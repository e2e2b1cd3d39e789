import { FILTER_OPERATORS, normalizeFilterOperator, type AdhocFilter, type QueryColumn, type QueryMetric } from '@tessera/core';
import { NO_FILTER } from './timeRange';

/** The label a query gives a column: its name, or an adhoc column's label / expression. */
export function columnLabel(column: QueryColumn): string {
  return typeof column === 'string' ? column : (column.label ?? column.sqlExpression);
}

/** The label a query gives a metric: a saved metric's name, `AGG(col)` for a simple adhoc one, else its label or SQL. */
export function metricLabel(metric: QueryMetric): string {
  if (typeof metric === 'string') return metric;
  if (metric.label && metric.hasCustomLabel) return metric.label;
  if (metric.expressionType === 'SIMPLE') return `${metric.aggregate}(${metric.column.column_name})`;
  return metric.label ?? metric.sqlExpression;
}

/** Operator ids of the filter popover (spec §3 vocabulary) and how each reads. */
export const FILTER_OPERATOR_LABELS: Record<string, string> = {
  EQUALS: 'Equal to (=)',
  NOT_EQUALS: 'Not equal to (≠)',
  LESS_THAN: 'Less than (<)',
  LESS_THAN_OR_EQUAL: 'Less or equal (<=)',
  GREATER_THAN: 'Greater than (>)',
  GREATER_THAN_OR_EQUAL: 'Greater or equal (>=)',
  IN: 'In',
  NOT_IN: 'Not in',
  LIKE: 'Like',
  NOT_LIKE: 'Not like',
  ILIKE: 'Like (case insensitive)',
  IS_NULL: 'Is null',
  IS_NOT_NULL: 'Is not null',
  LATEST_PARTITION: 'Latest partition',
  IS_TRUE: 'Is true',
  IS_FALSE: 'Is false',
  TEMPORAL_RANGE: 'Time range',
};

export const formatComparator = (value: unknown) => (Array.isArray(value) ? `(${value.map(String).join(', ')})` : value === undefined || value === null ? '' : String(value));

/** A filter chip's text: `col = value`, `col IN (a, b)`, `ds (Last week)` for a time range, or its SQL. */
export function filterLabel(filter: AdhocFilter): string {
  if (filter.expressionType === 'SQL') return filter.sqlExpression;
  const subject = columnLabel(filter.subject);
  if (normalizeFilterOperator(filter.operator, filter.operatorId) === FILTER_OPERATORS.TEMPORAL_RANGE) {
    const range = typeof filter.comparator === 'string' && filter.comparator.trim() ? filter.comparator : NO_FILTER;
    return `${subject} (${range})`;
  }
  const operator = filter.operator;
  if (/NULL|TRUE|FALSE/.test(operator)) return `${subject} ${operator}`;
  return `${subject} ${operator} ${formatComparator(filter.comparator)}`.trim();
}
