import type { AdhocFilter, QueryFilter } from '../contracts/chartData.js';
import { ensureIsArray } from './ensureIsArray.js';
import { getColumnLabel } from './getColumnLabel.js';
import { normalizeFilterOperator, SET_FILTER_OPERATORS, UNARY_FILTER_OPERATORS } from './normalizeFilterOperator.js';

export interface FilterInput {
  adhoc_filters?: AdhocFilter[] | null;
  /** Already-resolved filters (legacy extra_filters, dashboard native filters). */
  filters?: QueryFilter[] | null;
  /** Legacy free-form clauses some saved charts still carry. */
  where?: string | null;
  having?: string | null;
  extras?: Record<string, unknown>;
}

export interface ProcessedFilters {
  filters: QueryFilter[];
  extras: Record<string, unknown> & { where?: string; having?: string };
}

type SimpleAdhocFilter = Extract<AdhocFilter, { expressionType: 'SIMPLE' }>;

/** Turns a simple popover filter into a query filter; unknown operators are dropped rather than sent. */
export function convertFilter(filter: SimpleAdhocFilter): QueryFilter | undefined {
  const op = normalizeFilterOperator(filter.operator, filter.operatorId);
  if (!op) return undefined;
  const result: QueryFilter = { col: filter.subject, op };
  if (UNARY_FILTER_OPERATORS.has(op)) {
    // nothing to compare with
  } else if (SET_FILTER_OPERATORS.has(op)) {
    result.val = ensureIsArray(filter.comparator);
  } else {
    result.val = filter.comparator;
  }
  if (filter.isExtra) result.isExtra = true;
  return result;
}

function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return `'${String(value).replace(/'/g, "''")}'`;
}

/**
 * A simple HAVING filter has no structured slot in a query object (filters are WHERE-only), so it is written as
 * SQL text over the subject (usually a metric label or aggregate expression) and joins extras.having.
 */
export function simpleFilterToSql(filter: QueryFilter): string {
  const subject = typeof filter.col === 'string' ? filter.col : getColumnLabel(filter.col);
  if (UNARY_FILTER_OPERATORS.has(filter.op)) return `${subject} ${filter.op}`;
  if (SET_FILTER_OPERATORS.has(filter.op)) {
    const values = ensureIsArray(filter.val).map(sqlLiteral);
    return `${subject} ${filter.op} (${values.join(', ')})`;
  }
  return `${subject} ${filter.op} ${sqlLiteral(filter.val)}`;
}

function joinClauses(clauses: string[]): string | undefined {
  const present = clauses.map((c) => c.trim()).filter((c) => c.length > 0);
  return present.length > 0 ? present.map((c) => `(${c})`).join(' AND ') : undefined;
}

/**
 * Splits adhoc filters into the query object's structured `filters` (simple WHERE) and free-form
 * `extras.where` / `extras.having` (SQL filters and simple HAVING filters), each clause parenthesized and AND-ed.
 */
export function processFilters(formData: FilterInput): ProcessedFilters {
  const filters: QueryFilter[] = [...ensureIsArray(formData.filters)];
  const where = [formData.where, formData.extras?.where].filter((c): c is string => typeof c === 'string');
  const having = [formData.having, formData.extras?.having].filter((c): c is string => typeof c === 'string');

  for (const filter of ensureIsArray(formData.adhoc_filters)) {
    const clause = filter.clause ?? 'WHERE';
    if (filter.expressionType === 'SIMPLE') {
      const converted = convertFilter(filter);
      if (!converted) continue;
      if (clause === 'HAVING') having.push(simpleFilterToSql(converted));
      else filters.push(converted);
    } else if (clause === 'HAVING') {
      having.push(filter.sqlExpression);
    } else {
      where.push(filter.sqlExpression);
    }
  }

  const extras: ProcessedFilters['extras'] = { ...(formData.extras ?? {}) };
  delete extras.where;
  delete extras.having;
  const whereSql = joinClauses(where);
  const havingSql = joinClauses(having);
  if (whereSql) extras.where = whereSql;
  if (havingSql) extras.having = havingSql;
  return { filters, extras };
}
