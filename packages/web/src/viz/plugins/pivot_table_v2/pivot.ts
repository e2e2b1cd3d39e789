/**
 * The client-side pivot of the pivot table: records → a row axis × column axis grid of aggregated metric values,
 * with subtotals and totals. Any entry on an axis is a key prefix; a cell aggregates every record whose row and
 * column values start with the two prefixes, so subtotals and totals need no special casing.
 */

export type CellValue = number | string | null;
export type Aggregator = (values: number[]) => CellValue;

const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
/** The sample variance (n - 1), as pandas and Superset's pivot compute it; undefined below two values. */
const sampleVariance = (v: number[]): number | null => {
  if (v.length < 2) return null;
  const mean = sum(v) / v.length;
  return v.reduce((acc, x) => acc + (x - mean) ** 2, 0) / (v.length - 1);
};
export const AGGREGATORS: Record<string, Aggregator> = {
  Count: (v) => v.length,
  'Count Unique Values': (v) => new Set(v).size,
  'List Unique Values': (v) => (v.length ? [...new Set(v)].join(', ') : null),
  Sum: (v) => (v.length ? sum(v) : null),
  Average: (v) => (v.length ? sum(v) / v.length : null),
  Median: (v) => {
    if (!v.length) return null;
    const s = [...v].sort((a, b) => a - b);
    const m = Math.floor(s.length / 2);
    return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  },
  'Sample Variance': sampleVariance,
  'Sample Standard Deviation': (v) => {
    const variance = sampleVariance(v);
    return variance === null ? null : Math.sqrt(variance);
  },
  Minimum: (v) => (v.length ? Math.min(...v) : null),
  Maximum: (v) => (v.length ? Math.max(...v) : null),
  First: (v) => v[0] ?? null,
  Last: (v) => v[v.length - 1] ?? null,
};

/** "Sum as Fraction of Rows" and friends: the cell's sum or count over its row's, column's or the grand total's. */
interface Fraction {
  base: 'Sum' | 'Count';
  of: 'Total' | 'Rows' | 'Columns';
}
const FRACTIONS: Record<string, Fraction> = Object.fromEntries(
  (['Sum', 'Count'] as const).flatMap((base) => (['Total', 'Rows', 'Columns'] as const).map((of) => [`${base} as Fraction of ${of}`, { base, of }])),
);

/** Every aggregation function the pivot table offers, in Superset's order. */
export const AGGREGATE_FUNCTIONS: readonly string[] = [...Object.keys(AGGREGATORS), ...Object.keys(FRACTIONS)];

/** True when the function gives shares (shown as percentages whatever the value format). */
export const isFractionAggregate = (name: string | undefined): boolean => name !== undefined && name in FRACTIONS;

export interface AxisEntry {
  labels: string[];
  kind: 'data' | 'subtotal' | 'total';
  metric?: string;
}

export interface PivotOptions {
  rows: string[];
  columns: string[];
  metrics: string[];
  metricsLayout: 'COLUMNS' | 'ROWS';
  aggregateFunction?: string;
  rowTotals?: boolean;
  colTotals?: boolean;
  rowSubTotals?: boolean;
  colSubTotals?: boolean;
  rowSubtotalPosition?: 'before' | 'after';
  colSubtotalPosition?: 'before' | 'after';
  rowOrder?: string;
  colOrder?: string;
  combineMetric?: boolean;
}

export interface PivotResult {
  rowAxis: AxisEntry[];
  colAxis: AxisEntry[];
  values: CellValue[][];
}

/** What an axis entry shows at one level of its header: its key, or "Subtotal" / "Total" where those sit. */
export function entryLabel(e: AxisEntry, level: number): string {
  if (e.kind === 'total') return level === 0 ? 'Total' : '';
  if (e.kind === 'subtotal') return level === e.labels.length ? 'Subtotal' : level < e.labels.length ? e.labels[level]! : '';
  return e.labels[level] ?? '';
}

const label = (v: unknown): string => (v === null || v === undefined ? '<NULL>' : String(v));
const SEP = '\u0001';

