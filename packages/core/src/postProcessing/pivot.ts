import { compareTuples, isNullCell, POST_PROCESSING_MAX_CELLS, requireColumn, resetIndex, tupleKey, type Frame } from './frame.js';
import { aggregateCells, validateAggregates } from './numeric.js';
import type { PivotOptions } from './options.js';
import { PostProcessingError } from './PostProcessingError.js';

const NULL_STRING = '<NULL>';

/**
 * pandas pivot_table as Superset calls it: one row per distinct index tuple (sorted), one column per aggregate and
 * distinct `columns` tuple (keys `[label, ...values]`, sorted on every level). Nulls in pivot columns become
 * '<NULL>'. With drop_missing_columns, index/column combinations whose aggregates are all missing are dropped, and
 * then all-missing columns; without it every observed combination is kept.
 */
export function pivot(input: Frame, options: PivotOptions): Frame {
  const index = options.index ?? [];
  const pivotColumns = options.columns ?? [];
  const aggregates = options.aggregates ?? {};
  if (index.length === 0) throw new PostProcessingError('Pivot operation requires at least one index');
  const labels = Object.keys(aggregates);
  if (labels.length === 0) throw new PostProcessingError('Pivot operation must include at least one aggregate');
  validateAggregates(aggregates);

  const frame = resetIndex(input);
  const column = (name: string) => frame.values[requireColumn(frame, name, 'pivot')[0]!]!;
  const indexValues = index.map(column);
  const pivotValues = pivotColumns.map(column);
  const sources = labels.map((label) => column(aggregates[label]!.column ?? label));
  const dropMissing = options.drop_missing_columns !== false;
  const fill = options.column_fill_value === undefined ? NULL_STRING : options.column_fill_value;

  // Rows and column tuples get integer ids and each (row, column tuple) pair a list of source row numbers, so the
  // hot loop allocates little (string keys and arrays per cell made large pivots slow).
  const rowIds = new Map<string, number>();
  const rowKeys: unknown[][] = [];
  const rowCells: Map<number, number[]>[] = [];
  const colIds = new Map<string, number>();
  const colKeys: unknown[][] = [];
  const pivotCell = (v: unknown[], r: number): unknown => {
    const cell = v[r];
    return isNullCell(cell) ? (fill ? fill : null) : cell;
  };
  for (let r = 0; r < frame.length; r += 1) {
    const rk = rowKeyAt(indexValues, r, dropMissing);
    if (rk === undefined) continue;
    const ck = columnKeyAt(pivotValues, r, pivotCell);
    if (ck === undefined) continue;
    let rowId = rowIds.get(rk);
    if (rowId === undefined) {
      rowId = rowKeys.length;
      rowIds.set(rk, rowId);
      rowKeys.push(indexValues.map((v) => v[r] ?? null));
      rowCells.push(new Map());
    }
    let colId = colIds.get(ck);
    if (colId === undefined) {
      colId = colKeys.length;
      colIds.set(ck, colId);
      colKeys.push(pivotValues.map((v) => pivotCell(v, r)));
    }
    const cells = rowCells[rowId]!;
    const bucket = cells.get(colId);
    if (bucket) bucket.push(r);
    else cells.set(colId, [r]);
  }

  // Aggregate each (row, column tuple); drop_missing_columns drops combinations with nothing but missing values,
  // and rows left with no combination at all.
  const order = rowKeys.map((_, i) => i).sort((a, b) => compareTuples(rowKeys[a]!, rowKeys[b]!));
  const aggregatedRows: { rowId: number; cells: [number, unknown[]][] }[] = [];
  for (const rowId of order) {
    const cells: [number, unknown[]][] = [];
    for (const [colId, bucket] of rowCells[rowId]!) {
      const aggregated = labels.map((label, i) => aggregateCells(bucket.map((r) => sources[i]![r]), aggregates[label]!));
      if (dropMissing && aggregated.every(isNullCell)) continue;
      cells.push([colId, aggregated]);
    }
    if (cells.length > 0 || !dropMissing) aggregatedRows.push({ rowId, cells });
  }
  const keptRows = aggregatedRows.map((row) => rowKeys[row.rowId]!);

  const cellCount = labels.length * colKeys.length * aggregatedRows.length;
  if (cellCount > POST_PROCESSING_MAX_CELLS) {
    throw new PostProcessingError(
      `The pivot would hold ${cellCount.toLocaleString('en-US')} cells (more than ${POST_PROCESSING_MAX_CELLS.toLocaleString('en-US')}): pivot on fewer distinct values or lower the row limit.`,
    );
  }
  let keys: unknown[][] = [];
  let values: unknown[][] = [];
  for (const label of labels) {
    for (const colKey of colKeys) {
      keys.push([label, ...colKey]);
      values.push(new Array<unknown>(aggregatedRows.length).fill(null));
    }
  }
  aggregatedRows.forEach((row, r) => {
    for (const [colId, aggregated] of row.cells) {
      aggregated.forEach((v, i) => {
        values[i * colKeys.length + colId]![r] = v;
      });
    }
  });
  if (dropMissing) {
    const keep = values.map((col) => col.some((v) => !isNullCell(v)));
    keys = keys.filter((_, i) => keep[i]);
    values = values.filter((_, i) => keep[i]);
  }
  if (options.metric_fill_value !== undefined && options.metric_fill_value !== null) {
    const fillValue = options.metric_fill_value;
    values = values.map((col) => col.map((v) => (isNullCell(v) ? fillValue : v)));
  }
  let columns = keys;
  if (options.combine_value_with_metric) columns = columns.map((key) => [...key.slice(1), key[0]]);

  const columnOrder = columns.map((_, i) => i).sort((a, b) => compareTuples(columns[a]!, columns[b]!));
  let result: Frame = {
    indexNames: [...index],
    index: index.map((_, level) => keptRows.map((key) => key[level])),
    columns: columnOrder.map((i) => columns[i]!),
    values: columnOrder.map((i) => values[i]!),
    length: keptRows.length,
  };
  if (options.combine_value_with_metric) result = dropEmptyRows(result);
  return result;
}

