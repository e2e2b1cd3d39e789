import type { ResultColumnData } from './columnarResult';

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) {
    return a < b ? -1 : a > b ? 1 : 0;
  }
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/**
 * A row order sorted by one column: the data is never moved, only an index permutation is sorted.
 * Nulls go last in both directions.
 */
export function sortPermutation(column: ResultColumnData, rowCount: number, direction: 'asc' | 'desc'): Uint32Array {
  const keys = new Array<unknown>(rowCount);
  const key = column.sortKey ? column.sortKey.bind(column) : column.get.bind(column);
  for (let i = 0; i < rowCount; i += 1) keys[i] = key(i);
  const order = new Uint32Array(rowCount);
  for (let i = 0; i < rowCount; i += 1) order[i] = i;
  const sign = direction === 'asc' ? 1 : -1;
  order.sort((x, y) => {
    const a = keys[x];
    const b = keys[y];
    if (a === null || a === undefined || b === null || b === undefined) return compare(a, b) || x - y;
    return sign * compare(a, b) || x - y;
  });
  return order;
}
