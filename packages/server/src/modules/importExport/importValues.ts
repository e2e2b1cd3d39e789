import { UNTITLED_DASHBOARD, type BundleChart, type BundleColumn, type BundleDashboard, type BundleDatabase, type BundleDataset, type BundleMetric } from '@tessera/core';
import type { ChartValues, ColumnValues, DashboardValues, DatabaseValues, DatasetValues, MetricValues } from './importExport.repository.js';

/** Bundle files as metadata rows: YAML mappings back to JSON text, Superset's defaults for what a file leaves out. */

/** Who imports and when: the stamps every written row gets. */
export interface ImportStamp {
  now: string;
  userId: number | null;
}

const flag = (value: boolean | null | undefined, fallback: boolean): number => ((value ?? fallback) ? 1 : 0);
const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

const stamps = ({ now, userId }: ImportStamp) => ({ created_on: now, changed_on: now, created_by_fk: userId, changed_by_fk: userId });

/** Superset renamed `schemas_allowed_for_csv_upload` to `..._file_upload` but kept the old name in bundles. */
export function databaseExtraFromBundle(extra: Record<string, unknown> | null | undefined): string {
  const copy = { ...(extra ?? {}) };
  if ('schemas_allowed_for_csv_upload' in copy) {
    copy.schemas_allowed_for_file_upload = copy.schemas_allowed_for_csv_upload;
    delete copy.schemas_allowed_for_csv_upload;
  }
  return JSON.stringify(copy);
}

/** `connection` is the stored form of the URI and password (from the databases service). */
export function databaseValues(
  config: BundleDatabase,
  connection: Pick<DatabaseValues, 'sqlalchemy_uri' | 'password' | 'backend'>,
  stamp: ImportStamp,
): DatabaseValues {
  return {
    uuid: config.uuid,
    database_name: config.database_name,
    ...connection,
    encrypted_extra: null,
    configuration_method: 'sqlalchemy_form',
    expose_in_sqllab: flag(config.expose_in_sqllab, true),
    allow_run_async: flag(config.allow_run_async, false),
    allow_dml: flag(config.allow_dml, false),
    allow_ctas: flag(config.allow_ctas, false),
    allow_cvas: flag(config.allow_cvas, false),
    allow_file_upload: flag(config.allow_file_upload ?? config.allow_csv_upload, false),
    disable_data_preview: 0,
    impersonate_user: flag(config.impersonate_user, false),
    cache_timeout: config.cache_timeout ?? null,
    force_ctas_schema: null,
    extra: databaseExtraFromBundle(config.extra),
    server_cert: null,
    is_managed_externally: flag(config.is_managed_externally, false),
    external_url: config.external_url ?? null,
    ...stamps(stamp),
  };
}

export function datasetValues(config: BundleDataset, databaseId: number, stamp: ImportStamp): DatasetValues {
  return {
    uuid: config.uuid,
    table_name: config.table_name,
    database_id: databaseId,
    catalog: config.catalog ?? null,
    schema: config.schema ?? null,
    sql: config.sql?.trim() ? config.sql : null,
    description: config.description ?? null,
    main_dttm_col: config.main_dttm_col ?? null,
    filter_select_enabled: flag(config.filter_select_enabled, true),
    fetch_values_predicate: config.fetch_values_predicate ?? null,
    normalize_columns: flag(config.normalize_columns, false),
    always_filter_main_dttm: flag(config.always_filter_main_dttm, false),
    offset: config.offset ?? 0,
    default_endpoint: config.default_endpoint ?? null,
    cache_timeout: config.cache_timeout ?? null,
    is_sqllab_view: 0,
    template_params: json(config.template_params),
    extra: json(config.extra),
    is_managed_externally: flag(config.is_managed_externally, false),
    external_url: config.external_url ?? null,
    ...stamps(stamp),
  };
}

