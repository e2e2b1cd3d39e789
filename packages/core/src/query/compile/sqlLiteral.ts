import { toSqlTimestampText } from '../../time/calendar.js';
import { QueryCompileError, type DatasourceColumn, type SqlDialect } from '../types.js';
import { fillTemplate, quoteString } from './quote.js';

const NUMERIC_TEXT = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/u;

export const booleanLiteral = (value: boolean, dialect: SqlDialect) => (dialect.supportsBooleanLiterals ? (value ? 'TRUE' : 'FALSE') : value ? '1' : '0');

/** `date` as the dialect's timestamp literal. */
export function timestampLiteral(date: Date, dialect: SqlDialect): string {
  if (Number.isNaN(date.getTime())) throw new QueryCompileError('Invalid date in a filter value.', 'INVALID_PAYLOAD_SCHEMA_ERROR');
  // The template's `{value}` sits inside its own quotes; the text is digits, '-', ':', '.', ' ' only.
  return fillTemplate(dialect.timestampLiteral, {
    value: toSqlTimestampText(date),
  });
}

const DATE_TYPE = /^\s*DATE\s*$/iu;
const MS_PER_DAY = 86_400_000;
/** Wall-clock ISO text without a zone, to the millisecond: `2024-01-07`, `2024-01-07T00:00:01`, `2024-01-07 00:00:01.5`. */
const NAIVE_ISO = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?))?$/u;

/**
 * An instant compared with `column`: the dialect's timestamp literal, except a midnight against a DATE column
 * of an engine that compares dates as text (dialect.dateLiteral), which gets the bare day so that the
 * comparison means what it means on engines with real dates.
 */
export function temporalLiteral(date: Date, column: DatasourceColumn | null, dialect: SqlDialect): string {
  if (dialect.dateLiteral && column?.type && DATE_TYPE.test(column.type) && date.getTime() % MS_PER_DAY === 0) {
    return fillTemplate(dialect.dateLiteral, { value: toSqlTimestampText(date).slice(0, 10) });
  }
  return timestampLiteral(date, dialect);
}

/** Naive ISO text as a UTC-wall-clock Date, or null. */
function naiveIsoDate(text: string): Date | null {
  const m = NAIVE_ISO.exec(text.trim());
  if (!m) return null;
  const date = new Date(`${m[1]}T${m[2] ?? '00:00'}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A filter value as SQL. Nothing is pasted raw: numbers only when they are finite JS numbers (or numeric text
 * compared with a numeric column), text always through the dialect's string escaping.
 */
export function sqlLiteral(value: unknown, column: DatasourceColumn | null, dialect: SqlDialect): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new QueryCompileError(`Invalid filter value: ${String(value)}`, 'INVALID_PAYLOAD_SCHEMA_ERROR');
    // Epoch milliseconds against a temporal column (cross-filters on a time axis send them).
    if (column && (column.is_dttm || column.generic_type === 'Temporal')) return temporalLiteral(new Date(value), column, dialect);
    return String(value);
  }
  if (typeof value === 'boolean') return booleanLiteral(value, dialect);
  if (typeof value === 'string') {
    // Boolean columns get 'true'/'false' text from URL params and native filters; MySQL would compare 1 with 'true'.
    if (column?.generic_type === 'Boolean' && /^(true|false)$/iu.test(value.trim())) return booleanLiteral(value.trim().toLowerCase() === 'true', dialect);
    // MySQL's BOOLEAN is TINYINT(1) (BIT(1) the other habit): 'true' would be compared as 0 there, so it means 1.
    if (column?.type && /^(TINYINT|BIT)\(1\)/iu.test(column.type) && /^(true|false)$/iu.test(value.trim())) return value.trim().toLowerCase() === 'true' ? '1' : '0';
    // ISO text against a real temporal column is that instant: engines without date types (SQLite) would
    // compare '2024-01-07T00:00:01' with '2024-01-07 00:00:01' as text.
    if (column?.generic_type === 'Temporal') {
      const date = naiveIsoDate(value);
      if (date) return temporalLiteral(date, column, dialect);
    }
    if (column?.generic_type === 'Numeric' && NUMERIC_TEXT.test(value.trim()) && Number.isFinite(Number(value))) return value.trim();
    return quoteString(value, dialect);
  }
  throw new QueryCompileError(`Invalid filter value: ${JSON.stringify(value) ?? String(value)}`, 'INVALID_PAYLOAD_SCHEMA_ERROR');
}
