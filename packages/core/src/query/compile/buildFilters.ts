import { FILTER_OPERATORS, type QueryFilter } from '../../contracts/chartData.js';
import { resolveTimeRange, type TimeRangeBounds } from '../../time/resolveTimeRange.js';
import { TimeRangeError } from '../../time/timeRangeError.js';
import { QueryCompileError, type DatasourceColumn, type SqlDialect } from '../types.js';
import { checkCustomSql } from './checkCustomSql.js';
import { resolveColumnRef, type ColumnRef } from './columnSql.js';
import { applyTimeGrain } from './resolveColumns.js';
import { rowLevelSecurityConditions } from './rowLevelSecurity.js';
import type { CompileContext } from './context.js';
import { booleanLiteral, sqlLiteral, temporalLiteral } from './sqlLiteral.js';

export interface FilterPlan {
  /** WHERE conditions, each safe to AND together. */
  where: string[];
  having: string[];
  appliedFilters: { column: string }[];
  rejectedFilters: { column: string; reason: string }[];
  /** Bounds of the first time range applied. */
  timeBounds: TimeRangeBounds | null;
}

const bad = (message: string) => new QueryCompileError(message, 'INVALID_PAYLOAD_SCHEMA_ERROR');

/** Resolves a time range text, turning grammar errors into compile errors the server reports as 400. */
export function resolveRange(text: string, ctx: CompileContext): TimeRangeBounds {
  try {
    const relative = (value: string | undefined) => (value === 'now' ? 'now' : 'today');
    return resolveTimeRange(text, ctx.options.now, {
      relativeStart: relative(ctx.query.extras?.relative_start),
      relativeEnd: relative(ctx.query.extras?.relative_end),
    });
  } catch (error) {
    if (error instanceof TimeRangeError) throw new QueryCompileError(error.message, 'INVALID_PAYLOAD_SCHEMA_ERROR', { time_range: text });
    throw error;
  }
}

/** `sql >= since AND sql < until`; `column` is the dataset column `sql` reads as is (its type picks the literal). */
export function timeRangeCondition(sql: string, bounds: TimeRangeBounds, dialect: SqlDialect, column: DatasourceColumn | null = null): string | null {
  const parts: string[] = [];
  if (bounds.since) parts.push(`${sql} >= ${temporalLiteral(bounds.since, column, dialect)}`);
  if (bounds.until) parts.push(`${sql} < ${temporalLiteral(bounds.until, column, dialect)}`);
  return parts.length === 0 ? null : parts.join(' AND ');
}

/** The query's filters, legacy time range and custom WHERE/HAVING as SQL conditions. */
export function buildFilters(ctx: CompileContext): FilterPlan {
  const plan: FilterPlan = {
    where: [],
    having: [],
    appliedFilters: [],
    rejectedFilters: [],
    timeBounds: null,
  };
  const { query, dialect } = ctx;
  // Row level security first: every query built on this plan (series limit, row count, samples) inherits it.
  plan.where.push(...rowLevelSecurityConditions(ctx.options.rowLevelSecurity, dialect));
  const filters = [...(query.filters ?? [])];
  const hasTemporalFilter = filters.some((f) => f.op === FILTER_OPERATORS.TEMPORAL_RANGE);
  // Legacy queries carry the range in time_range and the column in granularity; an unknown time column
  // is an error, never a range silently dropped (the answer would cover all time).
  if (query.granularity && resolveColumnRef(query.granularity, ctx.datasource, dialect) === null) {
    throw new QueryCompileError(`Time column "${query.granularity}" does not exist in dataset`, 'COLUMN_DOES_NOT_EXIST_ERROR', { invalid: [query.granularity] });
  }
  if (query.granularity && query.time_range && !hasTemporalFilter) {
    filters.push({
      col: query.granularity,
      op: FILTER_OPERATORS.TEMPORAL_RANGE,
      val: query.time_range,
    });
  }
  for (const filter of filters) {
    const ref = resolveColumnRef(filter.col, ctx.datasource, dialect);
    if (ref === null) {
      plan.rejectedFilters.push({
        column: filter.col as string,
        reason: 'not_in_datasource',
      });
      continue;
    }
    // A filter from a time axis (cross-filter, drill) compares the bucket, not the raw value.
    // A bucket is a timestamp whatever the column's type (a DATE column's buckets are no longer dates).
    const bucketed =
      filter.grain && filter.op !== FILTER_OPERATORS.TEMPORAL_RANGE
        ? { ...ref, sql: applyTimeGrain(ref.sql, filter.grain, dialect), column: ref.column && { ...ref.column, type: null } }
        : ref;
    const condition = filterCondition(filter, bucketed, ctx, plan);
    if (condition !== null) plan.where.push(condition);
    plan.appliedFilters.push({ column: ref.label });
  }
  alsoFilterMainDttm(ctx, filters, plan);
  // A query-level time_range with no time column filters nothing, but still says which period the query is
  // about (Superset's from_dttm / to_dttm), which time comparisons shift.
  if (!plan.timeBounds && query.time_range) plan.timeBounds = resolveRange(query.time_range, ctx);
  const where = query.extras?.where?.trim();
  if (where) plan.where.push(`(${checkCustomSql(where, dialect, 'WHERE clause')})`);
  const having = query.extras?.having?.trim();
  if (having) plan.having.push(`(${checkCustomSql(having, dialect, 'HAVING clause')})`);
  return plan;
}

