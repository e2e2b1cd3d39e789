import { compareTuples, isNullCell, requireColumn, type Frame } from './frame.js';

/** Row numbers per distinct key of the `by` columns, keys sorted, rows with a missing key left out (pandas groupby). */
export function groupRows(frame: Frame, by: readonly string[], operation: string): { key: unknown[]; rows: number[] }[] {
  if (by.length === 0) return [{ key: [], rows: Array.from({ length: frame.length }, (_, r) => r) }];
  const columns = by.map((name) => frame.values[requireColumn(frame, name, operation)[0]!]!);
  const groups = new Map<string, { key: unknown[]; rows: number[] }>();
  for (let r = 0; r < frame.length; r += 1) {
    const key = columns.map((col) => col[r] ?? null);
    if (key.some(isNullCell)) continue;
    const id = JSON.stringify(key.map((c) => (typeof c === 'bigint' ? c.toString() : c)));
    const group = groups.get(id);
    if (group) group.rows.push(r);
    else groups.set(id, { key, rows: [r] });
  }
  return [...groups.values()].sort((a, b) => compareTuples(a.key, b.key));
}
