import type { QueryObject } from '../contracts/chartData.js';

/** Keys of `extra_form_data` (dashboard native filters, cross filters) that add to the chart's own values. */
export const EXTRA_FORM_DATA_APPEND_KEYS = ['adhoc_filters', 'filters', 'interactive_groupby', 'interactive_highlight', 'interactive_drilldown', 'custom_form_data'] as const;

/** Keys of `extra_form_data` that replace a query object field (source key -> query object key). */
export const EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS = {
  granularity: 'granularity',
  granularity_sqla: 'granularity',
  time_column: 'granularity',
  time_range: 'time_range',
} as const;

/** Keys of `extra_form_data` that replace a value inside the query object's `extras`. */
export const EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS = ['relative_start', 'relative_end', 'time_grain_sqla'] as const;

function andClauses(...clauses: unknown[]): string | undefined {
  const present = clauses.filter((c): c is string => typeof c === 'string' && c.trim().length > 0);
  if (present.length === 0) return undefined;
  return present.map((c) => `(${c})`).join(' AND ');
}

/**
 * Applies the override part of `extra_form_data` to a query object: regular fields are replaced, extras keys
 * are replaced inside `extras`, and free-form `where` / `having` are AND-ed onto the chart's own clauses.
 */
export function overrideExtraFormData(queryObject: QueryObject, overrides: Record<string, unknown>): QueryObject {
  const result: QueryObject = { ...queryObject };
  const extras: Record<string, unknown> = { ...(queryObject.extras ?? {}) };
  for (const [source, target] of Object.entries(EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS)) {
    const value = overrides[source];
    if (value !== undefined && value !== null) result[target] = value as string;
  }
  for (const key of EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS) {
    if (key in overrides) extras[key] = overrides[key];
  }
  const where = andClauses(extras.where, overrides.where);
  const having = andClauses(extras.having, overrides.having);
  if (where) extras.where = where;
  if (having) extras.having = having;
  if (Object.keys(extras).length > 0) result.extras = extras;
  return result;
}
