import {
  Bool,
  DataType,
  DateDay,
  DateUnit,
  Dictionary,
  Field,
  Float64,
  Int32,
  Int64,
  makeData,
  makeVector,
  RecordBatch,
  Schema,
  Struct,
  Table,
  tableFromIPC,
  tableToIPC,
  TimestampMicrosecond,
  TimeUnit,
  Utf8,
  type Data,
  type Vector,
} from 'apache-arrow';
import { temporalTextCache, type GenericType } from '@tessera/core';
import type { CellValue, QueryResult, ResultColumn, ResultVector } from '../connectors/types.js';
import { DICTIONARY_MIN_ROWS, dictionaryLimit, exactInteger } from '../connectors/values.js';
import { jsonText } from './jsonText.js';

/*
 * Columnar contract for the web client (Arrow IPC stream, one record batch):
 * - BIGINT-like engine types (and any integer column holding values beyond 2^53) -> Int64 (bigint in JS)
 * - other integer columns within int32 -> Int32; other numerics -> Float64; booleans -> Bool
 * - temporals -> Utf8 with the engine's own text; strings -> Utf8; nested values -> Utf8 JSON text;
 *   except where the connector gave typed vectors (QueryResult.vectors): DATE -> DateDay and
 *   TIMESTAMP -> Timestamp[us] without zone, wall-clock counts readers print as the engine would
 *   (core's temporalTextCache)
 * - string-like columns with few distinct values -> Dictionary<Int32, Utf8> (readers see plain strings
 *   through Vector.get; the stream is smaller and faster to build and to read)
 * Field metadata: `engine_type` (engine's type name), `generic_type` (Numeric|String|Temporal|Boolean),
 * `json` = '1' for nested values written as JSON text.
 */

const BIG_INT_TYPE = /^(BIGINT|INT8|LONG|HUGEINT|UBIGINT|UHUGEINT|BIGSERIAL|INT64)\b/;
const FLOAT_TYPE = /^(DOUBLE|FLOAT|REAL|DECIMAL|NUMERIC|NUMBER|DEC|MONEY)\b/;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

function nullBitmap(values: readonly CellValue[]): { bitmap: Uint8Array; nulls: number } {
  const bitmap = new Uint8Array((values.length + 7) >> 3);
  let nulls = 0;
  for (let i = 0; i < values.length; i++) {
    if (values[i] === null || values[i] === undefined) nulls++;
    else bitmap[i >> 3]! |= 1 << (i & 7);
  }
  return { bitmap, nulls };
}

type Kind = 'int32' | 'int64' | 'float64' | 'bool' | 'utf8' | 'json';

function kindOf(column: ResultColumn, values: readonly CellValue[]): Kind {
  const type = column.type.toUpperCase();
  let big = false;
  let frac = false;
  let wide = false;
  let other = false;
  let nested = false;
  let bools = 0;
  let numbers = 0;
  for (const v of values) {
    if (v === null || v === undefined) continue;
    switch (typeof v) {
      case 'bigint':
        big = true;
        break;
      case 'number':
        numbers++;
        if (!Number.isInteger(v)) frac = true;
        else if (v < INT32_MIN || v > INT32_MAX) wide = true;
        break;
      case 'boolean':
        bools++;
        break;
      case 'string':
        other = true;
        break;
      default:
        nested = true;
    }
  }
  if (nested) return 'json';
  if (other) return 'utf8';
  if (bools > 0) return numbers > 0 || big ? 'utf8' : 'bool';
  if (column.genericType !== 'Numeric' && numbers === 0 && !big) return column.genericType === 'Boolean' ? 'bool' : 'utf8';
  if (big) return frac ? 'utf8' : 'int64';
  if (BIG_INT_TYPE.test(type)) return frac ? 'float64' : 'int64';
  if (frac || FLOAT_TYPE.test(type) || wide) return 'float64';
  return 'int32';
}

const encoder = new TextEncoder();

