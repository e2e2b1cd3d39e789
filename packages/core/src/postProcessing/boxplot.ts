import { requireColumn, resetIndex, type Frame } from './frame.js';
import { groupRows } from './groupRows.js';
import { maxOf, mean, median, minOf, percentile, toNumber } from './numeric.js';
import type { BoxplotOptions } from './options.js';
import { PostProcessingError } from './PostProcessingError.js';

interface Whiskers {
  low: (xs: number[], q1: number | null, q3: number | null) => number | null;
  high: (xs: number[], q1: number | null, q3: number | null) => number | null;
}

function whiskers(options: BoxplotOptions): Whiskers {
  switch (options.whisker_type) {
    case 'tukey':
      // Furthest values within 1.5 IQR of the quartiles.
      return {
        high: (xs, q1, q3) => (q1 === null || q3 === null ? null : maxOf(xs.filter((x) => x <= q3 + 1.5 * (q3 - q1)))),
        low: (xs, q1, q3) => (q1 === null || q3 === null ? null : minOf(xs.filter((x) => x >= q1 - 1.5 * (q3 - q1)))),
      };
    case 'min/max':
      return { high: (xs) => maxOf(xs), low: (xs) => minOf(xs) };
    case 'percentile': {
      const p = options.percentiles;
      if (!Array.isArray(p) || p.length !== 2 || typeof p[0] !== 'number' || typeof p[1] !== 'number' || p[0] >= p[1]) {
        throw new PostProcessingError('percentiles must be a list or tuple with two numeric values, of which the first is lower than the second value');
      }
      return { low: (xs) => percentile(xs, p[0]), high: (xs) => percentile(xs, p[1]) };
    }
    default:
      throw new PostProcessingError(`Unknown whisker type: ${String(options.whisker_type)}`);
  }
}

const STATS = ['mean', 'median', 'max', 'min', 'q1', 'q3', 'count', 'outliers'] as const;
type Stat = (typeof STATS)[number];

function summarize(all: readonly unknown[], w: Whiskers): Record<Stat, unknown> {
  // Quartiles of infinite values have no meaning (inf - inf): those cells count as missing here.
  const xs = all.map(toNumber).filter((x): x is number => x !== null && Number.isFinite(x));
  const q1 = percentile(xs, 25, 'midpoint');
  const q3 = percentile(xs, 75, 'midpoint');
  const high = w.high(xs, q1, q3);
  const low = w.low(xs, q1, q3);
  return {
    mean: mean(xs),
    median: median(xs),
    max: high,
    min: low,
    q1,
    q3,
    count: all.length,
    outliers: [...xs.filter((x) => high !== null && x > high), ...xs.filter((x) => low !== null && x < low)],
  };
}

/**
 * Box plot statistics per group and metric, as columns `<metric>__<stat>` for mean, median, max and min (the
 * whiskers), q1, q3 (midpoint quartiles), count (rows in the group) and outliers (values beyond the whiskers,
 * those above first). Non-numeric cells are treated as missing.
 */
export function boxplot(input: Frame, options: BoxplotOptions): Frame {
  const frame = resetIndex(input);
  const metrics = options.metrics ?? [];
  const groupby = options.groupby ?? [];
  const w = whiskers(options);
  const sources = metrics.map((m) => frame.values[requireColumn(frame, m, 'boxplot')[0]!]!);
  const groups = groupRows(frame, groupby, 'boxplot');
  const summaries = metrics.map((_, m) => groups.map((g) => summarize(g.rows.map((r) => sources[m]![r]), w)));
  const columns: unknown[][] = groupby.map((g) => [g]);
  const values: unknown[][] = groupby.map((_, i) => groups.map((g) => g.key[i]));
  for (const stat of STATS) {
    metrics.forEach((metric, m) => {
      columns.push([`${metric}__${stat}`]);
      values.push(summaries[m]!.map((summary) => summary[stat]));
    });
  }
  return { indexNames: [], index: [], columns, values, length: groups.length };
}
