import { z } from 'zod';
import { MAX_ID } from '../constants/index.js';

/**
 * Export / import bundles in Superset's format, version 1.0.0 (facts §2.0): a ZIP whose root folder holds
 * `metadata.yaml` and one YAML file per object under `charts/`, `datasets/<database>/` and `databases/`.
 * The file shapes below are the ones Superset's importers accept (its `ImportV1*Schema`s); unknown keys
 * are dropped rather than refused, so bundles from newer Superset versions still import.
 */

export const BUNDLE_VERSION = '1.0.0';
export const METADATA_FILE = 'metadata.yaml';

export const BUNDLE_RESOURCES = ['chart', 'dataset', 'database', 'dashboard'] as const;
export type BundleResource = (typeof BUNDLE_RESOURCES)[number];

/** `metadata.yaml`'s `type`: the name of Superset's model class for each resource. */
export const BUNDLE_TYPES: Readonly<Record<BundleResource, string>> = { chart: 'Slice', dataset: 'SqlaTable', database: 'Database', dashboard: 'Dashboard' };

/** The folder each resource's files live in. */
export const BUNDLE_FOLDERS: Readonly<Record<BundleResource, string>> = {
  chart: 'charts/',
  dataset: 'datasets/',
  database: 'databases/',
  dashboard: 'dashboards/',
};

/** Superset's wording: its import modal looks for these texts to ask for a confirmation or for passwords. */
export const ALREADY_EXISTS_TEXT = 'already exists and `overwrite=true` was not passed';
export const PASSWORD_NEEDED_MESSAGE = 'Must provide a password for the database';

export const alreadyExistsMessage = (resource: BundleResource) =>
  `${resource.charAt(0).toUpperCase()}${resource.slice(1)} ${ALREADY_EXISTS_TEXT}`;

/** A per-file problem that an overwrite confirmation would solve. */
export const isAlreadyExists = (payload: unknown): boolean => typeof payload === 'string' && payload.includes(ALREADY_EXISTS_TEXT);

/** A per-file problem that a database password would solve: `{_schema: ["Must provide a password for the database"]}`. */
export function isPasswordNeeded(payload: unknown): boolean {
  if (typeof payload !== 'object' || payload === null) return false;
  const schema = (payload as { _schema?: unknown })._schema;
  return Array.isArray(schema) && schema.includes(PASSWORD_NEEDED_MESSAGE);
}

/** `GET /api/v1/<resource>/export/?q=!(1,2)`: the ids, as rison. */
/** Any id a row could have: one that names nothing (0 or -1 included) is the export's 404, as Superset answers it. */
export const exportIdsSchema = z.array(z.number().int().min(-MAX_ID - 1).max(MAX_ID)).min(1);

/** `passwords` of the import form: `{"databases/examples.yaml": "secret"}`, sent as JSON text. */
export const importPasswordsSchema = z.record(z.string(), z.string());
export type ImportPasswords = z.infer<typeof importPasswordsSchema>;

/** `POST /api/v1/<resource>/import/` answers this on success. */
export interface ImportResponse {
  message: 'OK';
}

const text = z.string().nullish();
const flag = z.boolean().nullish();
const uuid = z.guid().transform((v) => v.toLowerCase());

/** Dict fields: older exports wrote them as JSON text (Superset's `fix_extra`). */
const dict = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, z.record(z.string(), z.unknown(), { error: 'Not a valid mapping type.' }).nullish());

export const bundleMetadataSchema = z.object({
  version: z.string(),
  type: z.string().optional(),
  // YAML 1.1 readers turn an unquoted timestamp into a date; either is fine.
  timestamp: z.union([z.string(), z.date()]).optional(),
});
export type BundleMetadata = z.infer<typeof bundleMetadataSchema>;

export const bundleDatabaseSchema = z.object({
  database_name: z.string().trim().min(1, 'Missing data for required field.').max(250),
  sqlalchemy_uri: z.string().min(1, 'Missing data for required field.'),
  password: text,
  cache_timeout: z.number().int().nullish(),
  expose_in_sqllab: flag,
  allow_run_async: flag,
  allow_ctas: flag,
  allow_cvas: flag,
  allow_dml: flag,
  // Superset writes `allow_csv_upload` (the V1 name) and reads both.
  allow_csv_upload: flag,
  allow_file_upload: flag,
  impersonate_user: flag,
  extra: dict,
  uuid,
  version: z.string(),
  is_managed_externally: flag,
  external_url: text,
});
export type BundleDatabase = z.infer<typeof bundleDatabaseSchema>;

export const bundleColumnSchema = z.object({
  column_name: z.string().min(1, 'Missing data for required field.').max(255),
  verbose_name: text,
  is_dttm: flag,
  is_active: flag,
  type: text,
  advanced_data_type: text,
  groupby: flag,
  filterable: flag,
  expression: text,
  description: text,
  python_date_format: text,
  extra: dict,
});
export type BundleColumn = z.infer<typeof bundleColumnSchema>;

export const bundleMetricSchema = z.object({
  metric_name: z.string().min(1, 'Missing data for required field.').max(255),
  verbose_name: text,
  metric_type: text,
  expression: z.string().min(1, 'Missing data for required field.'),
  description: text,
  d3format: text,
  currency: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  extra: dict,
  warning_text: text,
});
export type BundleMetric = z.infer<typeof bundleMetricSchema>;

export const bundleDatasetSchema = z.object({
  table_name: z.string().trim().min(1, 'Missing data for required field.').max(250),
  main_dttm_col: text,
  description: text,
  default_endpoint: text,
  offset: z.number().int().nullish(),
  cache_timeout: z.number().int().nullish(),
  catalog: text,
  schema: text,
  sql: text,
  params: dict,
  template_params: dict,
  filter_select_enabled: flag,
  fetch_values_predicate: text,
  extra: dict,
  normalize_columns: flag,
  always_filter_main_dttm: flag,
  uuid,
  columns: z.array(bundleColumnSchema).nullish(),
  metrics: z.array(bundleMetricSchema).nullish(),
  version: z.string(),
  database_uuid: uuid,
  is_managed_externally: flag,
  external_url: text,
});
export type BundleDataset = z.infer<typeof bundleDatasetSchema>;

export const bundleChartSchema = z.object({
  slice_name: z.string().trim().min(1, 'Missing data for required field.').max(250),
  description: text,
  certified_by: text,
  certification_details: text,
  viz_type: z.string().min(1, 'Missing data for required field.').max(250),
  params: dict,
  query_context: text,
  cache_timeout: z.number().int().nullish(),
  uuid,
  version: z.string(),
  dataset_uuid: uuid,
  is_managed_externally: flag,
  external_url: text,
});
export type BundleChart = z.infer<typeof bundleChartSchema>;

/**
 * `dashboards/<title>_<id>.yaml` (Superset's ImportV1DashboardSchema): `position` is the layout and `metadata` the
 * json_metadata, both as mappings; CHART components name their chart by `meta.uuid`, native filter targets
 * their dataset by `datasetUuid`. `description` is read and not kept (Tessera's dashboards have none).
 */
export const bundleDashboardSchema = z.object({
  dashboard_title: z.string().max(500, 'Length must be between 0 and 500.'),
  description: text,
  css: text,
  slug: z.string().max(255, 'Length must be between 1 and 255.').nullish(),
  uuid,
  position: dict,
  metadata: dict,
  version: z.string(),
  is_managed_externally: flag,
  external_url: text,
  certified_by: text,
  certification_details: text,
  published: flag,
});
export type BundleDashboard = z.infer<typeof bundleDashboardSchema>;