function utf8Data(values: readonly CellValue[], asJson: boolean): Data<Utf8> {
  const n = values.length;
  const { bitmap, nulls } = nullBitmap(values);
  const texts = new Array<string>(n);
  let chars = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    const s = v === null || v === undefined ? '' : typeof v === 'string' && !asJson ? v : asJson ? jsonText(v) : String(v);
    texts[i] = s;
    chars += s.length;
  }
  const offsets = new Int32Array(n + 1);
  let bytes: Uint8Array;
  // One encode of the joined text is far faster than one per value; when the text is pure ASCII
  // (bytes == chars), offsets are plain character counts.
  const joined = chars < 1 << 28 ? texts.join('') : null;
  const whole = joined === null ? null : Buffer.from(joined, 'utf8');
  if (whole && whole.length === chars) {
    let o = 0;
    for (let i = 0; i < n; i++) {
      o += texts[i]!.length;
      offsets[i + 1] = o;
    }
    bytes = whole;
  } else if (whole) {
    let o = 0;
    for (let i = 0; i < n; i++) {
      o += Buffer.byteLength(texts[i]!, 'utf8');
      offsets[i + 1] = o;
    }
    bytes = whole;
  } else {
    const parts = texts.map((t) => encoder.encode(t));
    let o = 0;
    parts.forEach((p, i) => {
      o += p.length;
      offsets[i + 1] = o;
    });
    bytes = Buffer.concat(parts);
  }
  return makeData({ type: new Utf8(), length: n, nullCount: nulls, nullBitmap: bitmap, valueOffsets: offsets, data: bytes });
}

let nextDictionaryId = 0;

/**
 * Dictionary-encodes a text column when its distinct values stay under MAX_DICTIONARY and half the rows;
 * null when it does not pay (the caller writes plain Utf8). Strings repeated by the connector are often the
 * same JS string, so the Map lookups stay cheap.
 */
function dictionaryData(values: readonly CellValue[]): { data: Data; type: Dictionary } | null {
  const n = values.length;
  const limit = dictionaryLimit(n);
  const codes = new Map<string, number>();
  const distinct: string[] = [];
  const indices = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v === null || v === undefined) continue;
    const text = typeof v === 'string' ? v : String(v);
    let code = codes.get(text);
    if (code === undefined) {
      if (distinct.length >= limit) return null;
      code = distinct.length;
      codes.set(text, code);
      distinct.push(text);
    }
    indices[i] = code;
  }
  const { bitmap, nulls } = nullBitmap(values);
  const type = new Dictionary(new Utf8(), new Int32(), nextDictionaryId++);
  const dictionary = makeVector(utf8Data(distinct, false));
  return { type, data: makeData({ type, length: n, nullCount: nulls, nullBitmap: bitmap, data: indices, dictionary }) };
}

function columnData(kind: Kind, values: readonly CellValue[]): Data {
  const n = values.length;
  const { bitmap, nulls } = nullBitmap(values);
  switch (kind) {
    case 'int32': {
      const data = new Int32Array(n);
      for (let i = 0; i < n; i++) data[i] = (values[i] as number | null) ?? 0;
      return makeData({ type: new Int32(), length: n, nullCount: nulls, nullBitmap: bitmap, data });
    }
    case 'int64': {
      const data = new BigInt64Array(n);
      for (let i = 0; i < n; i++) {
        const v = values[i];
        if (v !== null && v !== undefined) data[i] = BigInt(v as number | bigint);
      }
      return makeData({ type: new Int64(), length: n, nullCount: nulls, nullBitmap: bitmap, data });
    }
    case 'float64': {
      const data = new Float64Array(n);
      for (let i = 0; i < n; i++) data[i] = Number(values[i] ?? 0);
      return makeData({ type: new Float64(), length: n, nullCount: nulls, nullBitmap: bitmap, data });
    }
    case 'bool': {
      const data = new Uint8Array((n + 7) >> 3);
      for (let i = 0; i < n; i++) if (values[i] === true) data[i >> 3]! |= 1 << (i & 7);
      return makeData({ type: new Bool(), length: n, nullCount: nulls, nullBitmap: bitmap, data });
    }
    case 'utf8':
    case 'json':
      return utf8Data(values, kind === 'json');
  }
}

