import { TIME_GRAINS, type DatasetColumn, type DatasetMetric } from '@tessera/core';

/** What a dataset's show answer and the explorer's datasource both carry (Superset's `SqlaTable.data` lookups). */
export interface DatasetLookups {
  uid: string;
  name: string;
  verbose_map: Record<string, string>;
  column_formats: Record<string, string>;
  currency_formats: Record<string, unknown>;
  granularity_sqla: [string, string][];
  time_grain_sqla: [string, string][];
  order_by_choices: [string, string][];
}

/** `["col", true]` / `["col", false]` as JSON, the way Superset's explorer keys its ordering choices. */
function orderByChoices(columns: string[]): [string, string][] {
  return [...columns]
    .sort((a, b) => a.localeCompare(b))
    .flatMap((c): [string, string][] => [
      [JSON.stringify([c, true]), `${c} [asc]`],
      [JSON.stringify([c, false]), `${c} [desc]`],
    ]);
}

function currencyOf(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Labels, formats and choices derived from a dataset's active columns and its metrics. */
export function datasetLookups(ds: { id: number; schema: string | null; table_name: string; columns: DatasetColumn[]; metrics: DatasetMetric[] }): DatasetLookups {
  const active = ds.columns.filter((c) => c.is_active);
  const verboseMap: Record<string, string> = { __timestamp: 'Time' };
  for (const c of active) verboseMap[c.column_name] = c.verbose_name || c.column_name;
  for (const m of ds.metrics) verboseMap[m.metric_name] = m.verbose_name || m.metric_name;
  const columnFormats: Record<string, string> = {};
  const currencyFormats: Record<string, unknown> = {};
  for (const m of ds.metrics) {
    if (m.d3format) columnFormats[m.metric_name] = m.d3format;
    const currency = currencyOf(m.currency);
    if (currency) currencyFormats[m.metric_name] = currency;
  }
  return {
    uid: `${ds.id}__table`,
    name: ds.schema ? `${ds.schema}.${ds.table_name}` : ds.table_name,
    verbose_map: verboseMap,
    column_formats: columnFormats,
    currency_formats: currencyFormats,
    granularity_sqla: active.filter((c) => c.is_dttm).map((c): [string, string] => [c.column_name, c.verbose_name || c.column_name]),
    time_grain_sqla: TIME_GRAINS.map((g): [string, string] => [g.id, g.name]),
    order_by_choices: orderByChoices(active.map((c) => c.column_name)),
  };
}
