import type { Generated } from 'kysely';

export interface SliceTable {
  id: Generated<number>;
  uuid: string;
  slice_name: string;
  viz_type: string;
  params: string | null;
  query_context: string | null;
  description: string | null;
  cache_timeout: number | null;
  datasource_id: number;
  datasource_type: string;
  datasource_name: string | null;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: number;
  external_url: string | null;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  last_saved_at: string | null;
  last_saved_by_fk: number | null;
}

export interface SliceUserTable {
  id: Generated<number>;
  slice_id: number;
  user_id: number;
}

export interface DashboardTable {
  id: Generated<number>;
  uuid: string;
  dashboard_title: string;
  slug: string | null;
  css: string | null;
  json_metadata: string | null;
  position_json: string | null;
  published: number;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: number;
  external_url: string | null;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface DashboardSliceTable {
  id: Generated<number>;
  dashboard_id: number;
  slice_id: number;
}

export interface DashboardUserTable {
  id: Generated<number>;
  dashboard_id: number;
  user_id: number;
}

export interface DashboardRoleTable {
  id: Generated<number>;
  dashboard_id: number;
  role_id: number;
}

/** `class_name` is 'slice' for charts and 'Dashboard' for dashboards, as Superset stores them. */
export interface FavStarTable {
  id: Generated<number>;
  user_id: number;
  class_name: string;
  obj_id: number;
  dttm: string;
}

export interface ChartSchema {
  slices: SliceTable;
  slice_user: SliceUserTable;
  dashboards: DashboardTable;
  dashboard_slices: DashboardSliceTable;
  dashboard_user: DashboardUserTable;
  dashboard_roles: DashboardRoleTable;
  favstar: FavStarTable;
}