/** Distinct key tuples, ordered by key, with subtotal prefixes and the grand total placed as asked. */
export function buildAxis(keys: string[][], depth: number, opts: { subtotals?: boolean; position?: 'before' | 'after'; totals?: boolean; order?: string }): AxisEntry[] {
  const desc = opts.order === 'key_z_to_a';
  const sorted = [...new Map(keys.map((k) => [k.join(SEP), k])).values()].sort((a, b) => {
    for (let i = 0; i < a.length; i++) {
      const c = a[i]!.localeCompare(b[i]!, undefined, { numeric: true });
      if (c) return desc ? -c : c;
    }
    return 0;
  });
  const out: AxisEntry[] = [];
  const before = opts.position === 'before';
  const emit = (prefix: string[], group: string[][]) => {
    if (prefix.length === depth) {
      out.push({ labels: prefix, kind: 'data' });
      return;
    }
    const withSubtotal = opts.subtotals && prefix.length > 0;
    if (withSubtotal && before) out.push({ labels: prefix, kind: 'subtotal' });
    const children = new Map<string, string[][]>();
    for (const k of group) {
      const head = k[prefix.length]!;
      children.set(head, [...(children.get(head) ?? []), k]);
    }
    for (const [head, g] of children) emit([...prefix, head], g);
    if (withSubtotal && !before) out.push({ labels: prefix, kind: 'subtotal' });
  };
  if (depth === 0) out.push({ labels: [], kind: 'data' });
  else emit([], sorted);
  if (opts.totals && depth > 0) out.push({ labels: [], kind: 'total' });
  return out;
}

function withMetrics(axis: AxisEntry[], metrics: string[], metricFirst: boolean): AxisEntry[] {
  return metricFirst ? metrics.flatMap((metric) => axis.map((e) => ({ ...e, metric }))) : axis.flatMap((e) => metrics.map((metric) => ({ ...e, metric })));
}

export function pivot(records: Record<string, unknown>[], opts: PivotOptions): PivotResult {
  const fraction = FRACTIONS[opts.aggregateFunction ?? ''];
  const aggregate = fraction ? AGGREGATORS[fraction.base]! : (AGGREGATORS[opts.aggregateFunction ?? 'Sum'] ?? AGGREGATORS.Sum!);
  const rowKeys = records.map((r) => opts.rows.map((c) => label(r[c])));
  const colKeys = records.map((r) => opts.columns.map((c) => label(r[c])));
  // Every record contributes to each of its row prefixes × column prefixes.
  const buckets = new Map<string, number[]>();
  records.forEach((record, i) => {
    const rk = rowKeys[i]!;
    const ck = colKeys[i]!;
    for (const metric of opts.metrics) {
      const raw = record[metric];
      const value = typeof raw === 'number' ? raw : raw === null || raw === undefined || raw === '' ? NaN : Number(raw);
      if (Number.isNaN(value)) continue;
      for (let r = 0; r <= rk.length; r++) {
        for (let c = 0; c <= ck.length; c++) {
          const key = `${rk.slice(0, r).join(SEP)}|${r}|${ck.slice(0, c).join(SEP)}|${c}|${metric}`;
          const bucket = buckets.get(key);
          if (bucket) bucket.push(value);
          else buckets.set(key, [value]);
        }
      }
    }
  });
  let rowAxis = buildAxis(rowKeys, opts.rows.length, { subtotals: opts.rowSubTotals, position: opts.rowSubtotalPosition, totals: opts.rowTotals, order: opts.rowOrder });
  let colAxis = buildAxis(colKeys, opts.columns.length, { subtotals: opts.colSubTotals, position: opts.colSubtotalPosition, totals: opts.colTotals, order: opts.colOrder });
  if (opts.metricsLayout === 'ROWS') rowAxis = withMetrics(rowAxis, opts.metrics, !opts.combineMetric);
  else colAxis = withMetrics(colAxis, opts.metrics, !opts.combineMetric);
  const keyOf = (rowLabels: string[], colLabels: string[], metric: string) => `${rowLabels.join(SEP)}|${rowLabels.length}|${colLabels.join(SEP)}|${colLabels.length}|${metric}`;
  const values = rowAxis.map((row) =>
    colAxis.map((col) => {
      const metric = row.metric ?? col.metric!;
      const bucket = buckets.get(keyOf(row.labels, col.labels, metric));
      if (!bucket) return null;
      const value = aggregate(bucket);
      if (!fraction || typeof value !== 'number') return value;
      // Every record reaches the empty prefixes, so the row's, column's and grand totals always have a bucket.
      const whole = aggregate(buckets.get(keyOf(fraction.of === 'Rows' ? row.labels : [], fraction.of === 'Columns' ? col.labels : [], metric)) ?? []);
      return typeof whole === 'number' && whole !== 0 ? value / whole : null;
    }),
  );
  return { rowAxis, colAxis, values };
}
