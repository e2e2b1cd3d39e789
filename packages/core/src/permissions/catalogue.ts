/**
 * Permission model: permission/view pairs held per role (facts §5).
 * New APIs use can_read / can_write on a class permission name; legacy views keep their own verbs.
 */
export type PermissionPair = readonly [permission: string, view: string];

export const RESOURCE_VIEWS = [
  'Chart',
  'Dashboard',
  'Dataset',
  'Database',
  'SavedQuery',
  'Query',
  'SQLLab',
  'ReportSchedule',
  'Log',
  'ExploreFormDataRestApi',
  'ExplorePermalinkRestApi',
  'DashboardPermalinkRestApi',
  'DashboardFilterStateRestApi',
  'SqlLabPermalinkRestApi',
  'CssTemplate',
  // Superset's annotation layer and annotation APIs both use the class permission name 'Annotation'.
  'Annotation',
  'Tag',
] as const;

/** Views only admins see (user and role administration, row level security under Superset's class permission name). */
export const ADMIN_ONLY_VIEWS = ['User', 'Role', 'Row Level Security', 'Security'] as const;

/** Global data-access permissions: each is its own view name, as in Superset. */
export const ALL_DATABASE_ACCESS: PermissionPair = ['all_database_access', 'all_database_access'];
export const ALL_DATASOURCE_ACCESS: PermissionPair = ['all_datasource_access', 'all_datasource_access'];
export const ALL_QUERY_ACCESS: PermissionPair = ['all_query_access', 'all_query_access'];

const rw = (view: string): PermissionPair[] => [
  ['can_read', view],
  ['can_write', view],
];

const SUPERSET_VIEW_PERMS: PermissionPair[] = [
  ['can_csv', 'Superset'],
  ['can_explore', 'Superset'],
  ['can_explore_json', 'Superset'],
  ['can_share_chart', 'Superset'],
  ['can_share_dashboard', 'Superset'],
  ['can_dashboard', 'Superset'],
  ['can_log', 'Superset'],
  ['can_fetch_datasource_metadata', 'Superset'],
];

const SQLLAB_PERMS: PermissionPair[] = [
  ['can_read', 'SavedQuery'],
  ['can_write', 'SavedQuery'],
  ['can_export', 'SavedQuery'],
  ['can_read', 'Query'],
  ['can_read', 'SQLLab'],
  ['can_execute_sql_query', 'SQLLab'],
  ['can_get_results', 'SQLLab'],
  ['can_estimate_query_cost', 'SQLLab'],
  ['can_format_sql', 'SQLLab'],
  ['can_export_csv', 'SQLLab'],
  ['can_sqllab', 'Superset'],
  ['can_sqllab_history', 'Superset'],
  ['can_post', 'TabStateView'],
  ['can_get', 'TabStateView'],
  ['can_put', 'TabStateView'],
  ['can_delete', 'TabStateView'],
  ['can_activate', 'TabStateView'],
  ['can_delete_query', 'TabStateView'],
  ['can_migrate_query', 'TabStateView'],
  ['can_post', 'TableSchemaView'],
  ['can_expanded', 'TableSchemaView'],
  ['can_delete', 'TableSchemaView'],
  ['can_store', 'KV'],
  ['can_get_value', 'KV'],
  ['can_read', 'SqlLabPermalinkRestApi'],
  ['can_write', 'SqlLabPermalinkRestApi'],
  ['menu_access', 'SQL Lab'],
  ['menu_access', 'SQL Editor'],
  ['menu_access', 'Saved Queries'],
  ['menu_access', 'Query Search'],
  ['can_read', 'Database'],
];

const GAMMA_PERMS: PermissionPair[] = [
  ...rw('Chart'),
  ...rw('Dashboard'),
  ['can_export', 'Chart'],
  ['can_export', 'Dashboard'],
  ['can_read', 'Dataset'],
  ['can_read', 'Database'],
  ['can_read', 'Log'],
  ...rw('ExploreFormDataRestApi'),
  ...rw('ExplorePermalinkRestApi'),
  ...rw('DashboardPermalinkRestApi'),
  ...rw('DashboardFilterStateRestApi'),
  ['can_read', 'CssTemplate'],
  ['can_read', 'Annotation'],
  ['can_read', 'Tag'],
  ...SUPERSET_VIEW_PERMS,
  ['menu_access', 'Charts'],
  ['menu_access', 'Dashboards'],
  ['menu_access', 'Datasets'],
  ['menu_access', 'Home'],
];

const ALPHA_PERMS: PermissionPair[] = [
  ...GAMMA_PERMS,
  ...rw('Dataset'),
  ['can_export', 'Dataset'],
  ...rw('ReportSchedule'),
  ...rw('CssTemplate'),
  ...rw('Annotation'),
  ...rw('Tag'),
  ['can_upload', 'Database'],
  ['muldelete', 'Chart'],
  ['muldelete', 'Dashboard'],
  ALL_DATABASE_ACCESS,
  ALL_DATASOURCE_ACCESS,
  ['menu_access', 'Databases'],
  ['menu_access', 'Alerts & Report'],
  ['menu_access', 'Manage'],
  ...SQLLAB_PERMS,
];

const ADMIN_PERMS: PermissionPair[] = [
  ...ALPHA_PERMS,
  ...rw('Database'),
  // Database exports carry connection strings (password masked): Superset keeps them to admins.
  ['can_export', 'Database'],
  ...RESOURCE_VIEWS.flatMap(rw),
  ...ADMIN_ONLY_VIEWS.flatMap(rw),
  ALL_QUERY_ACCESS,
  ['can_grant_guest_token', 'SecurityRestApi'],
  // The audit log is read-only: rows are written by the server itself, never through the API.
  ['can_read', 'AuditLog'],
  ['can_warm_up_cache', 'Chart'],
  ['menu_access', 'Security'],
  ['menu_access', 'List Users'],
  ['menu_access', 'List Roles'],
  ['menu_access', 'Settings'],
];

function unique(pairs: PermissionPair[]): PermissionPair[] {
  const seen = new Set<string>();
  return pairs.filter(([p, v]) => {
    const key = `${p}|${v}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const BUILTIN_ROLE_NAMES = ['Admin', 'Alpha', 'Gamma', 'sql_lab', 'Public'] as const;
export type BuiltinRoleName = (typeof BUILTIN_ROLE_NAMES)[number];

/** The built-in roles, synced at every start so upgrades add new permissions. */
export const BUILTIN_ROLES: Readonly<Record<BuiltinRoleName, readonly PermissionPair[]>> = {
  Admin: unique(ADMIN_PERMS),
  Alpha: unique(ALPHA_PERMS),
  Gamma: unique(GAMMA_PERMS),
  sql_lab: unique(SQLLAB_PERMS),
  Public: [],
};

/** Object-level view names for data access, as Superset writes them. */
export const dataAccessViews = {
  database: (dbName: string, dbId: number) => `[${dbName}].(id:${dbId})`,
  schema: (dbName: string, schema: string) => `[${dbName}].[${schema}]`,
  datasource: (dbName: string, table: string, id: number) => `[${dbName}].[${table}](id:${id})`,
};
