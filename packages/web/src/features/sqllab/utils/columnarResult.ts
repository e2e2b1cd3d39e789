import { DataType, DateUnit, TimeUnit, type Table, type Vector } from 'apache-arrow';
import { temporalTextCache } from '@tessera/core';

/** A column read on demand: an Arrow vector or a plain array. */
export interface ResultColumnData {
  get(row: number): unknown;
  /** A cheaper value with the same order as `get` (sorting); `get` when absent. */
  sortKey?(row: number): unknown;
}

/** Rows of a result, kept columnar: no per-row or per-cell objects are ever built for the whole result. */
export interface ColumnarResult {
  rowCount: number;
  /**
   * Rows present so far, when fewer than rowCount: the head of a big result shown while the rest
   * downloads. Rows from here on read as not loaded (the grid draws placeholders, sorting waits).
   */
  loadedRows?: number;
  columnNames: string[];
  columns: ResultColumnData[];
}

class ArrayColumn implements ResultColumnData {
  constructor(private readonly values: unknown[]) {}
  get(row: number): unknown {
    return this.values[row];
  }
}

/**
 * DateDay and zone-less Timestamp[us] columns (day and microsecond counts) read as the engine's text,
 * formatted only for the cells that are shown; they sort by the counts. Null for other types.
 */
function temporalColumn(vector: Vector): ResultColumnData | null {
  const type = vector.type as DataType;
  const isDay = DataType.isDate(type) && type.unit === DateUnit.DAY;
  const isMicros = DataType.isTimestamp(type) && type.unit === TimeUnit.MICROSECOND && !type.timezone;
  if (!isDay && !isMicros) return null;
  const chunks = vector.data;
  const starts: number[] = [];
  let start = 0;
  for (const chunk of chunks) {
    starts.push(start);
    start += chunk.length;
  }
  const raw = (row: number): number | null => {
    let c = chunks.length - 1;
    while (c > 0 && starts[c]! > row) c -= 1;
    const chunk = chunks[c];
    const index = row - starts[c]!;
    if (!chunk || index >= chunk.length || !chunk.getValid(index)) return null;
    const value = (chunk.values as Int32Array | BigInt64Array)[index]!;
    return typeof value === 'bigint' ? Number(value) : value;
  };
  const text = temporalTextCache();
  return {
    get: (row) => {
      const value = raw(row);
      return value === null ? null : isDay ? text.date(value) : text.timestamp(value);
    },
    sortKey: raw,
  };
}

/** An Arrow table (from `tableFromIPC`): vectors are read lazily; Int64 stays bigint. */
export function fromArrowTable(table: Table): ColumnarResult {
  const columnNames = table.schema.fields.map((field) => field.name);
  const columns = columnNames.map((_name, i): ResultColumnData => {
    const vector = table.getChildAt(i);
    if (!vector) return new ArrayColumn([]);
    return temporalColumn(vector) ?? { get: (row: number) => vector.get(row) as unknown };
  });
  return { rowCount: table.numRows, columnNames, columns };
}

/** The JSON `data: [{col: value}]` form, transposed once into column arrays. */
export function fromRecords(records: Record<string, unknown>[], columnNames: string[]): ColumnarResult {
  const arrays = columnNames.map(() => new Array<unknown>(records.length));
  records.forEach((record, row) => {
    columnNames.forEach((name, col) => {
      arrays[col]![row] = record[name];
    });
  });
  return { rowCount: records.length, columnNames, columns: arrays.map((a) => new ArrayColumn(a)) };
}

/** Plain column arrays (tests, generated data). */
export function fromColumnArrays(columnNames: string[], arrays: ArrayLike<unknown>[], rowCount?: number): ColumnarResult {
  return {
    rowCount: rowCount ?? arrays[0]?.length ?? 0,
    columnNames,
    columns: arrays.map((values) => ({ get: (row: number) => values[row] })),
  };
}

/** Rows as records, for a small slice (copy, local storage). */
export function toRecords(result: ColumnarResult, start = 0, end = result.rowCount): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let row = start; row < Math.min(end, loadedRows(result)); row += 1) {
    const record: Record<string, unknown> = {};
    result.columnNames.forEach((name, col) => {
      record[name] = result.columns[col]!.get(row);
    });
    out.push(record);
  }
  return out;
}

/** Rows that can be read now. */
export const loadedRows = (result: ColumnarResult): number => Math.min(result.loadedRows ?? result.rowCount, result.rowCount);

/** The first rows of a result of `total` rows, shown while the rest downloads. */
export function asHead(head: ColumnarResult, total: number): ColumnarResult {
  return { ...head, rowCount: Math.max(total, head.rowCount), loadedRows: head.rowCount };
}
