import type { FormData, QueryMetric } from '@tessera/core';
import { ensureIsArray, getMetricLabel } from './chartQuery';

/**
 * Conditional formatting rules as the explorer stores them (`conditional_formatting` form data): a column, a
 * comparison and a colour. Matching cells get the colour; used by table, pivot table and big number.
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

/** The colour of `value` in `column`: the first matching rule wins. */
export function conditionalColor(rules: ConditionalFormattingRule[] | undefined, column: string, value: unknown): string | undefined {
  if (!rules?.length || value === null || value === undefined || value === '') return undefined;
  const n = num(value);
  if (!Number.isFinite(n)) return undefined;
  for (const rule of rules) {
    if (rule.column !== undefined && rule.column !== column) continue;
    if (matchesRule(rule, n)) return rule.colorScheme ?? '#5AC189';
  }
  return undefined;
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
