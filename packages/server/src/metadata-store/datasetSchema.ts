import type { Generated } from 'kysely';

export interface DatasetTable {
  id: Generated<number>;
  uuid: string;
  table_name: string;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  sql: string | null;
  description: string | null;
  main_dttm_col: string | null;
  filter_select_enabled: number;
  fetch_values_predicate: string | null;
  normalize_columns: number;
  always_filter_main_dttm: number;
  offset: number;
  default_endpoint: string | null;
  cache_timeout: number | null;
  is_sqllab_view: number;
  template_params: string | null;
  extra: string | null;
  is_managed_externally: number;
  external_url: string | null;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface DatasetColumnTable {
  id: Generated<number>;
  uuid: string;
  table_id: number;
  column_name: string;
  type: string | null;
  is_dttm: number;
  groupby: number;
  filterable: number;
  expression: string | null;
  verbose_name: string | null;
  description: string | null;
  python_date_format: string | null;
  advanced_data_type: string | null;
  is_active: number;
  extra: string | null;
  created_on: string;
  changed_on: string;
}

export interface DatasetMetricTable {
  id: Generated<number>;
  uuid: string;
  table_id: number;
  metric_name: string;
  expression: string;
  metric_type: string | null;
  verbose_name: string | null;
  d3format: string | null;
  currency: string | null;
  description: string | null;
  warning_text: string | null;
  extra: string | null;
  created_on: string;
  changed_on: string;
}

export interface DatasetOwnerTable {
  table_id: number;
  user_id: number;
}