/**
 * Dataset setting always_filter_main_dttm: a time range on another temporal column also applies to the main
 * datetime column, so partition-like main columns are always bounded.
 */
function alsoFilterMainDttm(ctx: CompileContext, filters: QueryFilter[], plan: FilterPlan): void {
  const main = ctx.datasource.main_dttm_col;
  if (!ctx.datasource.always_filter_main_dttm || !main || !plan.timeBounds) return;
  const temporal = filters.filter((f) => f.op === FILTER_OPERATORS.TEMPORAL_RANGE);
  if (temporal.some((f) => f.col === main)) return;
  const ref = resolveColumnRef(main, ctx.datasource, ctx.dialect);
  if (!ref) return;
  const condition = timeRangeCondition(ref.sql, plan.timeBounds, ctx.dialect, ref.column);
  if (condition !== null) plan.where.push(condition);
}

function filterCondition(filter: QueryFilter, ref: ColumnRef, ctx: CompileContext, plan: FilterPlan): string | null {
  const { dialect } = ctx;
  const col = ref.sql;
  const literal = (value: unknown) => sqlLiteral(value, ref.column, dialect);
  const single = (): unknown => {
    if (Array.isArray(filter.val)) {
      if (filter.val.length !== 1) throw bad(`The ${filter.op} filter on ${ref.label} expects a single value.`);
      return filter.val[0] as unknown;
    }
    return filter.val;
  };
  switch (filter.op) {
    case '==':
    case '!=': {
      const value = single();
      if (value === null || value === undefined) return `${col} ${filter.op === '==' ? 'IS NULL' : 'IS NOT NULL'}`;
      return `${col} ${filter.op === '==' ? '=' : '<>'} ${literal(value)}`;
    }
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const value = single();
      if (value === null || value === undefined) throw bad(`The ${filter.op} filter on ${ref.label} needs a value.`);
      return `${col} ${filter.op} ${literal(value)}`;
    }
    case 'IN':
    case 'NOT IN': {
      const values: unknown[] = Array.isArray(filter.val) ? (filter.val as unknown[]) : filter.val === undefined ? [] : [filter.val];
      const hasNull = values.some((v) => v === null);
      const list = values.filter((v) => v !== null && v !== undefined).map(literal);
      if (filter.op === 'IN') {
        const parts = [...(list.length > 0 ? [`${col} IN (${list.join(', ')})`] : []), ...(hasNull ? [`${col} IS NULL`] : [])];
        // An empty IN list matches nothing (SQL has no `IN ()`).
        return parts.length === 0 ? '1 = 0' : parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`;
      }
      const parts = [...(list.length > 0 ? [`${col} NOT IN (${list.join(', ')})`] : []), ...(hasNull ? [`${col} IS NOT NULL`] : [])];
      return parts.length === 0 ? null : parts.length === 1 ? parts[0]! : `(${parts.join(' AND ')})`;
    }
    case 'LIKE':
    case 'NOT LIKE':
    case 'ILIKE': {
      const value = single();
      if (typeof value !== 'string') throw bad(`The ${filter.op} filter on ${ref.label} needs a text pattern.`);
      const pattern = sqlLiteral(value, null, dialect);
      // Backslash escapes `%`, `_` and itself on every engine (PostgreSQL's and MySQL's default; DuckDB and
      // SQLite have no escape character unless told).
      const escape = `ESCAPE ${sqlLiteral('\\', null, dialect)}`;
      if (filter.op !== 'ILIKE') return `${col} ${filter.op} ${pattern} ${escape}`;
      return dialect.supportsIlike ? `${col} ILIKE ${pattern} ${escape}` : `LOWER(${col}) LIKE LOWER(${pattern}) ${escape}`;
    }
    case 'IS NULL':
      return `${col} IS NULL`;
    case 'IS NOT NULL':
      return `${col} IS NOT NULL`;
    case 'IS TRUE':
    case 'IS FALSE': {
      const value = filter.op === 'IS TRUE';
      return dialect.supportsBooleanLiterals ? `${col} IS ${booleanLiteral(value, dialect)}` : `${col} = ${booleanLiteral(value, dialect)}`;
    }
    case 'TEMPORAL_RANGE': {
      const text = filter.val ?? 'No filter';
      if (typeof text !== 'string') throw bad(`The TEMPORAL_RANGE filter on ${ref.label} needs a time range text.`);
      const bounds = resolveRange(text, ctx);
      plan.timeBounds ??= bounds;
      return timeRangeCondition(col, bounds, dialect, ref.column);
    }
    case 'LATEST PARTITION':
      throw new QueryCompileError('The LATEST PARTITION filter is not supported by this database.', 'GENERIC_COMMAND_ERROR', { column: ref.label });
  }
}
