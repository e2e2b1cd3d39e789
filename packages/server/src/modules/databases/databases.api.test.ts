import { copyFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/testApp.js';

/** Creates a user with the given role ids through the API and returns a token for it. */
async function userWithRoles(app: TestApp, username: string, roleIds: number[]): Promise<string> {
  const password = 'correct-horse-battery-staple';
  const res = await app.api('POST', '/api/v1/security/users/', {
    body: { username, first_name: username, last_name: 'Test', email: `${username}@example.com`, password, roles: roleIds },
  });
  expect(res.status).toBe(201);
  return app.token(username, password);
}

async function roleId(app: TestApp, name: string): Promise<number> {
  const roles = await app.api('GET', `/api/v1/security/roles/?q=${rison.encode({ page_size: 100 })}`);
  return (roles.body.result as { id: number; name: string }[]).find((r) => r.name === name)!.id;
}

async function permissionViewId(app: TestApp, permission: string, view: string): Promise<number | undefined> {
  const res = await app.api('GET', '/api/v1/security/permissions-resources/');
  return (res.body.result as { id: number; permission_name: string; view_menu_name: string }[]).find(
    (pv) => pv.permission_name === permission && pv.view_menu_name === view,
  )?.id;
}

const q = (value: unknown) => `?q=${encodeURIComponent(rison.encode(value))}`;

describe('database API (CRUD, validation, permissions)', () => {
  let app: TestApp;
  let shopFile: string;

  beforeAll(async () => {
    app = await startTestApp();
    shopFile = path.join(app.filesDir, 'shop.sqlite');
    const db = new Database(shopFile);
    db.exec('CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)');
    db.close();
  });

  afterAll(async () => {
    await app?.close();
  });

  const create = (body: Record<string, unknown>) => app.api('POST', '/api/v1/database/', { body });

  it('lists the available engines with their form schema', async () => {
    const res = await app.api('GET', '/api/v1/database/available/');
    expect(res.status).toBe(200);
    expect(res.body.databases.map((d: { engine: string }) => d.engine)).toEqual(['postgresql', 'mysql', 'sqlite', 'duckdb']);
    const pg = res.body.databases[0];
    expect(pg).toMatchObject({
      name: 'PostgreSQL',
      default_driver: 'psycopg2',
      sqlalchemy_uri_placeholder: expect.stringContaining('postgresql://'),
      parameters: { type: 'object', required: ['database', 'host', 'port', 'username'] },
      engine_information: { disable_ssh_tunneling: true, supports_file_upload: true },
    });
  });

  it('creates, shows, updates and deletes a database', async () => {
    const created = await create({ database_name: 'shop', sqlalchemy_uri: `sqlite:///${shopFile}`, allow_dml: true, cache_timeout: 60 });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(created.body.result).toMatchObject({
      id,
      database_name: 'shop',
      backend: 'sqlite',
      driver: 'pysqlite',
      sqlalchemy_uri: `sqlite:///${shopFile}`,
      parameters: { database: shopFile },
      expose_in_sqllab: true,
      allow_dml: true,
      allow_run_async: false,
      cache_timeout: 60,
      extra: '{}',
      configuration_method: 'sqlalchemy_form',
    });

    const shown = await app.api('GET', `/api/v1/database/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id, show_title: 'Show Database', result: { database_name: 'shop' } });

    const updated = await app.api('PUT', `/api/v1/database/${id}`, { body: { database_name: 'shop2', allow_dml: false } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, result: { database_name: 'shop2', allow_dml: false, cache_timeout: 60 } });

    // The permission view follows the name.
    expect(await permissionViewId(app, 'database_access', `[shop2].(id:${id})`)).toBeDefined();
    expect(await permissionViewId(app, 'database_access', `[shop].(id:${id})`)).toBeUndefined();

    expect((await app.api('DELETE', `/api/v1/database/${id}`)).body).toEqual({ message: 'OK' });
    expect(await app.api('GET', `/api/v1/database/${id}`)).toMatchObject({ status: 404, body: { message: 'Not found' } });
    expect(await permissionViewId(app, 'database_access', `[shop2].(id:${id})`)).toBeUndefined();
    expect((await app.api('DELETE', `/api/v1/database/${id}`)).status).toBe(404);
    expect((await app.api('GET', '/api/v1/database/abc')).status).toBe(404);
  });

  it('creates from the dynamic form', async () => {
    const res = await create({ database_name: 'shop_form', engine: 'sqlite', configuration_method: 'dynamic_form', parameters: { database: shopFile } });
    expect(res.status).toBe(201);
    expect(res.body.result).toMatchObject({ sqlalchemy_uri: `sqlite:///${shopFile}`, configuration_method: 'dynamic_form' });
    const tables = await app.api('GET', `/api/v1/database/${res.body.id}/tables/${q({ schema_name: 'main' })}`);
    expect(tables.body.result).toEqual([{ value: 'customers', type: 'table', extra: null }]);
  });

  it('resolves relative file paths against DATA_DIR, whose files (but the examples file) cannot be opened', async () => {
    copyFileSync(shopFile, path.join(app.dataDir, 'shop.sqlite'));
    const res = await create({ database_name: 'shop_rel', engine: 'sqlite', configuration_method: 'dynamic_form', parameters: { database: 'shop.sqlite' } });
    expect(res).toMatchObject({
      status: 400,
      body: { message: { sqlalchemy_uri: ["Files in the server's data directory (DATA_DIR) cannot be used as a data source for security reasons."] } },
    });
  });

  it('answers validation errors in FAB shapes', async () => {
    expect(await create({ database_name: 'x', sqlalchemy_uri: 'sqlite://', bogus: 1 })).toMatchObject({
      status: 400,
      body: { message: { bogus: ['Unknown field.'] } },
    });
    expect(await create({ sqlalchemy_uri: 'sqlite://' })).toMatchObject({
      status: 400,
      body: { message: { database_name: [expect.any(String)] } },
    });
    expect(await create({ database_name: 'x', sqlalchemy_uri: 'this is not a uri' })).toMatchObject({
      status: 400,
      body: {
        message: {
          sqlalchemy_uri: [
            'Invalid connection string, a valid string usually follows: backend+driver://user:password@database-host/database-name',
          ],
        },
      },
    });
    expect(await create({ database_name: 'x', sqlalchemy_uri: 'oracle://u@h/db' })).toMatchObject({
      status: 422,
      body: { message: { sqlalchemy_uri: ['Could not load database driver: oracle'] } },
    });
    expect(await create({ database_name: 'x', sqlalchemy_uri: 'sqlite://', extra: '{not json' })).toMatchObject({
      status: 400,
      body: { message: { extra: ['Field cannot be decoded by JSON.'] } },
    });
    expect(await create({ database_name: 'x' })).toMatchObject({
      status: 400,
      body: { message: { sqlalchemy_uri: ['Missing data for required field.'] } },
    });
    const first = await create({ database_name: 'dupe', sqlalchemy_uri: 'sqlite://' });
    expect(first.status).toBe(201);
    expect(await create({ database_name: 'dupe', sqlalchemy_uri: 'sqlite://' })).toMatchObject({
      status: 422,
      body: { message: { database_name: ['A database with the same name already exists.'] } },
    });
  });

  it('tests the connection before saving and saves nothing when it fails', async () => {
    const missing = path.join(app.filesDir, 'nope.duckdb');
    const res = await create({ database_name: 'broken', sqlalchemy_uri: `duckdb:///${missing}` });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({
      error_type: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
      message: `Unable to connect to database "${missing}".`,
      level: 'error',
      extra: { issue_codes: [{ code: 1015, message: expect.stringContaining('Issue 1015') }], invalid: ['database'] },
    });
    const list = await app.api('GET', `/api/v1/database/${q({ filters: [{ col: 'database_name', opr: 'eq', value: 'broken' }] })}`);
    expect(list.body.count).toBe(0);
  });

  it('test_connection and validate_parameters report catalogue errors', async () => {
    expect(await app.api('POST', '/api/v1/database/test_connection/', { body: { sqlalchemy_uri: `sqlite:///${shopFile}` } })).toMatchObject({
      status: 200,
      body: { message: 'OK' },
    });
    const failed = await app.api('POST', '/api/v1/database/test_connection/', {
      body: { sqlalchemy_uri: `sqlite:///${path.join(app.filesDir, 'missing.db')}` },
    });
    expect(failed.status).toBe(422);
    expect(failed.body.errors[0].error_type).toBe('CONNECTION_UNKNOWN_DATABASE_ERROR');

    const missing = await app.api('POST', '/api/v1/database/validate_parameters/', {
      body: { engine: 'postgresql', configuration_method: 'dynamic_form', parameters: { host: '', port: 5432, username: 'u' } },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([
      expect.objectContaining({
        error_type: 'CONNECTION_MISSING_PARAMETERS_ERROR',
        message: 'One or more parameters are missing: host, database',
        extra: expect.objectContaining({ missing: ['host', 'database'], issue_codes: [expect.objectContaining({ code: 1018 })] }),
      }),
    ]);
    const badPort = await app.api('POST', '/api/v1/database/validate_parameters/', {
      body: { engine: 'mysql', configuration_method: 'dynamic_form', parameters: { host: 'nohost.invalid', port: 'abc', username: 'u', database: 'd' } },
    });
    expect(badPort.body.errors.map((e: { error_type: string }) => e.error_type).sort()).toEqual([
      'CONNECTION_INVALID_HOSTNAME_ERROR',
      'CONNECTION_INVALID_PORT_ERROR',
    ]);
    const ok = await app.api('POST', '/api/v1/database/validate_parameters/', {
      body: { engine: 'sqlite', configuration_method: 'dynamic_form', parameters: { database: shopFile } },
    });
    expect(ok).toMatchObject({ status: 200, body: { message: 'OK' } });
  });

  it('lists with filters, ordering and paging', async () => {
    for (const [name, exposed] of [
      ['Alpha Sales', true],
      ['beta_sales', false],
      ['gamma 100%', true],
    ] as const) {
      expect((await create({ database_name: name, sqlalchemy_uri: 'sqlite://', expose_in_sqllab: exposed })).status).toBe(201);
    }
    const names = async (query: unknown) => {
      const res = await app.api('GET', `/api/v1/database/${q(query)}`);
      expect(res.status).toBe(200);
      return (res.body.result as { database_name: string }[]).map((r) => r.database_name);
    };
    expect(await names({ filters: [{ col: 'database_name', opr: 'ct', value: 'SALES' }], order_column: 'database_name', order_direction: 'asc' })).toEqual([
      'Alpha Sales',
      'beta_sales',
    ]);
    expect(await names({ filters: [{ col: 'database_name', opr: 'sw', value: 'beta' }] })).toEqual(['beta_sales']);
    expect(await names({ filters: [{ col: 'database_name', opr: 'ct', value: '0%' }] })).toEqual(['gamma 100%']);
    expect(await names({ filters: [{ col: 'database_name', opr: 'ct', value: '_' }], order_column: 'database_name' })).toEqual([
      'beta_sales',
      'shop_form',
    ]);
    const exposed = await names({ filters: [{ col: 'expose_in_sqllab', opr: 'eq', value: false }] });
    expect(exposed).toEqual(['beta_sales']);

    const page = await app.api('GET', `/api/v1/database/${q({ order_column: 'database_name', order_direction: 'desc', page: 0, page_size: 2 })}`);
    expect(page.body.result).toHaveLength(2);
    expect(page.body.count).toBeGreaterThanOrEqual(5);
    expect(page.body.ids).toEqual(page.body.result.map((r: { id: number }) => r.id));
    expect(page.body).toMatchObject({ list_title: 'List Database', order_columns: expect.arrayContaining(['changed_on_delta_humanized']) });
    const item = page.body.result[0];
    expect(item).toMatchObject({
      backend: 'sqlite',
      allows_subquery: true,
      allows_cost_estimate: false,
      explore_database_id: item.id,
      changed_on_delta_humanized: expect.stringMatching(/now|seconds? ago/),
      created_by: { first_name: 'Tessera', last_name: 'Admin', id: expect.any(Number) },
      changed_by: { first_name: 'Tessera', last_name: 'Admin' },
    });
    const ids = page.body.ids as number[];
    expect(await names({ filters: [{ col: 'id', opr: 'in', value: ids }], order_column: 'id' })).toHaveLength(2);

    expect(await app.api('GET', `/api/v1/database/${q({ filters: [{ col: 'password', opr: 'eq', value: 'x' }] })}`)).toMatchObject({
      status: 400,
      body: { message: 'Filter column: password not allowed to filter' },
    });
    expect((await app.api('GET', `/api/v1/database/${q({ order_column: 'sqlalchemy_uri' })}`)).status).toBe(400);
    expect((await app.api('GET', '/api/v1/database/?q=(((')).status).toBe(400);
  });

  it('keeps databases away from users without access', async () => {
    const created = await create({ database_name: 'secret_shop', sqlalchemy_uri: `sqlite:///${shopFile}` });
    const id = created.body.id as number;
    const gammaId = await roleId(app, 'Gamma');
    const gamma = await userWithRoles(app, 'gamma_user', [gammaId]);

    expect((await app.api('POST', '/api/v1/database/', { token: gamma, body: { database_name: 'x', sqlalchemy_uri: 'sqlite://' } })).status).toBe(403);
    expect((await app.api('POST', '/api/v1/database/test_connection/', { token: gamma, body: { sqlalchemy_uri: 'sqlite://' } })).status).toBe(403);
    expect((await app.api('GET', `/api/v1/database/${id}`, { token: gamma })).status).toBe(404);
    expect((await app.api('GET', `/api/v1/database/${id}/schemas/`, { token: gamma })).status).toBe(404);
    expect((await app.api('GET', `/api/v1/database/${id}/table/customers/main/`, { token: gamma })).status).toBe(404);
    const list = await app.api('GET', '/api/v1/database/', { token: gamma });
    expect(list.body).toMatchObject({ count: 0, result: [] });
    expect((await app.api('GET', '/api/v1/database/_info', { token: gamma })).body).toEqual({ permissions: ['can_read'] });
    expect((await app.api('GET', '/api/v1/database/', { token: null })).status).toBe(401);

    // A role holding database_access on this database opens it up, without connection details.
    const role = await app.api('POST', '/api/v1/security/roles/', { body: { name: 'shop_readers' } });
    const pv = await permissionViewId(app, 'database_access', `[secret_shop].(id:${id})`);
    expect(pv).toBeDefined();
    await app.api('POST', `/api/v1/security/roles/${role.body.id}/permissions`, { body: { permission_view_menu_ids: [pv] } });
    const reader = await userWithRoles(app, 'shop_reader', [gammaId, role.body.id]);
    const visible = await app.api('GET', '/api/v1/database/', { token: reader });
    expect(visible.body.result.map((r: { database_name: string }) => r.database_name)).toEqual(['secret_shop']);
    const shown = await app.api('GET', `/api/v1/database/${id}`, { token: reader });
    expect(shown.status).toBe(200);
    expect(shown.body.result).toMatchObject({ sqlalchemy_uri: null, parameters: null });
    expect((await app.api('GET', `/api/v1/database/${id}/connection`, { token: reader })).status).toBe(403);
    expect((await app.api('GET', `/api/v1/database/${id}/schemas/`, { token: reader })).body).toEqual({ result: ['main'] });

    // Renaming keeps the grant.
    await app.api('PUT', `/api/v1/database/${id}`, { body: { database_name: 'renamed_shop' } });
    const afterRename = await app.api('GET', `/api/v1/database/${id}`, { token: reader });
    expect(afterRename).toMatchObject({ status: 200, body: { result: { database_name: 'renamed_shop' } } });
  });

  it('shows connection details to admins only', async () => {
    const created = await create({ database_name: 'conn_info', sqlalchemy_uri: `sqlite:///${shopFile}` });
    const res = await app.api('GET', `/api/v1/database/${created.body.id}/connection`);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      sqlalchemy_uri: `sqlite:///${shopFile}`,
      parameters: { database: shopFile },
      parameters_schema: { required: ['database'] },
    });
    expect((await app.api('GET', `/api/v1/database/${created.body.id}/related_objects/`)).body).toEqual({
      charts: { count: 0, result: [] },
      dashboards: { count: 0, result: [] },
      sqllab_tab_states: { count: 0, result: [] },
    });
  });
});
