import type { DatabaseListItem, DatabaseShow, ListResponse, MeResult, MeRolesResult, RoleRecord, UserRecord } from '@tessera/core';

const engineInformation = {
  supports_file_upload: false,
  disable_ssh_tunneling: true,
  supports_dynamic_catalog: false,
  supports_oauth2: false,
};

const settings = {
  expose_in_sqllab: true,
  allow_run_async: false,
  allow_dml: false,
  allow_ctas: false,
  allow_cvas: false,
  allow_file_upload: false,
  disable_data_preview: false,
  cache_timeout: null,
  force_ctas_schema: null,
  impersonate_user: false,
  extra: '{}',
};

export function createMockMe(overrides: Partial<MeResult> = {}): MeResult {
  return {
    id: 1,
    username: 'admin',
    first_name: 'Ada',
    last_name: 'Admin',
    email: 'admin@example.com',
    is_active: true,
    is_anonymous: false,
    login_count: 3,
    ...overrides,
  };
}

export function createMockRoles(roles: MeRolesResult['roles'], me: MeResult = createMockMe()): MeRolesResult {
  return {
    user_id: me.id,
    username: me.username,
    first_name: me.first_name,
    last_name: me.last_name,
    email: me.email,
    is_active: me.is_active,
    is_anonymous: false,
    roles,
    permissions: { database_access: [], datasource_access: [] },
  };
}

export function createMockDatabase(overrides: Partial<DatabaseListItem> = {}): DatabaseListItem {
  return {
    ...settings,
    id: 1,
    uuid: '00000000-0000-4000-8000-000000000001',
    database_name: 'examples',
    backend: 'sqlite',
    allows_cost_estimate: false,
    allows_subquery: true,
    allows_virtual_table_explore: true,
    allow_multi_catalog: false,
    disable_drill_to_detail: false,
    explore_database_id: 1,
    engine_information: engineInformation,
    changed_on: '2026-11-20T10:00:00',
    changed_on_delta_humanized: '2 days ago',
    changed_by: null,
    created_by: null,
    ...overrides,
  };
}

export function createMockDatabaseShow(overrides: Partial<DatabaseShow> = {}): DatabaseShow {
  return {
    ...settings,
    id: 2,
    uuid: '00000000-0000-4000-8000-000000000002',
    database_name: 'warehouse',
    backend: 'postgresql',
    driver: 'pg',
    sqlalchemy_uri: 'postgresql://bi:XXXXXXXXXX@db.local:5432/analytics',
    configuration_method: 'sqlalchemy_form',
    parameters: { host: 'db.local', port: 5432, username: 'bi', password: 'XXXXXXXXXX', database: 'analytics' },
    engine_information: engineInformation,
    is_managed_externally: false,
    external_url: null,
    masked_encrypted_extra: null,
    server_cert: null,
    ssh_tunnel: null,
    changed_on: '2026-11-20T10:00:00',
    created_on: '2026-11-20T10:00:00',
    ...overrides,
  };
}

export function createMockUser(overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    id: 1,
    username: 'admin',
    first_name: 'Ada',
    last_name: 'Admin',
    email: 'admin@example.com',
    active: true,
    login_count: 3,
    last_login: null,
    created_on: '2026-11-01T00:00:00',
    changed_on: '2026-11-01T00:00:00',
    roles: [{ id: 1, name: 'Admin' }],
    ...overrides,
  };
}

export function createMockRole(overrides: Partial<RoleRecord> = {}): RoleRecord {
  return { id: 1, name: 'Admin', user_count: 1, permission_count: 120, ...overrides };
}

export function listResponse<T extends { id: number }>(rows: T[], count = rows.length): ListResponse<T> {
  return {
    count,
    ids: rows.map((row) => row.id),
    result: rows,
    description_columns: {},
    label_columns: {},
    list_columns: [],
    list_title: '',
    order_columns: [],
  };
}