const ARROW_TYPE: Record<Kind, () => DataType> = {
  int32: () => new Int32(),
  int64: () => new Int64(),
  float64: () => new Float64(),
  bool: () => new Bool(),
  utf8: () => new Utf8(),
  json: () => new Utf8(),
};

/** Arrow data over a connector's typed vector: the arrays are used as they are, not copied. */
function vectorData(vector: Exclude<ResultVector, { type: 'cells' }>, length: number): { type: DataType; data: Data } {
  const nullable = vector.valid ? { nullBitmap: vector.valid } : { nullCount: 0 };
  // One case per type: makeData's overloads tie each Arrow type to its array type.
  switch (vector.type) {
    case 'int32':
      return { type: new Int32(), data: makeData({ type: new Int32(), length, ...nullable, data: vector.values }) };
    case 'int64':
      return { type: new Int64(), data: makeData({ type: new Int64(), length, ...nullable, data: vector.values }) };
    case 'float64':
      return { type: new Float64(), data: makeData({ type: new Float64(), length, ...nullable, data: vector.values }) };
    case 'bool':
      return { type: new Bool(), data: makeData({ type: new Bool(), length, ...nullable, data: vector.values }) };
    case 'date_day':
      return { type: new DateDay(), data: makeData({ type: new DateDay(), length, ...nullable, data: vector.values }) };
    case 'timestamp_us':
      return { type: new TimestampMicrosecond(), data: makeData({ type: new TimestampMicrosecond(), length, ...nullable, data: vector.values }) };
    case 'dictionary': {
      const type = new Dictionary(new Utf8(), new Int32(), nextDictionaryId++);
      const dictionary = makeVector(utf8Data(vector.dictionary, false));
      return { type, data: makeData({ type, length, ...nullable, data: vector.indices, dictionary }) };
    }
  }
}

/** Arrow IPC stream bytes of a columnar result, built straight from the column arrays. */
export function encodeArrow(result: QueryResult): Uint8Array {
  const fields: Field[] = [];
  const children: Data[] = [];
  const vectors = result.vectors;
  result.columns.forEach((column, i) => {
    const metadata = new Map([
      ['engine_type', column.type],
      ['generic_type', column.genericType],
    ]);
    const typed = vectors?.[i];
    if (typed && typed.type !== 'cells') {
      const { type, data } = vectorData(typed, result.rowCount);
      fields.push(new Field(column.name, type, true, metadata));
      children.push(data);
      return;
    }
    const all = typed?.type === 'cells' ? typed.values : (result.data[i] ?? []);
    const values = all.length === result.rowCount ? all : all.slice(0, result.rowCount);
    const kind = kindOf(column, values);
    if (kind === 'json') metadata.set('json', '1');
    // Duplicate column names are legal in SQL; Arrow fields keep them as they are.
    const dictionary = kind === 'utf8' && values.length >= DICTIONARY_MIN_ROWS ? dictionaryData(values) : null;
    if (dictionary) {
      fields.push(new Field(column.name, dictionary.type, true, metadata));
      children.push(dictionary.data);
      return;
    }
    fields.push(new Field(column.name, ARROW_TYPE[kind](), true, metadata));
    children.push(columnData(kind, values));
  });
  const schema = new Schema(fields);
  const struct = makeData({ type: new Struct(fields), length: result.rowCount, nullCount: 0, children });
  const table = new Table(schema, [new RecordBatch(schema, struct)]);
  return tableToIPC(table, 'stream');
}

/** Back from Arrow to a columnar result (for the JSON answer and CSV export of a stored result). */
/**
 * encodeArrow for a big result without holding the event loop for the whole encode: typed columns are
 * read one at a time with a turn of the loop between them, so requests (a result's head, polls) are
 * answered meanwhile.
 */
