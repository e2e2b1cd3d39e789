import { DuckDBDataChunk, DuckDBTypeId, type DuckDBResultReader, type DuckDBVector } from '@duckdb/node-api';
import { isFastTemporalDay, temporalTextCache } from '@tessera/core';
import type { CellValue } from '../types.js';
import { exactInteger } from '../values.js';
import { duckdbCell } from './duckdbValues.js';
import { decodeInline, INLINE_MAX, InlineStringIndex } from './inlineStrings.js';

/**
 * Columnar read of a DuckDB result into `QueryResult.data`, without a JS value object per cell.
 *
 * `reader.getColumns()` builds one DuckDB value per cell (a `DuckDBTimestampValue` per timestamp, a
 * TextDecoder call per string) and `duckdbCell` then converts it: ~3 s for 1M rows × 8 columns. Here
 * common types are read straight from the vector memory the node API already maps (typed arrays over
 * the chunk's data and validity mask) and converted to the same `CellValue`s as `duckdbCell` would give:
 * - integers and floats: copied from the typed array (BIGINT/UBIGINT as number when safe, else bigint);
 * - BOOLEAN: byte != 0;
 * - VARCHAR: inline strings (<= 12 bytes) decoded once per distinct value while the column stays
 *   low-cardinality; longer strings through the node API's own getter;
 * - TIMESTAMP / DATE: formatted like the node API's `toString` (date part cached per day) when within
 *   ±~285 years of 1970; other values (infinity, far dates) through the node API's value.
 * Every other type, and any value outside a fast range, takes the per-value path (`duckdbCell`).
 *
 * The vector internals read here (`items`, `dataView`, `validity.data`, the reader's `chunks`) are private
 * fields of @duckdb/node-api (pinned at 1.5.5-r.5); their shape is checked and anything unexpected falls
 * back to the per-value path, so an upgrade that changes them costs speed, not correctness.
 */
export function duckdbColumns(reader: DuckDBResultReader, keep: number): CellValue[][] {
  const chunks = readerChunks(reader);
  const count = reader.columnCount;
  if (!chunks) return duckdbColumnsSlow(reader, keep);
  // Like reader.getColumns(): no chunk read means no columns at all.
  if (chunks.length === 0) return [];
  const columns: CellValue[][] = [];
  for (let c = 0; c < count; c++) columns.push(readColumn(chunks, c, reader.columnTypeId(c), keep));
  return columns;
}

/** The per-value path: what `reader.getColumns().map(... duckdbCell)` gives. Exported for tests and benches. */
export function duckdbColumnsSlow(reader: DuckDBResultReader, keep: number): CellValue[][] {
  return reader.getColumns().map((values) => values.slice(0, keep).map(duckdbCell));
}

export function readerChunks(reader: DuckDBResultReader): DuckDBDataChunk[] | null {
  const chunks = (reader as unknown as { chunks?: unknown }).chunks;
  if (!Array.isArray(chunks)) return null;
  for (const chunk of chunks) if (!(chunk instanceof DuckDBDataChunk)) return null;
  return chunks as DuckDBDataChunk[];
}

export interface VectorInternals {
  items?: unknown;
  dataView?: unknown;
  validity?: { data?: unknown };
}

/** Validity bitmap as bytes (bit i of byte i>>3 set when row i is valid), or null when all rows are valid. */
export function validityBytes(vector: DuckDBVector): Uint8Array | null | undefined {
  const validity = (vector as unknown as VectorInternals).validity;
  if (!validity || typeof validity !== 'object') return undefined;
  const data = validity.data;
  if (data === null) return null;
  if (data instanceof BigUint64Array) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return undefined;
}

/** Writes `rows` cells of one chunk's vector at out[base...]; false when the vector is not as expected. */
type Filler = (vector: DuckDBVector, rows: number, valid: Uint8Array | null, out: CellValue[], base: number) => boolean;

