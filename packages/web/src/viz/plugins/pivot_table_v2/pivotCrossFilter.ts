import type { CrossFilterSelection, PivotAxisEntry } from '@tessera/core';

/** Per row column, each key as the pivot labels it -> the raw value it stands for (temporal columns are left out). */
export type PivotRowValues = Record<string, Record<string, unknown>>;

const keyLabel = (v: unknown): string => (v === null || v === undefined ? '<NULL>' : String(v));

/** The raw values behind the row keys' labels, from the answer's rows (before dates are formatted for display). */
export function pivotRowValues(rows: readonly Record<string, unknown>[], rowColumns: readonly string[], temporal: readonly string[]): PivotRowValues {
  const map: PivotRowValues = {};
  for (const column of rowColumns) {
    if (temporal.includes(column)) continue;
    const values: Record<string, unknown> = {};
    for (const row of rows) values[keyLabel(row[column])] = row[column];
    map[column] = values;
  }
  return map;
}

/**
 * What a click on a row header cross-filters by: the keys of its row down to the clicked level (Superset's pivot
 * table filters on the clicked header and its parents). Totals, subtotals, metric names and temporal keys give none.
 */
export function pivotHeaderSelection(entry: PivotAxisEntry, dimensionLevel: number, rowColumns: readonly string[], values: PivotRowValues): CrossFilterSelection | null {
  if (entry.kind !== 'data' || dimensionLevel < 0 || dimensionLevel >= entry.labels.length) return null;
  const labels = entry.labels.slice(0, dimensionLevel + 1);
  const columns = rowColumns.slice(0, dimensionLevel + 1);
  const raw: unknown[] = [];
  for (const [i, label] of labels.entries()) {
    const byLabel = values[columns[i]!];
    if (!byLabel || !(label in byLabel)) return null;
    raw.push(byLabel[label]);
  }
  return { columns, values: raw, label: labels.join(', ') };
}
