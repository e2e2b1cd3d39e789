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
}

export interface DatasetShow {
  id: number;
  uuid: string;
  database: { id: number; database_name: string; backend: string };
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
  created_by: UserRef | null;
  changed_by: UserRef | null;
}

export interface DatasetListItem {
  id: number;
  uuid: string;
  table_name: string;
  datasource_name: string;
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
  is_managed_externally: boolean;
}
