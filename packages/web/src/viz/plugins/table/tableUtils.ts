import type { TableColumn } from './transformProps';

export type SortState = { key: string; desc: boolean } | null;

/** Rows whose any cell's shown text contains the search text (case-insensitive). */
export function searchRows(rows: Record<string, unknown>[], columns: TableColumn[], text: string): Record<string, unknown>[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return rows;
  return rows.filter((row) => columns.some((c) => c.format(row[c.key]).toLowerCase().includes(needle) || String(row[c.key] ?? '').toLowerCase().includes(needle)));
}

const compare = (a: unknown, b: unknown): number => {
  // Nulls sort last whatever the direction is handled by the caller.
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
};

export function sortRows(rows: Record<string, unknown>[], sort: SortState): Record<string, unknown>[] {
  if (!sort) return rows;
  const { key, desc } = sort;
  return [...rows].sort((ra, rb) => {
    const a = ra[key];
    const b = rb[key];
    if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
    if (b === null || b === undefined) return -1;
    return desc ? compare(b, a) : compare(a, b);
  });
}

export function pageOf<T>(rows: T[], page: number, pageLength: number): T[] {
  if (!pageLength) return rows;
  return rows.slice(page * pageLength, (page + 1) * pageLength);
}

export function pageCount(rowCount: number, pageLength: number): number {
  return pageLength ? Math.max(1, Math.ceil(rowCount / pageLength)) : 1;
}

/** Left offset and width (in %) of a cell bar; with align +/- bars grow from the middle. */
export function cellBar(value: number, [min, max]: [number, number], alignPn: boolean): { left: number; width: number } {
  if (alignPn) {
    const extent = Math.max(Math.abs(min), Math.abs(max)) || 1;
    const width = (Math.abs(value) / extent) * 50;
    return { left: value >= 0 ? 50 : 50 - width, width };
  }
  const lo = Math.min(0, min);
  const hi = Math.max(0, max);
  const span = hi - lo || 1;
  const zero = ((0 - lo) / span) * 100;
  const width = (Math.abs(value) / span) * 100;
  return { left: value >= 0 ? zero : zero - width, width };
}

