import { isNullCell, requireColumn, resetIndex, type Frame } from './frame.js';
import { groupRows } from './groupRows.js';
import { maxOf, minOf } from './numeric.js';
import type { HistogramOptions } from './options.js';
import { PostProcessingError } from './PostProcessingError.js';

export const MAX_HISTOGRAM_BINS = 1000;

/** A bin edge as Python prints a float ('0.0', '2.5'), so bin names match Superset's. */
function edgeText(x: number): string {
  return Number.isInteger(x) && Math.abs(x) < 1e16 ? x.toFixed(1) : String(x);
}

/** numpy histogram_bin_edges for equal bins: min..max split evenly, widened by 0.5 each side when min == max. */
export function binEdges(xs: readonly number[], bins: number): number[] {
  let lo = minOf(xs) ?? 0;
  let hi = maxOf(xs) ?? 0;
  if (lo === hi) {
    lo -= 0.5;
    hi += 0.5;
  }
  const step = (hi - lo) / bins;
  return Array.from({ length: bins + 1 }, (_, i) => (i === bins ? hi : lo + i * step));
}

/** Counts per bin: [e_i, e_i+1), the last bin closed on the right. */
export function binCounts(xs: readonly number[], edges: readonly number[]): number[] {
  const bins = edges.length - 1;
  const counts = new Array<number>(bins).fill(0);
  const first = edges[0]!;
  const last = edges[bins]!;
  for (const x of xs) {
    if (x < first || x > last) continue;
    let i = Math.min(bins - 1, Math.floor((x - first) * (bins / (last - first))));
    // Float rounding can land one bin off; the edges decide.
    if (x < edges[i]!) i -= 1;
    else if (i < bins - 1 && x >= edges[i + 1]!) i += 1;
    counts[i]! += 1;
  }
  return counts;
}

/**
 * Superset 4's histogram: one row per group (or a single row) and one column per bin named '<from> - <to>', holding
 * counts (running totals when cumulative; shares of the grand total when normalized). Rows with a missing value are
 * ignored; any other non-numeric value is an error.
 */
export function histogram(input: Frame, options: HistogramOptions): Frame {
  const bins = options.bins ?? 5;
  if (!Number.isInteger(bins) || typeof bins === 'boolean' || bins < 1 || bins > MAX_HISTOGRAM_BINS) {
    throw new PostProcessingError(`\`bins\` must be an integer between 1 and ${MAX_HISTOGRAM_BINS}`);
  }
  const frame = resetIndex(input);
  const groupby = options.groupby ?? [];
  const column = frame.values[requireColumn(frame, options.column, 'histogram')[0]!]!;
  const present = Array.from({ length: frame.length }, (_, r) => r).filter((r) => !isNullCell(column[r]));
  if (present.length === 0) return { ...frame, values: frame.values.map(() => []), length: 0 };
  const numbers = new Map<number, number>();
  for (const r of present) {
    const v = column[r];
    const x = typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (!Number.isFinite(x)) throw new PostProcessingError(`Column '${options.column}' contains non-numeric values`);
    numbers.set(r, x);
  }
  const edges = binEdges([...numbers.values()], bins);
  const names = edges.slice(0, -1).map((e, i) => `${edgeText(e)} - ${edgeText(edges[i + 1]!)}`);
  const filtered = { ...frame, values: frame.values.map((col) => present.map((r) => col[r])), length: present.length };
  const groups = groupRows(filtered, groupby, 'histogram');
  let rows = groups.map((g) => {
    const counts = binCounts(
      g.rows.map((i) => numbers.get(present[i]!)!),
      edges,
    );
    if (!options.cumulative) return counts;
    let acc = 0;
    return counts.map((c) => (acc += c));
  });
  if (options.normalize) {
    const total = rows.reduce((acc, row) => acc + row.reduce((a, b) => a + b, 0), 0);
    rows = rows.map((row) => row.map((c) => (total === 0 ? 0 : c / total)));
  }
  return {
    indexNames: [],
    index: [],
    columns: [...groupby.map((g) => [g]), ...names.map((n) => [n])],
    values: [...groupby.map((_, i) => groups.map((g) => g.key[i])), ...names.map((_, b) => rows.map((row) => row[b]!))],
    length: groups.length,
  };
}
