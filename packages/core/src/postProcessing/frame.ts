import { isNumericColumn } from './numeric.js';
import { PostProcessingError } from './PostProcessingError.js';

/**
 * The table the operations pass along, a small column-major stand-in for a pandas DataFrame:
 * - `columns` are keys with one value per column level. A plain result has one level (`['count']`); a pivot adds
 *   levels (`['count', 'boy']`). A null cell is a removed level value (rename to null) and is skipped when names are
 *   flattened.
 * - `index` holds the row labels per level (`index[level][row]`), named by `indexNames`; a frame without index
 *   (row numbers) has `indexNames = []`.
 * - `values[column][row]`: cells as they came (numbers, text, booleans, null); operations write numbers or null,
 *   never NaN or Infinity.
 */
export interface Frame {
  indexNames: string[];
  index: unknown[][];
  columns: unknown[][];
  values: unknown[][];
  length: number;
}

export function columnLevels(frame: Frame): number {
  return frame.columns[0]?.length ?? 1;
}

/** A plain frame from result rows; `colnames` fixes the column order (else the keys in order of appearance). */
export function fromRecords(data: readonly Record<string, unknown>[], colnames?: readonly string[]): Frame {
  let names: string[];
  if (colnames && colnames.length > 0) {
    names = [...colnames];
  } else {
    const seen = new Set<string>();
    for (const row of data) for (const key of Object.keys(row)) seen.add(key);
    names = [...seen];
  }
  return {
    indexNames: [],
    index: [],
    columns: names.map((n) => [n]),
    values: names.map((n) => data.map((row) => (row[n] === undefined ? null : row[n]))),
    length: data.length,
  };
}

function escapeSeparator(text: string): string {
  return text.replace(/,/g, '\\,');
}

function cellText(cell: unknown): string {
  if (typeof cell === 'boolean') return cell ? 'True' : 'False';
  return String(cell);
}

/** The flat name of a column key: one-level keys keep their name; multi-level keys join non-null cells with ', '. */
export function flatColumnName(key: readonly unknown[]): string {
  if (key.length === 1) return key[0] === null || key[0] === undefined ? '' : cellText(key[0]);
  return joinColumnCells(key);
}

/** pandas flatten of a multi-level name: present cells as text, commas escaped, joined with ', '. */
export function joinColumnCells(key: readonly unknown[]): string {
  return key
    .filter((cell) => cell !== null && cell !== undefined)
    .map((cell) => escapeSeparator(cellText(cell)))
    .join(', ');
}

/** Index levels become leading columns (pandas reset_index); extra column levels of those keys are null. */
export function resetIndex(frame: Frame): Frame {
  if (frame.indexNames.length === 0) return frame;
  const levels = columnLevels(frame);
  const pad = (name: string) => [name, ...Array.from({ length: levels - 1 }, () => null)];
  return {
    indexNames: [],
    index: [],
    columns: [...frame.indexNames.map(pad), ...frame.columns],
    values: [...frame.index, ...frame.values],
    length: frame.length,
  };
}

/** Output rows: any index goes back to columns and multi-level names are flattened. */
export function toRecords(frame: Frame): { data: Record<string, unknown>[]; colnames: string[] } {
  const flat = resetIndex(frame);
  const colnames = flat.columns.map(flatColumnName);
  const data: Record<string, unknown>[] = [];
  for (let r = 0; r < flat.length; r += 1) {
    const row: Record<string, unknown> = {};
    colnames.forEach((name, c) => {
      row[name] = flat.values[c]![r];
    });
    data.push(row);
  }
  return { data, colnames };
}

/** Positions of the columns whose first level is `name` (pandas `df[name]` on multi-level columns). */
export function topLevelPositions(frame: Frame, name: string): number[] {
  const positions: number[] = [];
  frame.columns.forEach((key, i) => {
    if (key[0] === name) positions.push(i);
  });
  return positions;
}

/** Like topLevelPositions, failing with the operation's message when the column is absent. */
export function requireColumn(frame: Frame, name: string, operation: string): number[] {
  const positions = topLevelPositions(frame, name);
  if (positions.length === 0) {
    throw new PostProcessingError(`Referenced columns not available in DataFrame: ${name} (${operation})`);
  }
  return positions;
}

