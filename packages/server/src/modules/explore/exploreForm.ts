import type { MissingExploreDataset } from '@tessera/core';

/** Superset's placeholder when the datasource is unknown or gone (an unknown type counts as a table). */
export function missingDataset(type: string | undefined): MissingExploreDataset {
  return { type: type ?? 'table', name: '[Missing Dataset]', columns: [], metrics: [], database: { id: 0, backend: '' } };
}

/** The chart a cached or permalinked state names by its own `slice_id` (a number, or digits as text). */
export function stateChartId(formData: Record<string, unknown> | null): number | null {
  const raw = formData?.slice_id;
  const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Query-string keys Superset leaves out of `url_params`: the legacy form data and short-url id. */
const NOT_URL_PARAMS = new Set(['form_data', 'r']);

/**
 * Superset's merge_request_params: the address's parameters (first value of each, as text) go into
 * `url_params`, over those the state already had.
 */
export function withUrlParams(form: Record<string, unknown>, urlArgs: Record<string, unknown>): Record<string, unknown> {
  const current = form.url_params;
  const params: Record<string, unknown> = current && typeof current === 'object' && !Array.isArray(current) ? { ...(current as Record<string, unknown>) } : {};
  for (const [key, raw] of Object.entries(urlArgs)) {
    const value: unknown = Array.isArray(raw) ? raw[0] : raw;
    if (NOT_URL_PARAMS.has(key) || value === undefined) continue;
    params[key] = String(value);
  }
  return { ...form, url_params: params };
}
