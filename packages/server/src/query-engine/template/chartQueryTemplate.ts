import { FILTER_OPERATORS, resolveTimeRange, toSqlTimestampText, type QueryObject } from '@tessera/core';
import type { TemplateData } from './templateValues.js';
import type { TemplateRequest } from './templateContext.js';

/** Names that make a virtual dataset's rendering depend on the chart query: it is then rendered per query. */
export const QUERY_TEMPLATE_NAMES: readonly string[] = ['filter_values', 'get_filters', 'get_time_filter', 'url_param', 'from_dttm', 'to_dttm'];
/** Of those, the ones whose answer also moves with the clock (relative time ranges): never kept between requests. */
export const CLOCK_TEMPLATE_NAMES: readonly string[] = ['get_time_filter', 'from_dttm', 'to_dttm'];

export interface ChartQueryTemplate {
  /** What the macros read: the query's filters, time range and URL parameters. */
  request: Pick<TemplateRequest, 'filters' | 'timeRange' | 'urlParams' | 'columnTypes'>;
  /** Superset's template variables of a chart query: its time bounds as ISO texts (None without a range). */
  params: { from_dttm: TemplateData; to_dttm: TemplateData };
}

const isoText = (d: Date | null) => (d ? toSqlTimestampText(d).replace(' ', 'T') : null);

/**
 * What a chart query object offers a virtual dataset's template (Superset's get_sqla_query template kwargs and
 * the form data its macros read): `filter_values` and `get_filters` read the query's filters, `get_time_filter`
 * its TEMPORAL_RANGE filter or time range, `url_param` its `url_params`, and `from_dttm` / `to_dttm` are the
 * bounds of that range. A range that does not resolve leaves them None: compiling the query reports it.
 */
export function chartQueryTemplate(query: QueryObject, now: Date): ChartQueryTemplate {
  const filters = (query.filters ?? []).map((f) => ({ col: f.col, op: f.op, val: f.val }));
  const temporal = filters.find((f) => f.op === FILTER_OPERATORS.TEMPORAL_RANGE && typeof f.val === 'string');
  const range = typeof temporal?.val === 'string' ? temporal.val : (query.time_range ?? null);
  let bounds: { since: Date | null; until: Date | null } = { since: null, until: null };
  if (range) {
    const relative = (value: string | undefined) => (value === 'now' ? 'now' : 'today');
    try {
      bounds = resolveTimeRange(range, now, { relativeStart: relative(query.extras?.relative_start), relativeEnd: relative(query.extras?.relative_end) });
    } catch {
      // The compiler refuses the same range with its own message.
    }
  }
  return {
    request: { filters, timeRange: query.time_range ?? null, urlParams: query.url_params ?? {} },
    params: { from_dttm: isoText(bounds.since), to_dttm: isoText(bounds.until) },
  };
}
