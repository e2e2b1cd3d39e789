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
