import type { AggregateSpec } from './options.js';
import { PostProcessingError } from './PostProcessingError.js';

/**
 * A cell as a number, or null when it is missing or not numeric (booleans are not numbers here). ±Infinity is
 * a value, as in pandas: a running total through it stays infinite (and is written as null), it does not
 * restart as if the cell were empty. NaN is pandas' missing value.
 */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  if (typeof value === 'bigint') return Number(value);
  return null;
}

/** Results are written as finite numbers or null: JSON has no NaN/Infinity and pandas' NaN means "no value". */
export function finite(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/** True when every present cell is a number (an all-null column counts, like an empty numeric column). */
export function isNumericColumn(values: readonly unknown[]): boolean {
  return values.every((v) => v === null || v === undefined || typeof v === 'number' || typeof v === 'bigint');
}

function numbers(values: readonly unknown[]): number[] {
  const out: number[] = [];
  for (const v of values) {
    const n = toNumber(v);
    if (n !== null) out.push(n);
  }
  return out;
}

export function sum(xs: readonly number[]): number {
  let total = 0;
  for (const x of xs) total += x;
  return total;
}

/** Smallest / largest of numbers, null when empty (a loop: spreading large arrays into Math.min overflows the stack). */
export function minOf(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  let m = xs[0]!;
  for (const x of xs) if (x < m) m = x;
  return m;
}

export function maxOf(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  let m = xs[0]!;
  for (const x of xs) if (x > m) m = x;
  return m;
}

export function mean(xs: readonly number[]): number | null {
  return xs.length === 0 ? null : finite(sum(xs) / xs.length);
}

/** Sample variance (ddof = 1, pandas' default); null below two values. */
export function variance(xs: readonly number[]): number | null {
  if (xs.length < 2) return null;
  const m = sum(xs) / xs.length;
  let acc = 0;
  for (const x of xs) acc += (x - m) ** 2;
  return finite(acc / (xs.length - 1));
}

export function std(xs: readonly number[]): number | null {
  const v = variance(xs);
  return v === null ? null : Math.sqrt(v);
}

/**
 * Percentile q (0..100) of numbers: 'linear' interpolation is numpy's default, 'midpoint' the one Superset's box
 * plot quartiles use.
 */
export function percentile(xs: readonly number[], q: number, interpolation: 'linear' | 'midpoint' = 'linear'): number | null {
  if (xs.length === 0) return null;
  const sorted = [...xs].sort((a, b) => a - b);
  const pos = (q / 100) * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo]!;
  const b = sorted[hi]!;
  if (lo === hi) return a;
  return interpolation === 'midpoint' ? (a + b) / 2 : a + (b - a) * (pos - lo);
}

export function median(xs: readonly number[]): number | null {
  return percentile(xs, 50);
}

/** Reduces a group's cells with a numpy-named operator, skipping missing values as pandas does. */
export function aggregateCells(values: readonly unknown[], spec: AggregateSpec): unknown {
  const op = spec.operator;
  switch (op) {
    case 'count':
      return values.filter((v) => v !== null && v !== undefined && !(typeof v === 'number' && Number.isNaN(v))).length;
    case 'first':
      return values.find((v) => v !== null && v !== undefined) ?? null;
    case 'last':
      return [...values].reverse().find((v) => v !== null && v !== undefined) ?? null;
    default:
      break;
  }
  const xs = numbers(values);
  switch (op) {
    case 'mean':
    case 'average':
    case 'nanmean':
      return mean(xs);
    case 'sum':
    case 'nansum':
      return finite(sum(xs));
    case 'count_nonzero':
      return xs.filter((x) => x !== 0).length;
    case 'min':
    case 'nanmin':
      return minOf(xs);
    case 'max':
    case 'nanmax':
      return maxOf(xs);
    case 'median':
    case 'nanmedian':
      return median(xs);
    case 'std':
      return std(xs);
    case 'var':
      return variance(xs);
    case 'prod':
    case 'product':
      return finite(xs.reduce((acc, x) => acc * x, 1));
    case 'percentile':
    case 'nanpercentile':
      return percentile(xs, spec.options?.q ?? 50);
    default:
      throw new PostProcessingError(`Invalid aggregate operator: ${String(op)}`);
  }
}

/** Checks aggregate specs up front so a bad operator fails before any work. */
export const AGGREGATE_OPERATORS: ReadonlySet<string> = new Set([
  'mean', 'average', 'nanmean', 'sum', 'nansum', 'count', 'count_nonzero', 'min', 'nanmin', 'max', 'nanmax', 'median',
  'nanmedian', 'std', 'var', 'prod', 'product', 'percentile', 'nanpercentile', 'first', 'last',
]);

export function validateAggregates(aggregates: Record<string, AggregateSpec>): void {
  for (const [label, spec] of Object.entries(aggregates)) {
    if (!spec || typeof spec.operator !== 'string') throw new PostProcessingError(`Operator undefined for aggregator: ${label}`);
    if (!AGGREGATE_OPERATORS.has(spec.operator)) throw new PostProcessingError(`Invalid numpy function: ${spec.operator}`);
  }
}
