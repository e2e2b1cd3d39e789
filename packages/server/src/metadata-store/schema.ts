import type { Generated } from 'kysely';
import type { AuditLogSchema } from './auditLogSchema.js';
import type { ChartSchema } from './chartSchema.js';
import type { EmbeddedSchema } from './embeddedSchema.js';
import type { RowLevelSecuritySchema } from './rowLevelSecuritySchema.js';
import type { DatasetColumnTable, DatasetMetricTable, DatasetOwnerTable, DatasetTable } from './datasetSchema.js';
import type { KeyValueTable, QueryTable, SavedQueryTable, TableSchemaTable, TabStateTable } from './sqllabSchema.js';

/**
 * Metadata tables. Portable across SQLite and PostgreSQL: times are ISO-8601 text,
 * booleans are 0/1 integers, JSON is text. Table names follow Superset where it has one.
 */
export interface UserTable {
  id: Generated<number>;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  active: number;
  login_count: number;
  fail_login_count: number;
  last_login: string | null;
  created_on: string;
  changed_on: string;
}

export interface RoleTable {
  id: Generated<number>;
  name: string;
}

export interface NamedTable {
  id: Generated<number>;
  name: string;
}

export interface PermissionViewTable {
  id: Generated<number>;
  permission_id: number;
  view_menu_id: number;
}

export interface PermissionViewRoleTable {
  id: Generated<number>;
  permission_view_id: number;
  role_id: number;
}

export interface UserRoleTable {
  id: Generated<number>;
  user_id: number;
  role_id: number;
}

export interface SessionTable {
  /** sha256 of the cookie value; the cookie itself is never stored. */
  id: string;
  user_id: number;
  created_on: string;
  expires_on: string;
}

export interface DatabaseTable {
  id: Generated<number>;
  uuid: string;
  database_name: string;
  /** Connection URI with the password removed; the password lives encrypted in `password`. */
  sqlalchemy_uri: string;
  /** Encrypted with Secrets.encrypt (never plain text); null when the connection has no password. */
  password: string | null;
  /** Encrypted JSON text (Superset's encrypted_extra): secret engine options. */
  encrypted_extra: string | null;
  backend: string;
  configuration_method: string;
  expose_in_sqllab: number;
  allow_run_async: number;
  allow_dml: number;
  allow_ctas: number;
  allow_cvas: number;
  allow_file_upload: number;
  disable_data_preview: number;
  cache_timeout: number | null;
  force_ctas_schema: string | null;
  impersonate_user: number;
  extra: string;
  server_cert: string | null;
  is_managed_externally: number;
  external_url: string | null;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

/** A native annotation layer (Superset's `annotation_layer`). */
export interface AnnotationLayerTable {
  id: Generated<number>;
  name: string;
  descr: string | null;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

/** One annotation of a layer; times are naive UTC `YYYY-MM-DDTHH:MM:SS`. */
export interface AnnotationTable {
  id: Generated<number>;
  layer_id: number;
  start_dttm: string;
  end_dttm: string;
  short_descr: string;
  long_descr: string | null;
  json_metadata: string | null;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface MetadataSchema extends ChartSchema, RowLevelSecuritySchema, AuditLogSchema, EmbeddedSchema {
  ab_user: UserTable;
  ab_role: RoleTable;
  ab_permission: NamedTable;
  ab_view_menu: NamedTable;
  ab_permission_view: PermissionViewTable;
  ab_permission_view_role: PermissionViewRoleTable;
  ab_user_role: UserRoleTable;
  sessions: SessionTable;
  dbs: DatabaseTable;
  query: QueryTable;
  saved_query: SavedQueryTable;
  tab_state: TabStateTable;
  table_schema: TableSchemaTable;
  key_value: KeyValueTable;
  tables: DatasetTable;
  table_columns: DatasetColumnTable;
  sql_metrics: DatasetMetricTable;
  dataset_owner: DatasetOwnerTable;
  annotation_layer: AnnotationLayerTable;
  annotation: AnnotationTable;
}
