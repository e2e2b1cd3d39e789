import { DuckDBTypeId, type DuckDBDataChunk, type DuckDBVector } from '@duckdb/node-api';
import { isFastTemporalDay, MICROS_PER_DAY } from '@tessera/core';
import type { CellValue, ResultVector } from '../types.js';
import { DICTIONARY_MIN_ROWS, dictionaryLimit } from '../values.js';
import { bytesOf, SAFE_HIGH, TWO_32, validityBytes, type VectorInternals } from './duckdbColumns.js';
import { INLINE_MAX, InlineStringIndex } from './inlineStrings.js';

/**
 * Typed columns (QueryResult.vectors) straight from DuckDB's chunk memory: numbers are copied array to
 * array, validity masks bit to bit (DuckDB's mask and Arrow's bitmap share a layout), low-cardinality
 * VARCHAR becomes dictionary codes keyed by the inline string bytes (no JS string per row), TIMESTAMP
 * and DATE stay microsecond / day counts. A million rows take milliseconds per column instead of the
 * hundreds a value per cell costs. A column whose type or values do not fit (UINTEGER, far dates,
 * high-cardinality text, unexpected vector internals) comes from `cells(c)`, the per-value reader.
 */
export function duckdbVectors(
  chunks: readonly DuckDBDataChunk[],
  typeIds: readonly DuckDBTypeId[],
  keep: number,
  cells: (column: number) => CellValue[],
): ResultVector[] {
  return typeIds.map((typeId, c) => duckdbVector(chunks, c, typeId, keep, cells));
}

/** One column of duckdbVectors. */
export function duckdbVector(
  chunks: readonly DuckDBDataChunk[],
  column: number,
  typeId: DuckDBTypeId,
  keep: number,
  cells: (column: number) => CellValue[],
): ResultVector {
  return typedVector(chunks, column, typeId, keep) ?? { type: 'cells', values: cells(column) };
}

function typedVector(chunks: readonly DuckDBDataChunk[], column: number, typeId: DuckDBTypeId, keep: number): ResultVector | null {
  switch (typeId) {
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
      return numbers(chunks, column, keep, new Int32Array(keep), 'int32');
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
      return numbers(chunks, column, keep, new Float64Array(keep), 'float64');
    case DuckDBTypeId.BIGINT:
      return numbers(chunks, column, keep, new BigInt64Array(keep), 'int64');
    case DuckDBTypeId.DATE:
      return numbers(chunks, column, keep, new Int32Array(keep), 'date_day', fastDays);
    case DuckDBTypeId.TIMESTAMP:
      return numbers(chunks, column, keep, new BigInt64Array(keep), 'timestamp_us', fastMicros);
    case DuckDBTypeId.BOOLEAN:
      return booleans(chunks, column, keep);
    case DuckDBTypeId.VARCHAR:
      return keep >= DICTIONARY_MIN_ROWS ? dictionary(chunks, column, keep) : null;
    default:
      return null;
  }
}

type Typed = Int32Array | Float64Array | BigInt64Array;
type NumericKind = 'int32' | 'float64' | 'int64' | 'date_day' | 'timestamp_us';

/** Walks the chunks of one column; `read` copies one chunk's values and says false to give up. */
function eachChunk(
  chunks: readonly DuckDBDataChunk[],
  column: number,
  keep: number,
  read: (vector: DuckDBVector, rows: number, base: number, valid: Uint8Array | null) => boolean,
): { valid: Uint8Array | null } | null {
  const bits = new Uint8Array((keep + 7) >> 3);
  let nulls = 0;
  let base = 0;
  for (const chunk of chunks) {
    if (base >= keep) break;
    const vector = chunk.getColumnVector(column);
    const rows = Math.min(vector.itemCount, keep - base);
    const valid = validityBytes(vector);
    if (valid === undefined || !read(vector, rows, base, valid)) return null;
    nulls += copyValidity(bits, base, valid, rows);
    base += rows;
  }
  if (base !== keep) return null;
  return { valid: nulls === 0 ? null : bits };
}

function numbers(
  chunks: readonly DuckDBDataChunk[],
  column: number,
  keep: number,
  out: Typed,
  type: NumericKind,
  check?: (items: Typed, rows: number, valid: Uint8Array | null) => boolean,
): ResultVector | null {
  const done = eachChunk(chunks, column, keep, (vector, rows, base, valid) => {
    const items = (vector as unknown as VectorInternals).items;
    if (!ArrayBuffer.isView(items) || (items as Typed).length < rows) return false;
    const from = (items as Typed).subarray(0, rows);
    // BigInt64Array only takes bigint arrays, the number arrays only number arrays (with conversion).
    if ((out instanceof BigInt64Array) !== (from instanceof BigInt64Array)) return false;
    if (check && !check(from, rows, valid)) return false;
    (out as Int32Array).set(from as Int32Array, base);
    return true;
  });
  return done && ({ type, values: out, valid: done.valid } as ResultVector);
}

