import { z } from 'zod';
import type { UserRef } from './sqllabState.js';

/** Datasets (Superset's SqlaTable): physical when `sql` is empty, virtual otherwise (facts §2.2). */

const intLike = z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.number().int().positive());

/** A column the client proposes for a virtual dataset (SQL Lab sends its result columns). */
export const datasetColumnInputSchema = z
  .object({
    column_name: z.string().min(1).max(255),
    type: z.string().nullish(),
    is_dttm: z.boolean().nullish(),
  })
  .loose();

export const datasetCreateSchema = z.object({
  database: intLike,
  table_name: z.string().trim().min(1, 'Missing data for required field.').max(250),
  catalog: z.string().max(256).nullish(),
  schema: z.string().max(255).nullish(),
  sql: z.string().nullish(),
  owners: z.array(intLike).optional(),
  is_managed_externally: z.boolean().nullish(),
  external_url: z.string().nullish(),
  template_params: z.string().nullish(),
  normalize_columns: z.boolean().optional(),
  always_filter_main_dttm: z.boolean().optional(),
  columns: z.array(datasetColumnInputSchema).optional(),
});
export type DatasetCreate = z.infer<typeof datasetCreateSchema>;

export const datasetGetOrCreateSchema = z.object({
  table_name: z.string().trim().min(1, 'Missing data for required field.').max(250),
  database_id: intLike,
  catalog: z.string().nullish(),
  schema: z.string().nullish(),
  template_params: z.string().nullish(),
  normalize_columns: z.boolean().optional(),
  always_filter_main_dttm: z.boolean().optional(),
});
export type DatasetGetOrCreate = z.infer<typeof datasetGetOrCreateSchema>;

/** Superset's GenericDataType numbers: NUMERIC 0, STRING 1, TEMPORAL 2, BOOLEAN 3. */
export const GENERIC_TYPE_CODES = { Numeric: 0, String: 1, Temporal: 2, Boolean: 3 } as const;

export interface DatasetColumn {
  id: number;
  uuid: string;
  column_name: string;
  type: string | null;
  type_generic: number | null;
  is_dttm: boolean;
  groupby: boolean;
  filterable: boolean;
  expression: string | null;
  verbose_name: string | null;
  description: string | null;
  python_date_format: string | null;
  advanced_data_type: string | null;
  is_active: boolean;
  extra: string | null;
  created_on?: string;
  changed_on?: string;
}

export interface DatasetMetric {
  id: number;
  uuid: string;
  metric_name: string;
  expression: string;
  metric_type: string | null;
  verbose_name: string | null;
  d3format: string | null;
  currency: string | null;
  description: string | null;
  warning_text: string | null;
  extra: string | null;
  created_on?: string;
  changed_on?: string;
}

export interface DatasetShow {
  id: number;
  uuid: string;
  /** `allow_multi_catalog`: Superset's DatasetRestApi.get.Database field; no connector switches catalogs, so false. */
  database: { id: number; database_name: string; backend: string; allow_multi_catalog?: boolean };
  datasource_name: string;
  table_name: string;
  sql: string | null;
  catalog: string | null;
  schema: string | null;
  description: string | null;
  main_dttm_col: string | null;
  filter_select_enabled: boolean;
  fetch_values_predicate: string | null;
  normalize_columns: boolean;
  always_filter_main_dttm: boolean;
  offset: number;
  default_endpoint: string | null;
  cache_timeout: number | null;
  is_sqllab_view: boolean;
  is_managed_externally: boolean;
  external_url: string | null;
  template_params: string | null;
  select_star: string | null;
  owners: UserRef[];
  columns: DatasetColumn[];
  metrics: DatasetMetric[];
  datasource_type: 'table';
  url: string;
  extra: string | null;
  kind: 'physical' | 'virtual';
  created_on: string;
  changed_on: string;
  changed_on_humanized: string;
  created_on_humanized: string;
  created_by: UserRef | null;
  changed_by: UserRef | null;
  /** Superset's lookups for clients (`schema.table`, `{id}__table`, labels, formats, choices). */
  name: string;
  uid: string;
  verbose_map: Record<string, string>;
  column_formats: Record<string, string>;
  currency_formats: Record<string, unknown>;
  order_by_choices: [string, string][];
  time_grain_sqla: [string, string][];
  granularity_sqla: [string, string][];
  /** Column folders (Superset 5); none here. */
  folders: null;
}

