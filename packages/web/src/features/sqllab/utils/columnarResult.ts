import type { Table } from 'apache-arrow';

/** A column read on demand: an Arrow vector or a plain array. */
export interface ResultColumnData {
  get(row: number): unknown;
}

/** Rows of a result, kept columnar: no per-row or per-cell objects are ever built for the whole result. */
export interface ColumnarResult {
  rowCount: number;
  columnNames: string[];
  columns: ResultColumnData[];
}

class ArrayColumn implements ResultColumnData {
  constructor(private readonly values: unknown[]) {}
  get(row: number): unknown {
    return this.values[row];
  }
}

/** An Arrow table (from `tableFromIPC`): vectors are read lazily; Int64 stays bigint. */
export function fromArrowTable(table: Table): ColumnarResult {
  const columnNames = table.schema.fields.map((field) => field.name);
  const columns = columnNames.map((_name, i): ResultColumnData => {
    const vector = table.getChildAt(i);
    return vector ? { get: (row: number) => vector.get(row) as unknown } : new ArrayColumn([]);
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
  for (let row = start; row < Math.min(end, result.rowCount); row += 1) {
    const record: Record<string, unknown> = {};
    result.columnNames.forEach((name, col) => {
      record[name] = result.columns[col]!.get(row);
    });
    out.push(record);
  }
  return out;
}
