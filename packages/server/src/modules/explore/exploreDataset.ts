import type { DatasetShow, ExploreDataset } from '@tessera/core';

/** A dataset as the explorer reads it (Superset's `SqlaTable.data`); its lookups come with the show answer (datasetLookups). */
export function toExploreDataset(ds: DatasetShow): ExploreDataset {
  const active = ds.columns.filter((c) => c.is_active);
  return {
    id: ds.id,
    uid: ds.uid,
    type: 'table',
    name: ds.name,
    datasource_name: ds.table_name,
    table_name: ds.table_name,
    schema: ds.schema,
    catalog: ds.catalog,
    description: ds.description,
    sql: ds.sql,
    database: ds.database,
    columns: active,
    metrics: ds.metrics,
    verbose_map: ds.verbose_map,
    column_formats: ds.column_formats,
    currency_formats: ds.currency_formats,
    main_dttm_col: ds.main_dttm_col,
    granularity_sqla: ds.granularity_sqla,
    time_grain_sqla: ds.time_grain_sqla,
    order_by_choices: ds.order_by_choices,
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
