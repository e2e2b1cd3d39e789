/** Data masks: what a native filter or a cross-filter contributes to charts (facts §4.1, §4.2). */

export interface ExtraFormData {
  filters?: { col: string; op: string; val?: unknown }[];
  adhoc_filters?: unknown[];
  interactive_groupby?: unknown[];
  interactive_highlight?: unknown[];
  interactive_drilldown?: unknown[];
  custom_form_data?: Record<string, unknown>;
  time_range?: string;
  granularity_sqla?: string;
  time_grain_sqla?: string;
  time_column?: string;
  time_grain?: string;
  time_compare?: string[];
  relative_start?: string;
  relative_end?: string;
  [key: string]: unknown;
}

export interface FilterState {
  value?: unknown;
  label?: string;
  validateStatus?: 'error' | 'warning' | 'info';
  selectedValues?: unknown[];
  [key: string]: unknown;
}

export interface DataMask {
  id: string;
  extraFormData?: ExtraFormData;
  filterState?: FilterState;
  ownState?: Record<string, unknown>;
}

/** Data masks by filter id (native filters) or chart id (cross-filters). */
export type DataMaskState = Record<string, DataMask>;

const APPEND_KEYS = ['filters', 'adhoc_filters', 'interactive_groupby', 'interactive_highlight', 'interactive_drilldown'] as const;

/**
 * Merges several extraFormData into one, as Superset does for a chart in scope of many filters: list keys append,
 * `custom_form_data` merges, and every other key overrides (the later mask wins).
 */
export function mergeExtraFormData(...parts: (ExtraFormData | undefined)[]): ExtraFormData {
  const merged: ExtraFormData = {};
  for (const part of parts) {
    if (!part) continue;
    for (const [key, value] of Object.entries(part)) {
      if (value === undefined) continue;
      if ((APPEND_KEYS as readonly string[]).includes(key)) {
        const prior = (merged[key] as unknown[] | undefined) ?? [];
        merged[key] = [...prior, ...(Array.isArray(value) ? value : [value])];
      } else if (key === 'custom_form_data') {
        merged.custom_form_data = { ...(merged.custom_form_data ?? {}), ...(value as Record<string, unknown>) };
      } else {
        merged[key] = value;
      }
    }
  }
  return merged;
}