export function columnValues(column: BundleColumn): ColumnValues {
  return {
    column_name: column.column_name,
    type: column.type ?? null,
    is_dttm: flag(column.is_dttm, false),
    groupby: flag(column.groupby, true),
    filterable: flag(column.filterable, true),
    expression: column.expression ?? null,
    verbose_name: column.verbose_name ?? null,
    description: column.description ?? null,
    python_date_format: column.python_date_format ?? null,
    advanced_data_type: column.advanced_data_type ?? null,
    is_active: flag(column.is_active, true),
    extra: json(column.extra),
  };
}

export function metricValues(metric: BundleMetric): MetricValues {
  return {
    metric_name: metric.metric_name,
    expression: metric.expression,
    metric_type: metric.metric_type ?? null,
    verbose_name: metric.verbose_name ?? null,
    d3format: metric.d3format ?? null,
    currency: typeof metric.currency === 'string' ? metric.currency : json(metric.currency),
    description: metric.description ?? null,
    warning_text: metric.warning_text ?? null,
    extra: json(metric.extra),
  };
}

/**
 * A saved query context names its dataset by id, which differs between servers. Superset drops the context
 * on import; pointing it at the imported dataset keeps the chart's saved query usable.
 */
export function rebindQueryContext(text: string | null | undefined, datasetId: number): string | null {
  if (!text) return text ?? null;
  let context: unknown;
  try {
    context = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof context !== 'object' || context === null || Array.isArray(context)) return text;
  const rebound: Record<string, unknown> = { ...(context as Record<string, unknown>) };
  if (typeof rebound.datasource === 'object' && rebound.datasource !== null) rebound.datasource = { id: datasetId, type: 'table' };
  const formData = rebound.form_data;
  if (typeof formData === 'object' && formData !== null && 'datasource' in formData) {
    rebound.form_data = { ...formData, datasource: `${datasetId}__table` };
  }
  return JSON.stringify(rebound);
}

export function chartValues(config: BundleChart, dataset: { id: number; schema: string | null; table_name: string }, stamp: ImportStamp): ChartValues {
  return {
    uuid: config.uuid,
    slice_name: config.slice_name,
    viz_type: config.viz_type,
    params: json(config.params),
    query_context: rebindQueryContext(config.query_context, dataset.id),
    description: config.description ?? null,
    cache_timeout: config.cache_timeout ?? null,
    datasource_id: dataset.id,
    datasource_type: 'table',
    datasource_name: dataset.schema ? `${dataset.schema}.${dataset.table_name}` : dataset.table_name,
    certified_by: config.certified_by || null,
    certification_details: config.certified_by ? (config.certification_details ?? null) : null,
    is_managed_externally: flag(config.is_managed_externally, false),
    external_url: config.external_url ?? null,
    last_saved_at: null,
    last_saved_by_fk: null,
    ...stamps(stamp),
  };
}

/**
 * `position_json` and `json_metadata` are the texts of the layout and metadata already pointed at this server's
 * chart and dataset ids. The dashboards API's rules hold: an empty title is the untitled placeholder, and
 * certification details stand only with a certifier.
 */
export function dashboardValues(
  config: BundleDashboard,
  texts: { position_json: string | null; json_metadata: string | null },
  stamp: ImportStamp,
): DashboardValues {
  const certified = config.certified_by?.trim() ? config.certified_by : null;
  return {
    uuid: config.uuid,
    dashboard_title: config.dashboard_title.trim() ? config.dashboard_title : UNTITLED_DASHBOARD,
    slug: config.slug?.trim() || null,
    css: config.css ?? null,
    position_json: texts.position_json,
    json_metadata: texts.json_metadata,
    published: flag(config.published, false),
    certified_by: certified,
    certification_details: certified ? (config.certification_details ?? null) : null,
    is_managed_externally: flag(config.is_managed_externally, false),
    external_url: config.external_url ?? null,
    ...stamps(stamp),
  };
}