export async function encodeArrowYielding(result: QueryResult): Promise<Uint8Array> {
  const vectorAt = result.vectorAt;
  if (!vectorAt) return encodeArrow(result);
  const vectors: ResultVector[] = [];
  for (let c = 0; c < result.columns.length; c++) {
    await new Promise((resolve) => setImmediate(resolve));
    vectors.push(vectorAt(c));
  }
  await new Promise((resolve) => setImmediate(resolve));
  // Built field by field: a spread of the result would read its `data` getter, a value per cell.
  return encodeArrow({ columns: result.columns, data: [], vectors, rowCount: result.rowCount, truncated: result.truncated, rowsAffected: result.rowsAffected });
}

/** The first `rows` rows of a result; a connector holding chunks reads only the chunks they are in. */
export function headOf(result: QueryResult, rows: number): QueryResult {
  if (result.head) return result.head(rows);
  const n = Math.max(0, Math.min(rows, result.rowCount));
  return {
    columns: result.columns,
    data: result.data.map((column) => column.slice(0, n)),
    rowCount: n,
    truncated: n < result.rowCount || result.truncated,
    rowsAffected: result.rowsAffected,
  };
}

export function decodeArrow(bytes: Uint8Array, maxRows = Number.POSITIVE_INFINITY): QueryResult {
  const table = tableFromIPC(bytes);
  const rowCount = Math.min(table.numRows, maxRows);
  const columns: ResultColumn[] = [];
  const data: CellValue[][] = [];
  table.schema.fields.forEach((field, i) => {
    columns.push({
      name: field.name,
      type: field.metadata.get('engine_type') ?? '',
      genericType: (field.metadata.get('generic_type') ?? 'String') as GenericType,
    });
    const vector = table.getChildAt(i)!;
    const temporal = temporalText(vector, rowCount);
    if (temporal) {
      data.push(temporal);
      return;
    }
    const isJson = field.metadata.get('json') === '1';
    const out = new Array<CellValue>(rowCount);
    for (let r = 0; r < rowCount; r++) {
      const v = vector.get(r) as unknown;
      if (v === null || v === undefined) out[r] = null;
      else if (typeof v === 'bigint') out[r] = exactInteger(v);
      else if (isJson) out[r] = JSON.parse(v as string) as CellValue;
      else out[r] = v as CellValue;
    }
    data.push(out);
  });
  return { columns, data, rowCount, truncated: table.numRows > rowCount, rowsAffected: null };
}

/** DateDay / Timestamp[us] columns back to the engine's text; null for other types. */
function temporalText(vector: Vector, rowCount: number): CellValue[] | null {
  const isDay = DataType.isDate(vector.type) && vector.type.unit === DateUnit.DAY;
  const isMicros = DataType.isTimestamp(vector.type) && vector.type.unit === TimeUnit.MICROSECOND && !vector.type.timezone;
  if (!isDay && !isMicros) return null;
  const text = temporalTextCache();
  const out = new Array<CellValue>(rowCount);
  let row = 0;
  for (const chunk of vector.data) {
    const values = chunk.values as Int32Array | BigInt64Array;
    for (let i = 0; i < chunk.length && row < rowCount; i++, row++) {
      if (!chunk.getValid(i)) out[row] = null;
      else out[row] = isDay ? text.date(values[i] as number) : text.timestamp(Number(values[i] as bigint));
    }
  }
  return out;
}

/** The first `rows` rows of an Arrow stream, as a stream of their own (same schema and metadata). */
export function sliceArrow(bytes: Uint8Array, rows: number): Uint8Array {
  const table = tableFromIPC(bytes);
  return tableToIPC(table.slice(0, Math.max(0, rows)), 'stream');
}

/** Row count of stored Arrow bytes without decoding values. */
export function arrowRowCount(bytes: Uint8Array): number {
  return tableFromIPC(bytes).numRows;
}