export function readColumn(chunks: DuckDBDataChunk[], column: number, typeId: DuckDBTypeId, keep: number): CellValue[] {
  // Filled by index: no regrowth of a million-cell array.
  const out = new Array<CellValue>(keep);
  const fill = fillerFor(typeId);
  let base = 0;
  for (const chunk of chunks) {
    if (base >= keep) break;
    const vector = chunk.getColumnVector(column);
    const rows = Math.min(vector.itemCount, keep - base);
    const valid = fill ? validityBytes(vector) : undefined;
    if (!(fill && valid !== undefined && fill(vector, rows, valid, out, base))) {
      for (let i = 0; i < rows; i++) out[base + i] = duckdbCell(vector.getItem(i));
    }
    base += rows;
  }
  // Fewer rows read than asked for: never leave holes.
  if (base < keep) out.length = base;
  return out;
}

function fillerFor(typeId: DuckDBTypeId): Filler | null {
  switch (typeId) {
    case DuckDBTypeId.TINYINT:
      return numberFiller(Int8Array);
    case DuckDBTypeId.SMALLINT:
      return numberFiller(Int16Array);
    case DuckDBTypeId.INTEGER:
      return numberFiller(Int32Array);
    case DuckDBTypeId.UTINYINT:
      return numberFiller(Uint8Array);
    case DuckDBTypeId.USMALLINT:
      return numberFiller(Uint16Array);
    case DuckDBTypeId.UINTEGER:
      return numberFiller(Uint32Array);
    case DuckDBTypeId.FLOAT:
      return numberFiller(Float32Array);
    case DuckDBTypeId.DOUBLE:
      return numberFiller(Float64Array);
    case DuckDBTypeId.BIGINT:
      return fillBigInt;
    case DuckDBTypeId.UBIGINT:
      return fillUBigInt;
    case DuckDBTypeId.BOOLEAN:
      return fillBoolean;
    case DuckDBTypeId.VARCHAR:
      return varcharFiller();
    case DuckDBTypeId.TIMESTAMP:
      return timestampFiller();
    case DuckDBTypeId.DATE:
      return dateFiller();
    default:
      return null;
  }
}

const isValid = (valid: Uint8Array | null, i: number): boolean => valid === null || ((valid[i >> 3]! >> (i & 7)) & 1) === 1;

type NumberArray = Int8Array | Int16Array | Int32Array | Uint8Array | Uint16Array | Uint32Array | Float32Array | Float64Array;

function numberFiller(kind: abstract new (...args: never[]) => NumberArray): Filler {
  return (vector, rows, valid, out, base) => {
    const items = (vector as unknown as VectorInternals).items;
    if (!(items instanceof kind) || items.length < rows) return false;
    if (valid === null) for (let i = 0; i < rows; i++) out[base + i] = items[i]!;
    else for (let i = 0; i < rows; i++) out[base + i] = isValid(valid, i) ? items[i]! : null;
    return true;
  };
}

export const TWO_32 = 4294967296;
/** |high word| below 2^21 keeps hi * 2^32 + lo within ±(2^53 - 1), where `exactInteger` gives a number. */
export const SAFE_HIGH = 2097152;

const fillBigInt: Filler = (vector, rows, valid, out, base) => {
  const items = (vector as unknown as VectorInternals).items;
  if (!(items instanceof BigInt64Array) || items.length < rows) return false;
  const words = new Int32Array(items.buffer, items.byteOffset, rows * 2);
  for (let i = 0; i < rows; i++) {
    if (!isValid(valid, i)) {
      out[base + i] = null;
      continue;
    }
    const hi = words[2 * i + 1]!;
    out[base + i] = hi > -SAFE_HIGH && hi < SAFE_HIGH ? hi * TWO_32 + (words[2 * i]! >>> 0) : exactInteger(items[i]!);
  }
  return true;
};

