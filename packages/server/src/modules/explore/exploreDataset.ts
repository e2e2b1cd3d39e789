import { TIME_GRAINS, type DatasetShow, type ExploreDataset } from '@tessera/core';

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

/** A dataset as the explorer reads it (Superset's `SqlaTable.data`): lookups for labels, formats and choices. */
export function toExploreDataset(ds: DatasetShow): ExploreDataset {
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
  const temporal = active.filter((c) => c.is_dttm).map((c): [string, string] => [c.column_name, c.verbose_name || c.column_name]);
  return {
    id: ds.id,
    uid: `${ds.id}__table`,
    type: 'table',
    name: ds.schema ? `${ds.schema}.${ds.table_name}` : ds.table_name,
    datasource_name: ds.table_name,
    table_name: ds.table_name,
    schema: ds.schema,
    catalog: ds.catalog,
    description: ds.description,
    sql: ds.sql,
    database: ds.database,
    columns: active,
    metrics: ds.metrics,
    verbose_map: verboseMap,
    column_formats: columnFormats,
    currency_formats: currencyFormats,
    main_dttm_col: ds.main_dttm_col,
    granularity_sqla: temporal,
    time_grain_sqla: TIME_GRAINS.map((g): [string, string] => [g.id, g.name]),
    order_by_choices: orderByChoices(active.map((c) => c.column_name)),
    filter_select_enabled: ds.filter_select_enabled,
    fetch_values_predicate: ds.fetch_values_predicate,
    template_params: ds.template_params,
    cache_timeout: ds.cache_timeout,
    is_sqllab_view: ds.is_sqllab_view,
    select_star: ds.select_star,
    owners: ds.owners.map((o) => o.id),
    edit_url: `/tablemodelview/edit/${ds.id}`,
    datasource_type: 'table',
    kind: ds.kind,
    health_check_message: null,
    extra: ds.extra,
    offset: ds.offset,
    default_endpoint: ds.default_endpoint,
    always_filter_main_dttm: ds.always_filter_main_dttm,
    normalize_columns: ds.normalize_columns,
  };
}