const isValid = (valid: Uint8Array | null, i: number): boolean => valid === null || ((valid[i >> 3]! >> (i & 7)) & 1) === 1;

/** Every valid day within the range the shared formatter prints exactly. */
function fastDays(items: Typed, rows: number, valid: Uint8Array | null): boolean {
  if (!(items instanceof Int32Array)) return false;
  for (let i = 0; i < rows; i++) if (isValid(valid, i) && !isFastTemporalDay(items[i]!)) return false;
  return true;
}

/** Every valid timestamp an exact number of microseconds on a day the shared formatter prints exactly. */
function fastMicros(items: Typed, rows: number, valid: Uint8Array | null): boolean {
  if (!(items instanceof BigInt64Array)) return false;
  const words = new Int32Array(items.buffer, items.byteOffset, rows * 2);
  for (let i = 0; i < rows; i++) {
    if (!isValid(valid, i)) continue;
    const hi = words[2 * i + 1]!;
    if (!(hi > -SAFE_HIGH && hi < SAFE_HIGH)) return false;
    if (!isFastTemporalDay(Math.floor((hi * TWO_32 + (words[2 * i]! >>> 0)) / MICROS_PER_DAY))) return false;
  }
  return true;
}

function booleans(chunks: readonly DuckDBDataChunk[], column: number, keep: number): ResultVector | null {
  const values = new Uint8Array((keep + 7) >> 3);
  const done = eachChunk(chunks, column, keep, (vector, rows, base) => {
    const bytes = bytesOf(vector, rows);
    if (!bytes) return false;
    for (let i = 0; i < rows; i++) if (bytes[i] !== 0) values[(base + i) >> 3]! |= 1 << ((base + i) & 7);
    return true;
  });
  return done && { type: 'bool', values, valid: done.valid };
}

const POPCOUNT = Uint8Array.from({ length: 256 }, (_, b) => {
  let n = 0;
  for (let v = b; v; v >>= 1) n += v & 1;
  return n;
});

/** Copies `rows` validity bits to dst at bit `at` (all set when src is null); returns the nulls among them. */
export function copyValidity(dst: Uint8Array, at: number, src: Uint8Array | null, rows: number): number {
  let set = 0;
  let i = 0;
  if ((at & 7) === 0) {
    const whole = rows >> 3;
    const start = at >> 3;
    if (src === null) dst.fill(0xff, start, start + whole);
    else dst.set(src.subarray(0, whole), start);
    for (let b = 0; b < whole; b++) set += POPCOUNT[dst[start + b]!]!;
    i = whole << 3;
  }
  for (; i < rows; i++) {
    if (src === null || ((src[i >> 3]! >> (i & 7)) & 1) === 1) {
      dst[(at + i) >> 3]! |= 1 << ((at + i) & 7);
      set++;
    }
  }
  return rows - set;
}

/**
 * VARCHAR as dictionary codes: inline strings are found by their words (inlineStrings.ts) without a JS
 * string per row; pointed-to strings come through the node API's getter. Null when the distinct values
 * pass dictionaryLimit: the column is better written as plain text.
 */
function dictionary(chunks: readonly DuckDBDataChunk[], column: number, keep: number): ResultVector | null {
  const limit = dictionaryLimit(keep);
  const indices = new Int32Array(keep);
  const distinct: string[] = [];
  const inline = new InlineStringIndex<number>();
  const long = new Map<string, number>();
  const add = (text: string): number => distinct.push(text) - 1;
  const done = eachChunk(chunks, column, keep, (vector, rows, base, valid) => {
    const bytes = bytesOf(vector, rows * 16);
    if (!bytes || bytes.byteOffset % 4 !== 0) return false;
    const words = new Int32Array(bytes.buffer, bytes.byteOffset, rows * 4);
    for (let i = 0; i < rows; i++) {
      if (!isValid(valid, i)) continue;
      const w = i * 4;
      const len = words[w]!;
      if (len >= 0 && len <= INLINE_MAX) indices[base + i] = inline.get(bytes, words, w, len, add);
      else {
        const text = vector.getItem(i) as string;
        let code = long.get(text);
        if (code === undefined) {
          code = add(text);
          long.set(text, code);
        }
        indices[base + i] = code;
      }
      if (distinct.length > limit) return false;
    }
    return true;
  });
  return done && { type: 'dictionary', indices, dictionary: distinct, valid: done.valid };
}
