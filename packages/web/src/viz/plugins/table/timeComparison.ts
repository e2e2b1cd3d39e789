import type { FormData } from '@tessera/core';
import { ensureIsArray } from '../../shared/chartQuery';
import { toNumber } from '../../shared/props';
import { isRawMode } from './queryMode';

/**
 * The Table's time comparison (Superset 4.1): one offset, whose metrics the server joins as `<metric>__<offset>`;
 * the table shows each metric as four columns: the main value, the comparison value, their difference and the
 * percentage change.
 */

/** Joins a metric label and its offset in the server's column names (`cnt__1 year ago`). */
export const COMPARISON_SEPARATOR = '__';

/** Sub-columns of a compared metric, as Superset labels them; their keys are `<label> <metric key>`. */
export const COMPARISON_PARTS = [
  { part: 'main', label: 'Main' },
  { part: 'value', label: '#' },
  { part: 'difference', label: '△' },
  { part: 'percent', label: '%' },
] as const;

export type ComparisonPart = (typeof COMPARISON_PARTS)[number]['part'];

export const comparisonKey = (label: string, metricKey: string): string => `${label} ${metricKey}`;

const isAggregate = (formData: FormData) => !isRawMode(formData);

/**
 * The offset the query sends, or null when comparison is off: the chosen shift, the custom start date
 * (`start_date_offset`) for `custom`. Saved timeseries-style form data holds a list: its first entry counts.
 */
export function timeComparisonOffset(formData: FormData): string | null {
  if (!isAggregate(formData)) return null;
  const chosen = ensureIsArray(formData.time_compare as string | string[] | null | undefined).find((v) => typeof v === 'string' && v.trim() !== '');
  if (!chosen) return null;
  if (chosen !== 'custom') return chosen;
  const start = typeof formData.start_date_offset === 'string' ? formData.start_date_offset.trim().slice(0, 10) : '';
  return start || null;
}

export const offsetColumnKey = (metricKey: string, offset: string): string => `${metricKey}${COMPARISON_SEPARATOR}${offset}`;

/**
 * Difference and percentage change as Superset's table computes them: a missing value counts as 0, and a change
 * from or to 0 is +100% or -100% (0 when both are 0). With neither value (a percent metric in the totals row)
 * there is nothing to show.
 */
export function comparisonValues(main: unknown, other: unknown): Record<ComparisonPart, number | null> {
  const a = toNumber(main);
  const b = toNumber(other);
  if (a === null && b === null) return { main: null, value: null, difference: null, percent: null };
  return { main: a ?? 0, value: b ?? 0, difference: (a ?? 0) - (b ?? 0), percent: percentChange(a ?? 0, b ?? 0) };
}

function percentChange(a: number, b: number): number {
  if (!a && !b) return 0;
  if (!a || !b) return a ? 1 : -1;
  return (a - b) / Math.abs(b);
}

/**
 * A row with each compared metric replaced by its four cells (`Main m`, `# m`, `△ m`, `% m`); the other cells stay.
 * `otherKey` names the comparison column of a metric (percent metrics have their own).
 */
export function comparisonRow(row: Record<string, unknown>, metricKeys: readonly string[], otherKey: (metricKey: string) => string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const replaced = new Set(metricKeys.flatMap((k) => [k, otherKey(k)]));
  for (const [key, value] of Object.entries(row)) if (!replaced.has(key)) out[key] = value;
  for (const key of metricKeys) {
    const values = comparisonValues(row[key], row[otherKey(key)]);
    for (const { part, label } of COMPARISON_PARTS) out[comparisonKey(label, key)] = values[part];
  }
  return out;
}