/**
 * Columns an analytics step (rolling, cum, diff, compare) works on. After a pivot, a metric whose every value was
 * missing (e.g. a time shift with no data a year ago) has been dropped with the empty series, and that must not
 * fail the chart: it simply has nothing to compute. A plain result still requires the column.
 */
export function analyticsColumns(frame: Frame, name: string, operation: string): number[] {
  const positions = frame.indexNames.length > 0 ? topLevelPositions(frame, name) : requireColumn(frame, name, operation);
  // Text would become nulls: the user's dimension wiped without a word. pandas refuses it too.
  if (positions.some((p) => !isNumericColumn(frame.values[p]!))) {
    throw new PostProcessingError(`Column "${name}" is not numeric: ${operation} needs numbers`);
  }
  return positions;
}

/** Values of a column or an index level by name (first match). */
export function seriesByName(frame: Frame, name: string): unknown[] | undefined {
  const level = frame.indexNames.indexOf(name);
  if (level >= 0) return frame.index[level];
  const position = topLevelPositions(frame, name)[0];
  return position === undefined ? undefined : frame.values[position];
}

/**
 * Writes computed columns back (Superset's source -> target column mapping): a target equal to its source replaces
 * the column in place; another name appends a new column (keeping the lower levels of the key).
 */
export function writeColumns(frame: Frame, computed: { position: number; target: string; values: unknown[] }[]): Frame {
  const columns = [...frame.columns];
  const values = [...frame.values];
  const appended: { key: unknown[]; values: unknown[] }[] = [];
  for (const { position, target, values: v } of computed) {
    const key = frame.columns[position]!;
    if (key[0] === target) values[position] = v;
    else appended.push({ key: [target, ...key.slice(1)], values: v });
  }
  for (const a of appended) {
    const existing = columns.findIndex((k) => sameKey(k, a.key));
    if (existing >= 0) values[existing] = a.values;
    else {
      columns.push(a.key);
      values.push(a.values);
    }
  }
  return { ...frame, columns, values };
}

export function sameKey(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((cell, i) => cell === b[i]);
}

/** Keeps the given rows in the given order. */
export function takeRows(frame: Frame, rows: readonly number[]): Frame {
  return {
    ...frame,
    index: frame.index.map((level) => rows.map((r) => level[r])),
    values: frame.values.map((col) => rows.map((r) => col[r])),
    length: rows.length,
  };
}

/** Ascending order of cells as pandas sorts: numbers numerically, text by code point, nulls last. */
export function compareCells(a: unknown, b: unknown): number {
  const aNull = a === null || a === undefined || (typeof a === 'number' && Number.isNaN(a));
  const bNull = b === null || b === undefined || (typeof b === 'number' && Number.isNaN(b));
  if (aNull || bNull) return aNull === bNull ? 0 : aNull ? 1 : -1;
  if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) {
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (typeof a !== typeof b) {
    // Mixed kinds (rare): numbers before booleans before text, so the order is at least stable.
    const rank = (v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? 0 : typeof v === 'boolean' ? 1 : 2);
    return rank(a) - rank(b);
  }
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

export function compareTuples(a: readonly unknown[], b: readonly unknown[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const c = compareCells(a[i], b[i]);
    if (c !== 0) return c;
  }
  return 0;
}

/** A stable map key for a tuple of cells (distinguishes 1 from '1' and null from 'null'). */
export function tupleKey(cells: readonly unknown[]): string {
  return JSON.stringify(cells.map((c) => (c === undefined ? null : typeof c === 'bigint' ? { b: c.toString() } : c)));
}

export function isNullCell(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value));
}

/**
 * Bounds on what one post-processing step may build, so a rule or a pivot that explodes (a 1-second
 * resample over years, a pivot over two high-cardinality columns) is a 400 for the user instead of
 * a server that runs out of memory. A chart cannot show more rows than the chart row cap anyway.
 */
export const POST_PROCESSING_MAX_ROWS = 100_000;
export const POST_PROCESSING_MAX_CELLS = 10_000_000;