export interface DatasetListItem {
  id: number;
  uuid: string;
  table_name: string;
  /** This and is_managed_externally are not in Superset's list_columns, so not answered: optional for clients that typed them. */
  datasource_name?: string;
  catalog: string | null;
  schema: string | null;
  sql: string | null;
  kind: 'physical' | 'virtual';
  database: { id: number; database_name: string };
  datasource_type: 'table';
  explore_url: string;
  description: string | null;
  extra: string | null;
  owners: UserRef[];
  changed_on_utc: string;
  changed_on_delta_humanized: string;
  changed_by: UserRef | null;
  changed_by_name: string;
  default_endpoint: string | null;
  is_managed_externally?: boolean;
}

/** A column in a dataset PUT: with `id` it edits that column, without it adds one; missing ones are removed. */
export const datasetColumnEditSchema = z.object({
  id: z.number().int().positive().optional(),
  uuid: z.string().nullish(),
  column_name: z.string().trim().min(1, 'Missing data for required field.').max(255),
  type: z.string().nullish(),
  advanced_data_type: z.string().max(255).nullish(),
  verbose_name: z.string().max(1024).nullish(),
  description: z.string().nullish(),
  expression: z.string().nullish(),
  extra: z.string().nullish(),
  filterable: z.boolean().optional(),
  groupby: z.boolean().optional(),
  is_active: z.boolean().nullish(),
  is_dttm: z.boolean().nullish(),
  python_date_format: z.string().max(255).nullish(),
  // Read-only fields of the GET answer, accepted and ignored so a client can send back what it read.
  type_generic: z.unknown().optional(),
  created_on: z.unknown().optional(),
  changed_on: z.unknown().optional(),
}).strict();
export type DatasetColumnEdit = z.infer<typeof datasetColumnEditSchema>;

export const datasetMetricEditSchema = z.object({
  id: z.number().int().positive().optional(),
  uuid: z.string().nullish(),
  metric_name: z.string().trim().min(1, 'Missing data for required field.').max(255),
  expression: z.string().trim().min(1, 'Missing data for required field.'),
  metric_type: z.string().max(32).nullish(),
  verbose_name: z.string().max(1024).nullish(),
  d3format: z.string().max(128).nullish(),
  currency: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  description: z.string().nullish(),
  warning_text: z.string().nullish(),
  extra: z.string().nullish(),
  created_on: z.unknown().optional(),
  changed_on: z.unknown().optional(),
}).strict();
export type DatasetMetricEdit = z.infer<typeof datasetMetricEditSchema>;

export const datasetUpdateSchema = z.object({
  table_name: z.string().trim().min(1).max(250).optional(),
  database_id: intLike.optional(),
  catalog: z.string().max(256).nullish(),
  schema: z.string().max(255).nullish(),
  sql: z.string().nullish(),
  description: z.string().nullish(),
  main_dttm_col: z.string().nullish(),
  filter_select_enabled: z.boolean().optional(),
  fetch_values_predicate: z.string().nullish(),
  normalize_columns: z.boolean().optional(),
  always_filter_main_dttm: z.boolean().optional(),
  offset: z.number().int().optional(),
  default_endpoint: z.string().nullish(),
  cache_timeout: z.number().int().nullish(),
  is_sqllab_view: z.boolean().optional(),
  template_params: z.string().nullish(),
  owners: z.array(intLike).optional(),
  columns: z.array(datasetColumnEditSchema).optional(),
  metrics: z.array(datasetMetricEditSchema).optional(),
  extra: z.string().nullish(),
  is_managed_externally: z.boolean().optional(),
  external_url: z.string().nullish(),
  /** Superset's column folders: accepted for its clients, not kept (Tessera has no folders yet). */
  folders: z.array(z.unknown()).nullish(),
}).strict();
export type DatasetUpdate = z.infer<typeof datasetUpdateSchema>;

export const datasetDuplicateSchema = z.object({
  /** Any integer: a base that does not exist is the command's 422 (as Superset), not a malformed request. */
  base_model_id: z.preprocess((v) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v), z.number().int()),
  table_name: z.string().trim().min(1, 'Missing data for required field.').max(250),
});
export type DatasetDuplicate = z.infer<typeof datasetDuplicateSchema>;

export interface DatasetRelatedObjects {
  charts: { count: number; result: { id: number; slice_name: string; viz_type: string }[] };
  dashboards: { count: number; result: { id: number; json_metadata: string | null; slug: string | null; title: string }[] };
}
