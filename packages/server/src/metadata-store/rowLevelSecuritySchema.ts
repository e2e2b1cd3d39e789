import type { Generated } from 'kysely';

/** A row level security rule (Superset's `row_level_security_filters`). */
export interface RlsFilterTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  /** 'Regular' or 'Base'. */
  filter_type: string;
  group_key: string | null;
  clause: string;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface RlsFilterRoleTable {
  id: Generated<number>;
  rls_filter_id: number;
  role_id: number;
}

export interface RlsFilterDatasetTable {
  id: Generated<number>;
  rls_filter_id: number;
  table_id: number;
}

export interface RowLevelSecuritySchema {
  row_level_security_filters: RlsFilterTable;
  rls_filter_roles: RlsFilterRoleTable;
  rls_filter_tables: RlsFilterDatasetTable;
}
