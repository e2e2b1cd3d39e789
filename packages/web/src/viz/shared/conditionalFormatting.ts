import type { FormData, QueryMetric } from '@tessera/core';
import { ensureIsArray, getMetricLabel } from './chartQuery';

/**
 * Conditional formatting rules as the explorer stores them (`conditional_formatting` form data): a column, a
 * comparison and a colour. Matching cells get the colour, shaded by their place in the column; used by table, pivot
 * table and big number.
 */
export interface ConditionalFormattingRule {
  column?: string;
  operator?: string;
  targetValue?: number | string | null;
  targetValueLeft?: number | string | null;
  targetValueRight?: number | string | null;
  colorScheme?: string;
}

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v));

export function matchesRule(rule: ConditionalFormattingRule, value: number): boolean {
  const t = num(rule.targetValue);
  const l = num(rule.targetValueLeft);
  const r = num(rule.targetValueRight);
  switch (rule.operator) {
    case '<':
      return value < t;
    case '>':
      return value > t;
    case '≤':
    case '<=':
      return value <= t;
    case '≥':
    case '>=':
      return value >= t;
    case '=':
    case '==':
      return value === t;
    case '≠':
    case '!=':
      return value !== t;
    case '< x <':
      return l < value && value < r;
    case '≤ x ≤':
      return l <= value && value <= r;
    case '≤ x <':
      return l <= value && value < r;
    case '< x ≤':
      return l < value && value <= r;
    case 'None':
    case undefined:
      // No comparison: the whole column is coloured.
      return true;
    default:
      return false;
  }
}

const MIN_OPACITY_BOUNDED = 0.05;
const MIN_OPACITY_UNBOUNDED = 0;
const MAX_OPACITY = 1;

/**
 * How strongly a matching cell is shaded (Superset's rule): linearly from `minOpacity` at the rule's cut-off to full
 * at the extreme value, rounded to two decimals and capped at 1. A cut-off equal to the extreme shades fully.
 */
export function getOpacity(value: number, cutoff: number, extreme: number, minOpacity = MIN_OPACITY_BOUNDED, maxOpacity = MAX_OPACITY): number {
  if (extreme === cutoff) return maxOpacity;
  const opacity = Math.abs(((maxOpacity - minOpacity) / (extreme - cutoff)) * (value - cutoff)) + minOpacity;
  return Math.min(maxOpacity, Math.round(opacity * 100) / 100);
}

/** `color` (hex of 3 or 6 digits, or rgb()/rgba()) at `alpha`; a colour of another form is returned as it is. */
export function withAlpha(color: string, alpha: number): string {
  if (alpha >= 1) return color;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16));
    return `rgba(${r}, ${g}, ${b}, ${alpha})`;
  }
  const rgb = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/i.exec(color.trim());
  if (rgb) {
    const base = rgb[4] === undefined ? 1 : Number(rgb[4]);
    return `rgba(${rgb[1]}, ${rgb[2]}, ${rgb[3]}, ${Math.round(base * alpha * 100) / 100})`;
  }
  return color;
}

/** The cut-off and extreme a matching value is shaded between, or null when the rule does not match it. */
function gradientBounds(rule: ConditionalFormattingRule, value: number, min: number, max: number): { cutoff: number; extreme: number; minOpacity: number } | null {
  if (!matchesRule(rule, value)) return null;
  const t = num(rule.targetValue);
  switch (rule.operator) {
    case 'None':
    case undefined:
      return { cutoff: min, extreme: max, minOpacity: MIN_OPACITY_UNBOUNDED };
    case '>':
    case '≥':
    case '>=':
      return { cutoff: t, extreme: max, minOpacity: MIN_OPACITY_BOUNDED };
    case '<':
    case '≤':
    case '<=':
      return { cutoff: t, extreme: min, minOpacity: MIN_OPACITY_BOUNDED };
    case '=':
    case '==':
      return { cutoff: t, extreme: t, minOpacity: MIN_OPACITY_BOUNDED };
    case '≠':
    case '!=':
      return { cutoff: t, extreme: Math.abs(t - min) > Math.abs(max - t) ? min : max, minOpacity: MIN_OPACITY_BOUNDED };
    default:
      // The between comparisons shade from the left bound to the right one.
      return { cutoff: num(rule.targetValueLeft), extreme: num(rule.targetValueRight), minOpacity: MIN_OPACITY_BOUNDED };
  }
}

const finiteNumber = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = num(value);
  return Number.isFinite(n) ? n : null;
};

/**
 * The shading of one column: a function from a cell's value to its background, or undefined when no rule matches.
 * As in Superset, a matching cell's colour is more opaque the nearer its value is to the column's extreme (its
 * minimum or maximum among `columnValues`, the chart's rows), and the last matching rule wins.
 */
export function conditionalColorScale(rules: ConditionalFormattingRule[] | undefined, column: string, columnValues: readonly unknown[]): (value: unknown) => string | undefined {
  const applicable = (rules ?? []).filter((rule) => rule.column === undefined || rule.column === column);
  if (!applicable.length) return () => undefined;
  const numbers = columnValues.map(finiteNumber).filter((n): n is number => n !== null);
  // A loop, not Math.min(...numbers): a column can hold more values than a call takes arguments.
  const min = numbers.reduce((a, b) => (b < a ? b : a), numbers[0] ?? NaN);
  const max = numbers.reduce((a, b) => (b > a ? b : a), numbers[0] ?? NaN);
  return (value) => {
    const n = finiteNumber(value);
    if (n === null) return undefined;
    let color: string | undefined;
    for (const rule of applicable) {
      // The value itself bounds the range when it is missing from the column's values.
      const bounds = gradientBounds(rule, n, Number.isNaN(min) ? n : Math.min(min, n), Number.isNaN(max) ? n : Math.max(max, n));
      if (bounds) color = withAlpha(rule.colorScheme ?? '#5AC189', getOpacity(n, bounds.cutoff, bounds.extreme, bounds.minOpacity));
    }
    return color;
  };
}

/** The colour of `value` in `column`, shaded against the column's values (the value alone when none are given). */
export function conditionalColor(rules: ConditionalFormattingRule[] | undefined, column: string, value: unknown, columnValues: readonly unknown[] = [value]): string | undefined {
  return conditionalColorScale(rules, column, columnValues)(value);
}

/**
 * The columns a conditional formatting rule can name: the chart's metrics and, for the table, its percentage metrics
 * under their column key (`%SUM(num)`), whose cells hold the share as a fraction. Superset offers the numeric columns
 * of the chart's answer, where the percentage metrics' columns are found too.
 */
export function conditionalFormattingColumns(formData: FormData): string[] {
  const metrics = [...ensureIsArray(formData.metrics), ...ensureIsArray(formData.metric as QueryMetric | null | undefined)].map(getMetricLabel);
  const percents = ensureIsArray(formData.percent_metrics as QueryMetric[] | null | undefined).map((m) => `%${getMetricLabel(m)}`);
  return [...new Set([...metrics, ...percents].filter((label) => label !== ''))];
}