function scalarKey(v: unknown): string | undefined {
  return v === null || typeof v !== 'object' ? `${typeof v}:${String(v)}` : undefined;
}

/** Map key of row r's index tuple; undefined when the row is left out (a missing index value under dropna). */
function rowKeyAt(columns: unknown[][], r: number, dropMissing: boolean): string | undefined {
  if (dropMissing && columns.some((v) => isNullCell(v[r]))) return undefined;
  if (columns.length === 1) {
    const key = scalarKey(columns[0]![r] ?? null);
    if (key !== undefined) return key;
  }
  return tupleKey(columns.map((v) => v[r] ?? null));
}

/** Map key of row r's pivot column tuple; undefined when a value is missing and there is no fill value. */
function columnKeyAt(columns: unknown[][], r: number, cell: (v: unknown[], r: number) => unknown): string | undefined {
  if (columns.length === 0) return '';
  if (columns.length === 1) {
    const v = cell(columns[0]!, r);
    if (isNullCell(v)) return undefined;
    const key = scalarKey(v);
    if (key !== undefined) return key;
  }
  const tuple = columns.map((v) => cell(v, r));
  return tuple.some(isNullCell) ? undefined : tupleKey(tuple);
}

/** Stacking drops rows with no value at all (pandas stack's dropna). */
function dropEmptyRows(frame: Frame): Frame {
  const rows: number[] = [];
  for (let r = 0; r < frame.length; r += 1) if (frame.values.some((col) => !isNullCell(col[r]))) rows.push(r);
  if (rows.length === frame.length) return frame;
  return {
    ...frame,
    index: frame.index.map((level) => rows.map((r) => level[r])),
    values: frame.values.map((col) => rows.map((r) => col[r])),
    length: rows.length,
  };
}
