import type { Generated } from 'kysely';

export interface QueryTable {
  id: Generated<number>;
  client_id: string;
  database_id: number;
  user_id: number | null;
  sql_editor_id: string | null;
  tab_name: string | null;
  status: string;
  catalog: string | null;
  schema: string | null;
  sql: string;
  select_sql: string | null;
  executed_sql: string | null;
  template_params: string | null;
  limit: number | null;
  limiting_factor: string;
  select_as_cta: number;
  select_as_cta_used: number;
  ctas_method: string;
  tmp_schema_name: string | null;
  tmp_table_name: string | null;
  run_async: number;
  progress: number;
  rows: number | null;
  error_message: string | null;
  /** JSON array of catalogue error entries of a failed run. */
  errors_json: string | null;
  results_key: string | null;
  tracking_url: string | null;
  start_time: number | null;
  start_running_time: number | null;
  end_time: number | null;
  end_result_backend_time: number | null;
  extra_json: string;
  changed_on: string;
}

export interface SavedQueryTable {
  id: Generated<number>;
  uuid: string;
  user_id: number | null;
  db_id: number;
  catalog: string | null;
  schema: string | null;
  label: string;
  description: string;
  sql: string;
  template_parameters: string | null;
  extra_json: string;
  rows: number | null;
  last_run: string | null;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface TabStateTable {
  id: Generated<number>;
  user_id: number;
  label: string;
  active: number;
  database_id: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  query_limit: number | null;
  latest_query_id: string | null;
  autorun: number;
  template_params: string | null;
  hide_left_bar: number;
  saved_query_id: number | null;
  extra_json: string;
  created_on: string;
  changed_on: string;
}

export interface TableSchemaTable {
  id: Generated<number>;
  tab_state_id: number;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  table: string;
  description: string;
  expanded: number;
  created_on: string;
  changed_on: string;
}

export interface KeyValueTable {
  id: Generated<number>;
  uuid: string;
  resource: string;
  value: string;
  created_on: string;
  created_by_fk: number | null;
  expires_on: string | null;
}
