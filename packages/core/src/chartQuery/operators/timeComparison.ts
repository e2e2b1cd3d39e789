import type { FormData, QueryObject } from '../../contracts/chartData.js';
import { ensureIsArray } from '../ensureIsArray.js';
import { getMetricLabel } from '../getMetricLabel.js';

/** Joins a metric label and a time offset in the column names of time-shifted results (`count__1 year ago`). */
export const TIME_COMPARISON_SEPARATOR = '__';

export const COMPARISON_TYPES = ['values', 'difference', 'absolute', 'percentage', 'ratio'] as const;
export type ComparisonType = (typeof COMPARISON_TYPES)[number];

/** A time comparison is on when a known comparison type is chosen and the query asks for time offsets. */
export function isTimeComparison(formData: FormData, query: QueryObject): boolean {
  return COMPARISON_TYPES.includes(formData.comparison_type as ComparisonType) && ensureIsArray(query.time_offsets).length > 0;
}

/** `metric__offset` -> `metric` for every metric and every offset of `time_compare`. */
export function getMetricOffsetsMap(formData: FormData, query: QueryObject): Map<string, string> {
  const offsets = ensureIsArray(formData.time_compare as string | string[] | undefined);
  const map = new Map<string, string>();
  for (const metric of ensureIsArray(query.metrics).map(getMetricLabel)) {
    for (const offset of offsets) map.set([metric, offset].join(TIME_COMPARISON_SEPARATOR), metric);
  }
  return map;
}

/** Integer form value with a fallback (rolling periods are typed text fields). */
export function ensureIsInt(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isInteger(n) ? n : fallback;
}
