import type { GenericType } from '@tessera/core';
import type { CellValue } from './types.js';

/**
 * Generic type of an engine type name. Shared by every connector because the four engines spell their
 * types alike; INTERVAL is not temporal (it is a duration, not a point in time).
 */
export function genericTypeOf(typeName: string): GenericType {
  const t = typeName.trim().toUpperCase();
  // Arrays, lists, structs and maps are shown as text whatever their element type.
  if (t.endsWith(']') || /^(STRUCT|MAP|LIST|UNION|ARRAY)\b/.test(t)) return 'String';
  if (/^(BOOL|BOOLEAN)\b/.test(t)) return 'Boolean';
  if (/^INTERVAL\b/.test(t)) return 'String';
  if (/^(DATE|DATETIME|TIME|TIMESTAMP|TIMESTAMPTZ|TIMETZ)\b/.test(t) || /^TIMESTAMP[_ ]/.test(t)) return 'Temporal';
  if (
    /^(U?(TINY|SMALL|MEDIUM|BIG|HUGE)?INT(EGER)?\d*|U?HUGEINT|UBIGINT|UINTEGER|USMALLINT|UTINYINT|UHUGEINT|SERIAL|BIGSERIAL|SMALLSERIAL|DECIMAL|NUMERIC|NUMBER|DEC|REAL|FLOAT\d*|DOUBLE|DOUBLE PRECISION|MONEY|OID|YEAR)\b/.test(
      t,
    )
  ) {
    return 'Numeric';
  }
  return 'String';
}

/** An integer as a JS number when exact, else as bigint: digits are never lost. */
export function exactInteger(value: bigint | number | string): number | bigint {
  const big = typeof value === 'bigint' ? value : BigInt(value);
  return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
}

/**
 * Decimal text from a driver (`'1.50'`, `'12345678901234567890'`, `'NaN'`): integral values stay exact
 * (number or bigint); fractional ones become JS numbers, as Superset returns floats for decimals.
 */
export function numericFromText(text: string): number | bigint {
  const s = text.trim();
  if (/^[+-]?\d+$/.test(s)) return exactInteger(s);
  const m = /^([+-]?\d+)\.0*$/.exec(s);
  if (m?.[1]) return exactInteger(m[1]);
  return Number(s);
}

/** Binary data as `\x` hex, the way PostgreSQL prints bytea. */
export function bytesToHex(bytes: Uint8Array): string {
  return '\\x' + Buffer.from(bytes).toString('hex');
}

/** Plain JS values (after driver parsing) to CellValue: dates/buffers to text, nested values kept as JSON-like data. */
export function toCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return value;
    case 'bigint':
      return exactInteger(value);
    case 'object':
      if (value instanceof Uint8Array) return bytesToHex(value);
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
      if (Array.isArray(value)) return value.map(toCell);
      return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, toCell(v)]));
    default:
      return String(value);
  }
}

/** When the engine gives no type (SQLite expressions), the first non-null value tells. */
export function genericTypeOfValues(values: readonly CellValue[]): GenericType {
  const v = values.find((x) => x !== null);
  if (typeof v === 'number' || typeof v === 'bigint') return 'Numeric';
  if (typeof v === 'boolean') return 'Boolean';
  return 'String';
}

/** Plain code-point order, the same on every engine (server collations disagree about `_` and case). */
export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * When a text column is written as a dictionary (codes into distinct values): from DICTIONARY_MIN_ROWS
 * rows on, with at most dictionaryLimit(rows) distinct values. Shared by the Arrow encoder and the
 * connectors that build dictionaries themselves, so both give the same stream.
 */
export const DICTIONARY_MIN_ROWS = 1024;
export const dictionaryLimit = (rows: number): number => Math.min(1 << 16, rows >> 1);
