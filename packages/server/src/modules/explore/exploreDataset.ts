import type { DatasetShow, ExploreDataset } from '@tessera/core';
import { datasetLookups } from '../datasets/datasetLookups.js';

/** A dataset as the explorer reads it (Superset's `SqlaTable.data`): lookups for labels, formats and choices. */
export function toExploreDataset(ds: DatasetShow): ExploreDataset {
  const active = ds.columns.filter((c) => c.is_active);
  const lookups = datasetLookups(ds);
  return {
    id: ds.id,
    uid: lookups.uid,
    type: 'table',
    name: lookups.name,
    datasource_name: ds.table_name,
    table_name: ds.table_name,
    schema: ds.schema,
    catalog: ds.catalog,
    description: ds.description,
    sql: ds.sql,
    database: ds.database,
    columns: active,
    metrics: ds.metrics,
    verbose_map: lookups.verbose_map,
    column_formats: lookups.column_formats,
    currency_formats: lookups.currency_formats,
    main_dttm_col: ds.main_dttm_col,
    granularity_sqla: lookups.granularity_sqla,
    time_grain_sqla: lookups.time_grain_sqla,
    order_by_choices: lookups.order_by_choices,
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
