import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';
import { createWarehouse } from '../tabState/__tests__/sqllabTestKit.js';

const q = (value: unknown) => `?q=${encodeURIComponent(rison.encode(value))}`;

/** Behaviours Superset's own dataset API tests pin down (tests/integration_tests/datasets/api_tests.py). */
describe('datasets API (Superset test-suite behaviours)', () => {
  let app: TestApp;
  let dbId: number;

  beforeAll(async () => {
    app = await startTestApp();
    dbId = await createWarehouse(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const create = async (body: Record<string, unknown>, token?: string) => {
    const res = await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', ...body }, token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (await app.api('GET', `/api/v1/dataset/${res.body.id}`)).body.result as {
      id: number;
      uuid: string;
      columns: { id: number; column_name: string }[];
      metrics: { id: number }[];
    };
  };

  it('answers the create with the new uuid', async () => {
    const res = await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, table_name: 'with_uuid', sql: 'SELECT 1 AS one' } });
    expect(res.status).toBe(201);
    const shown = await app.api('GET', `/api/v1/dataset/${res.body.id}`);
    expect(res.body.uuid).toBe(shown.body.result.uuid);
  });

  it('reads an empty schema as none: the default schema', async () => {
    const res = await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: '', table_name: 'parents' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const shown = (await app.api('GET', `/api/v1/dataset/${res.body.id}`)).body.result;
    expect(shown).toMatchObject({ schema: null, name: 'parents' });
    expect(shown.columns.map((c: { column_name: string }) => c.column_name)).toEqual(['id', 'name']);
    expect(await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: '', table_name: 'parents' } })).toMatchObject({
      status: 422,
      body: { message: { table: ['Dataset parents already exists'] } },
    });
    expect((await app.api('DELETE', `/api/v1/dataset/${res.body.id}`)).status).toBe(200);
  });

  it("lists each dataset with exactly Superset's list columns", async () => {
    await create({ table_name: 'listed', sql: 'SELECT 1 AS a' });
    const res = await app.api('GET', `/api/v1/dataset/${q({ filters: [{ col: 'table_name', opr: 'eq', value: 'listed' }] })}`);
    expect(res.body.count).toBe(1);
    expect(Object.keys(res.body.result[0]).sort()).toEqual([
      'catalog',
      'changed_by',
      'changed_by_name',
      'changed_on_delta_humanized',
      'changed_on_utc',
      'database',
      'datasource_type',
      'default_endpoint',
      'description',
      'explore_url',
      'extra',
      'id',
      'kind',
      'owners',
      'schema',
      'sql',
      'table_name',
      'uuid',
    ]);
  });

  it("refuses a non-owner's changes with a bare 403 Forbidden", async () => {
    const ds = await create({ table_name: 'admins_only', sql: 'SELECT 1 AS a' });
    const alpha = await createUserWithRole(app, 'alpha_stranger', 'Alpha');
    const forbidden = { status: 403, body: { message: 'Forbidden' } };
    expect(await app.api('PUT', `/api/v1/dataset/${ds.id}`, { token: alpha, body: { description: 'x' } })).toMatchObject(forbidden);
    expect(await app.api('PUT', `/api/v1/dataset/${ds.id}/refresh`, { token: alpha })).toMatchObject(forbidden);
    expect(await app.api('DELETE', `/api/v1/dataset/${ds.id}`, { token: alpha })).toMatchObject(forbidden);
    expect(await app.api('DELETE', `/api/v1/dataset/${q([ds.id])}`, { token: alpha })).toMatchObject(forbidden);
    expect(await app.api('DELETE', `/api/v1/dataset/${ds.id}/column/${ds.columns[0]!.id}`, { token: alpha })).toMatchObject(forbidden);
    expect(await app.api('DELETE', `/api/v1/dataset/${ds.id}/metric/${ds.metrics[0]!.id}`, { token: alpha })).toMatchObject(forbidden);
    expect((await app.api('GET', `/api/v1/dataset/${ds.id}`)).status).toBe(200);
  });

  it('refuses an override_columns edit whose source cannot be read, changing nothing', async () => {
    const ds = await create({ table_name: 'sync_me', sql: 'SELECT id, name FROM parents' });
    // `True` as Python's requests writes it: Superset reads the flag with parse_boolean_string.
    const res = await app.api('PUT', `/api/v1/dataset/${ds.id}?override_columns=True`, {
      body: { sql: 'SELECT * FROM no_such_table', columns: [{ column_name: 'x' }] },
    });
    expect(res.status).toBe(422);
    expect(res.body.message.sql[0]).toMatch(/^Dataset could not be updated: /);
    const after = (await app.api('GET', `/api/v1/dataset/${ds.id}`)).body.result;
    expect(after.sql).toBe('SELECT id, name FROM parents');
    expect(after.columns.map((c: { column_name: string }) => c.column_name)).toEqual(['id', 'name']);
  });

  it('get_or_create without a schema finds the dataset stored under one, and asks for it when ambiguous', async () => {
    const physical = await create({ table_name: 'birth_names' });
    const found = await app.api('POST', '/api/v1/dataset/get_or_create/', { body: { database_id: dbId, table_name: 'birth_names' } });
    expect(found).toMatchObject({ status: 200, body: { result: { table_id: physical.id } } });

    // A second dataset of that name, outside the schema: the name alone no longer says which one.
    const other = await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, table_name: 'birth_names', sql: 'SELECT 1 AS one' } });
    expect(other.status).toBe(201);
    const ambiguous = await app.api('POST', '/api/v1/dataset/get_or_create/', { body: { database_id: dbId, table_name: 'birth_names' } });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.message).toContain("Specify the 'schema' field");
    const exact = await app.api('POST', '/api/v1/dataset/get_or_create/', { body: { database_id: dbId, schema: 'main', table_name: 'birth_names' } });
    expect(exact).toMatchObject({ status: 200, body: { result: { table_id: physical.id } } });
  });

  it('answers a duplicate of a missing dataset with 422', async () => {
    for (const base of [-1, 99999]) {
      const res = await app.api('POST', '/api/v1/dataset/duplicate', { body: { base_model_id: base, table_name: 'Dupe3' } });
      expect(res, String(base)).toMatchObject({ status: 422, body: { message: { base_model_id: ['Dataset does not exist'] } } });
    }
  });

  it('points a dataset at another database, keeping its grants, when the name is free there', async () => {
    const otherDb = await createWarehouse(app, 'warehouse_two');
    const ds = await create({ table_name: 'movable', sql: 'SELECT id FROM parents' });
    const moved = await app.api('PUT', `/api/v1/dataset/${ds.id}`, { body: { database_id: otherDb } });
    expect(moved).toMatchObject({ status: 200, body: { id: ds.id, result: { database_id: otherDb } } });
    expect((await app.api('GET', `/api/v1/dataset/${ds.id}`)).body.result.database).toMatchObject({ id: otherDb, database_name: 'warehouse_two' });
    const views = await app.ctx.db.selectFrom('ab_view_menu').select('name').where('name', 'like', `%(id:${ds.id})`).execute();
    expect(views.map((v) => v.name)).toEqual([`[warehouse_two].[movable](id:${ds.id})`]);

    expect(await app.api('PUT', `/api/v1/dataset/${ds.id}`, { body: { database_id: 1500 } })).toMatchObject({
      status: 422,
      body: { message: { database: ['Database does not exist'] } },
    });
    // Back to the first database, where a dataset of that name now exists.
    await create({ table_name: 'movable', sql: 'SELECT 2 AS two' });
    expect(await app.api('PUT', `/api/v1/dataset/${ds.id}`, { body: { database_id: dbId } })).toMatchObject({
      status: 422,
      body: { message: { table: ['Dataset main.movable already exists'] } },
    });
  });

  it('runs a virtual dataset\'s templates when reading its columns, and shows them rendered on request', async () => {
    const res = await app.api('POST', '/api/v1/dataset/', {
      body: { database: dbId, table_name: 'templated', sql: 'SELECT {{ n }} AS my_n, {{ n }} + 1 AS my_next', template_params: '{"n": 7}' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id as number;
    const ds = (await app.api('GET', `/api/v1/dataset/${id}`)).body.result;
    expect(ds.columns.map((c: { column_name: string }) => c.column_name)).toEqual(['my_n', 'my_next']);
    const put = await app.api('PUT', `/api/v1/dataset/${id}`, {
      body: {
        columns: [...ds.columns.map((c: { id: number; column_name: string }) => ({ id: c.id, column_name: c.column_name })), { column_name: 'calc', expression: "'{{ n }}'" }],
        metrics: [{ metric_name: 'param_test', expression: "{{ url_param('multiplier') }} * {{ current_user_id() }}" }],
      },
    });
    expect(put.status).toBe(200);

    const columns = '(columns:!(id,sql,columns.column_name,columns.expression,metrics.metric_name,metrics.expression))';
    const shown = await app.api('GET', `/api/v1/dataset/${id}?q=${columns}&include_rendered_sql=true&multiplier=4`);
    expect(shown.status).toBe(200);
    expect(shown.body.result).toEqual({
      id,
      sql: 'SELECT {{ n }} AS my_n, {{ n }} + 1 AS my_next',
      rendered_sql: 'SELECT 7 AS my_n, 7 + 1 AS my_next',
      columns: [
        { column_name: 'my_n', expression: null },
        { column_name: 'my_next', expression: null },
        { column_name: 'calc', expression: "'{{ n }}'", rendered_expression: "'7'" },
      ],
      metrics: [{ metric_name: 'param_test', expression: "{{ url_param('multiplier') }} * {{ current_user_id() }}", rendered_expression: '4 * 1' }],
    });
    // Without the flag, nothing is rendered.
    expect((await app.api('GET', `/api/v1/dataset/${id}?q=${columns}`)).body.result).not.toHaveProperty('rendered_sql');

    await app.api('PUT', `/api/v1/dataset/${id}`, { body: { metrics: [{ metric_name: 'broken', expression: '{{ nope( }}' }] } });
    expect(await app.api('GET', `/api/v1/dataset/${id}?q=(columns:!(id,metrics.expression))&include_rendered_sql=true`)).toMatchObject({
      status: 422,
      body: { message: 'Unable to render expression from dataset metric.' },
    });
    const bad = await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, table_name: 'templated_bad', sql: 'SELECT {{ missing }} AS x' } });
    expect(bad.status).toBe(422);
    expect(bad.body.message.sql[0]).toMatch(/^Dataset could not be created: .*missing/);
    // Its SQL renders as its charts render it: with the template parameters only, so what saves also runs there.
    const perUser = await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, table_name: 'per_user', sql: 'SELECT {{ current_user_id() }} AS me' } });
    expect(perUser.status).toBe(422);
  });

  it('refuses a catalog other than the default', async () => {
    const ds = await create({ table_name: 'no_catalogs', sql: 'SELECT 1 AS a' });
    expect(await app.api('PUT', `/api/v1/dataset/${ds.id}`, { body: { catalog: 'other_catalog' } })).toMatchObject({
      status: 422,
      body: { message: { catalog: ['Only the default catalog is supported for this connection'] } },
    });
    expect((await app.api('PUT', `/api/v1/dataset/${ds.id}`, { body: { catalog: null } })).status).toBe(200);
  });

  it("lists the dataset actions the caller may use in _info's permissions", async () => {
    const admin = await app.api('GET', `/api/v1/dataset/_info${q({ keys: ['permissions'] })}`);
    expect(new Set(admin.body.permissions)).toEqual(
      new Set(['can_read', 'can_write', 'can_export', 'can_duplicate', 'can_get_or_create_dataset', 'can_warm_up_cache']),
    );
    const gamma = await createUserWithRole(app, 'gamma_info', 'Gamma');
    expect((await app.api('GET', '/api/v1/dataset/_info', { token: gamma })).body.permissions).toEqual(['can_read']);
  });
});
