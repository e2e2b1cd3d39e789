import { EXTRA_FORM_DATA_APPEND_KEYS } from '../chartQuery/extraFormData.js';
import { FILTER_OPERATORS, type AdhocFilter, type FormData } from '../contracts/chartData.js';

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

/** The append keys whose values are lists (custom_form_data, the other append key, is an object that merges). */
const LIST_APPEND_KEYS: readonly string[] = EXTRA_FORM_DATA_APPEND_KEYS.filter((k) => k !== 'custom_form_data');

/**
 * Merges several extraFormData into one, as Superset does for a chart in scope of many filters: list keys append
 * (every part's entries, in the order given), `custom_form_data` merges, and every other key overrides (the later
 * part wins).
 */
export function mergeExtraFormData(...parts: (ExtraFormData | undefined)[]): ExtraFormData {
  const merged: ExtraFormData = {};
  for (const part of parts) {
    if (!part) continue;
    for (const [key, value] of Object.entries(part)) {
      if (value === undefined) continue;
      if (LIST_APPEND_KEYS.includes(key)) {
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

const INTERACTIVE_KEYS = ['interactive_groupby', 'interactive_highlight', 'interactive_drilldown'] as const;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

/**
 * Superset's merge_extra_form_data at the form-data level (what the explorer shows of a dashboard chart): the
 * mask's `filters` and `adhoc_filters` (and free `where`/`having`) join the chart's adhoc filters marked `isExtra`
 * ("inherited from the dashboard's context", never saved with the chart); override keys replace the form data's
 * own (time_range also replaces the value of the chart's TEMPORAL_RANGE filters, as buildQueryObject does);
 * custom_form_data merges. Earlier `isExtra` filters are dropped first, so applying the same mask twice gives
 * the same form data. Chart queries do not need this: buildQueryObject reads `extra_form_data` itself, and the
 * two agree on the filters, time range, time column and grain they produce.
 */
export function applyExtraFormData(formData: FormData, extra: ExtraFormData | undefined): FormData {
  const own = list(formData.adhoc_filters).filter((f) => !(isRecord(f) && f.isExtra === true)) as AdhocFilter[];
  if (!extra || Object.keys(extra).length === 0) {
    return formData.adhoc_filters === undefined ? formData : { ...formData, adhoc_filters: own };
  }
  const result: FormData = { ...formData };
  const timeRange = typeof extra.time_range === 'string' ? extra.time_range : undefined;
  const inherited: AdhocFilter[] = [
    ...list(extra.adhoc_filters).filter(isRecord).map((f) => ({ ...f, isExtra: true }) as AdhocFilter),
    ...list(extra.filters)
      .filter(isRecord)
      .map((f) => ({ expressionType: 'SIMPLE', clause: 'WHERE', subject: f.col, operator: f.op, comparator: f.val, isExtra: true }) as AdhocFilter),
    ...(['where', 'having'] as const)
      .filter((clause) => typeof extra[clause] === 'string' && (extra[clause] as string).trim() !== '')
      .map((clause) => ({ expressionType: 'SQL', clause: clause.toUpperCase(), sqlExpression: extra[clause], isExtra: true }) as AdhocFilter),
  ];
  const all = [...own, ...inherited];
  result.adhoc_filters =
    timeRange === undefined ? all : all.map((f) => (f.expressionType === 'SIMPLE' && f.operator === FILTER_OPERATORS.TEMPORAL_RANGE ? { ...f, comparator: timeRange } : f));

  for (const key of INTERACTIVE_KEYS) {
    // Column names, which cannot carry a mark: entries already present are not added again.
    if (extra[key] === undefined) continue;
    const present = list(result[key]);
    const seen = new Set(present.map((v) => JSON.stringify(v)));
    result[key] = [...present, ...list(extra[key]).filter((v) => !seen.has(JSON.stringify(v)))];
  }
  if (isRecord(extra.custom_form_data)) result.custom_form_data = { ...(isRecord(formData.custom_form_data) ? formData.custom_form_data : {}), ...extra.custom_form_data };

  if (timeRange !== undefined) result.time_range = timeRange;
  const timeColumn = [extra.time_column, extra.granularity_sqla, extra.granularity].find((v) => typeof v === 'string' && v !== '') as string | undefined;
  if (timeColumn !== undefined) {
    // The query object's `granularity` reads form data's granularity before granularity_sqla: both must move.
    result.granularity_sqla = timeColumn;
    if (result.granularity !== undefined) result.granularity = timeColumn;
  }
  if (typeof extra.time_grain_sqla === 'string') result.time_grain_sqla = extra.time_grain_sqla;
  const extras = { ...(isRecord(formData.extras) ? formData.extras : {}) };
  for (const key of ['relative_start', 'relative_end'] as const) if (extra[key] !== undefined) extras[key] = extra[key];
  if (Object.keys(extras).length > 0) result.extras = extras;
  return result;
}