const fillUBigInt: Filler = (vector, rows, valid, out, base) => {
  const items = (vector as unknown as VectorInternals).items;
  if (!(items instanceof BigUint64Array) || items.length < rows) return false;
  const words = new Uint32Array(items.buffer, items.byteOffset, rows * 2);
  for (let i = 0; i < rows; i++) {
    if (!isValid(valid, i)) {
      out[base + i] = null;
      continue;
    }
    const hi = words[2 * i + 1]!;
    out[base + i] = hi < SAFE_HIGH ? hi * TWO_32 + words[2 * i]! : exactInteger(items[i]!);
  }
  return true;
};

export function bytesOf(vector: DuckDBVector, byteCount: number): Uint8Array | null {
  const view = (vector as unknown as VectorInternals).dataView;
  if (!(view instanceof DataView) || view.byteLength < byteCount) return null;
  return new Uint8Array(view.buffer, view.byteOffset, byteCount);
}

const fillBoolean: Filler = (vector, rows, valid, out, base) => {
  const bytes = bytesOf(vector, rows);
  if (!bytes) return false;
  for (let i = 0; i < rows; i++) out[base + i] = isValid(valid, i) ? bytes[i] !== 0 : null;
  return true;
};

/** Distinct inline strings kept per column before the index is dropped as not worth it. */
const STRING_CACHE_LIMIT = 65536;
const asText = (text: string): string => text;

/**
 * VARCHAR: inline strings (see inlineStrings.ts) are looked up by their words so each distinct value is
 * decoded once; pointed-to strings go through the node API's getter.
 */
function varcharFiller(): Filler {
  let index: InlineStringIndex<string> | null = new InlineStringIndex<string>();
  return (vector, rows, valid, out, base) => {
    const bytes = bytesOf(vector, rows * 16);
    if (!bytes || bytes.byteOffset % 4 !== 0) return false;
    const words = new Int32Array(bytes.buffer, bytes.byteOffset, rows * 4);
    for (let i = 0; i < rows; i++) {
      if (!isValid(valid, i)) {
        out[base + i] = null;
        continue;
      }
      const w = i * 4;
      const len = words[w]!;
      if (len < 0 || len > INLINE_MAX) out[base + i] = vector.getItem(i) as string;
      else if (index === null) out[base + i] = decodeInline(bytes, w * 4 + 4, len);
      else {
        out[base + i] = index.get(bytes, words, w, len, asText);
        if (index.size > STRING_CACHE_LIMIT) index = null;
      }
    }
    return true;
  };
}

function dateFiller(): Filler {
  const { date } = temporalTextCache();
  return (vector, rows, valid, out, base) => {
    const items = (vector as unknown as VectorInternals).items;
    if (!(items instanceof Int32Array) || items.length < rows) return false;
    for (let i = 0; i < rows; i++) {
      if (!isValid(valid, i)) out[base + i] = null;
      else {
        const days = items[i]!;
        out[base + i] = isFastTemporalDay(days) ? date(days) : duckdbCell(vector.getItem(i));
      }
    }
    return true;
  };
}

function timestampFiller(): Filler {
  const { timestamp } = temporalTextCache();
  let lastMicros = NaN;
  let lastText = '';
  return (vector, rows, valid, out, base) => {
    const items = (vector as unknown as VectorInternals).items;
    if (!(items instanceof BigInt64Array) || items.length < rows) return false;
    const words = new Int32Array(items.buffer, items.byteOffset, rows * 2);
    for (let i = 0; i < rows; i++) {
      if (!isValid(valid, i)) {
        out[base + i] = null;
        continue;
      }
      const hi = words[2 * i + 1]!;
      // Within ±2^53 µs (±285 years) of 1970 the count is an exact number.
      if (!(hi > -SAFE_HIGH && hi < SAFE_HIGH)) {
        out[base + i] = duckdbCell(vector.getItem(i));
        continue;
      }
      const micros = hi * TWO_32 + (words[2 * i]! >>> 0);
      if (micros !== lastMicros) {
        lastText = timestamp(micros);
        lastMicros = micros;
      }
      out[base + i] = lastText;
    }
    return true;
  };
}
