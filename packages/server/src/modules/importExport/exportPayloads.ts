import { BUNDLE_TYPES, BUNDLE_VERSION, type BundleResource, type DatasetShow } from '@tessera/core';
import type { SliceRow } from '../charts/charts.repository.js';
import type { DashboardRow } from '../dashboards/dashboards.repository.js';
import type { DatabaseRow } from '../databases/databases.repository.js';

/**
 * The objects of an export as Superset writes them (`commands/<resource>/export.py`): the same keys in the same
 * order, JSON text fields written as YAML mappings, `version: 1.0.0` and the uuid of the parent object.
 */

/** JSON text as a value; text that is not JSON stays text, as Superset keeps it when it cannot decode. */
function decoded(text: string | null): unknown {
  if (text === null || text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const bool = (flag: number) => flag === 1;

export function metadataPayload(resource: BundleResource, timestamp: string) {
  return { version: BUNDLE_VERSION, type: BUNDLE_TYPES[resource], timestamp };
}

export type ChartFields = Pick<
  SliceRow,
  'slice_name' | 'description' | 'certified_by' | 'certification_details' | 'viz_type' | 'params' | 'query_context' | 'cache_timeout' | 'uuid'
>;

/** `dataset_uuid` is left out when the chart has no dataset, as Superset does. */
export function chartPayload(chart: ChartFields, datasetUuid: string | null): Record<string, unknown> {
  return {
    slice_name: chart.slice_name,
    description: chart.description,
    certified_by: chart.certified_by,
    certification_details: chart.certification_details,
    viz_type: chart.viz_type,
    params: decoded(chart.params),
    query_context: chart.query_context,
    cache_timeout: chart.cache_timeout,
    uuid: chart.uuid,
    version: BUNDLE_VERSION,
    ...(datasetUuid ? { dataset_uuid: datasetUuid } : {}),
  };
}

/** Columns and metrics carry no uuid or id: an import matches them by name inside their dataset. */
export function datasetPayload(dataset: DatasetShow, databaseUuid: string): Record<string, unknown> {
  return {
    table_name: dataset.table_name,
    main_dttm_col: dataset.main_dttm_col,
    description: dataset.description,
    default_endpoint: dataset.default_endpoint,
    offset: dataset.offset,
    cache_timeout: dataset.cache_timeout,
    schema: dataset.schema,
    sql: dataset.sql,
    // Superset's dataset `params` (legacy import bookkeeping) has no counterpart here.
    params: null,
    template_params: decoded(dataset.template_params),
    filter_select_enabled: dataset.filter_select_enabled,
    fetch_values_predicate: dataset.fetch_values_predicate,
    extra: decoded(dataset.extra),
    normalize_columns: dataset.normalize_columns,
    always_filter_main_dttm: dataset.always_filter_main_dttm,
    uuid: dataset.uuid,
    metrics: dataset.metrics.map((m) => ({
      metric_name: m.metric_name,
      verbose_name: m.verbose_name,
      metric_type: m.metric_type,
      expression: m.expression,
      description: m.description,
      d3format: m.d3format,
      currency: decoded(m.currency),
      extra: decoded(m.extra),
      warning_text: m.warning_text,
    })),
    columns: dataset.columns.map((c) => ({
      column_name: c.column_name,
      verbose_name: c.verbose_name,
      is_dttm: c.is_dttm,
      is_active: c.is_active,
      type: c.type,
      advanced_data_type: c.advanced_data_type,
      groupby: c.groupby,
      filterable: c.filterable,
      expression: c.expression,
      description: c.description,
      python_date_format: c.python_date_format,
      extra: decoded(c.extra),
    })),
    version: BUNDLE_VERSION,
    database_uuid: databaseUuid,
  };
}

/**
 * `maskedUri` has the password replaced by Superset's mask. Superset writes `allow_file_upload` under its
 * V1 name `allow_csv_upload` (its importers read both), and so the extra's `schemas_allowed_for_csv_upload`;
 * secrets (encrypted extra, certificates) stay out.
 */
export function databasePayload(db: DatabaseRow, maskedUri: string): Record<string, unknown> {
  const decodedExtra = decoded(db.extra);
  const extra: Record<string, unknown> = decodedExtra !== null && typeof decodedExtra === 'object' ? { ...decodedExtra } : {};
  if ('schemas_allowed_for_file_upload' in extra) {
    extra.schemas_allowed_for_csv_upload = extra.schemas_allowed_for_file_upload;
    delete extra.schemas_allowed_for_file_upload;
  }
  return {
    database_name: db.database_name,
    sqlalchemy_uri: maskedUri,
    cache_timeout: db.cache_timeout,
    expose_in_sqllab: bool(db.expose_in_sqllab),
    allow_run_async: bool(db.allow_run_async),
    allow_ctas: bool(db.allow_ctas),
    allow_cvas: bool(db.allow_cvas),
    allow_dml: bool(db.allow_dml),
    allow_csv_upload: bool(db.allow_file_upload),
    extra,
    uuid: db.uuid,
    version: BUNDLE_VERSION,
  };
}

export type DashboardFields = Pick<
  DashboardRow,
  'dashboard_title' | 'css' | 'slug' | 'certified_by' | 'certification_details' | 'published' | 'uuid' | 'json_metadata'
>;

/**
 * Superset's dashboard file: its exported fields in its order, the layout and json_metadata as mappings
 * (`position`, `metadata`; metadata left out when the dashboard has none). Tessera's dashboards have no
 * description, written as null as Superset writes an empty one.
 */
export function dashboardPayload(dashboard: DashboardFields, position: Record<string, unknown>, metadata: Record<string, unknown> | null): Record<string, unknown> {
  return {
    dashboard_title: dashboard.dashboard_title,
    description: null,
    css: dashboard.css,
    slug: dashboard.slug,
    certified_by: dashboard.certified_by,
    certification_details: dashboard.certification_details,
    published: bool(dashboard.published),
    uuid: dashboard.uuid,
    position,
    ...(metadata ? { metadata } : {}),
    version: BUNDLE_VERSION,
  };
}
