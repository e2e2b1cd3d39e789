import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';
import { createWarehouse, sendForm } from '../tabState/__tests__/sqllabTestKit.js';
import { sqlTables } from './sqlTables.js';

const q = (value: unknown) => `?q=${encodeURIComponent(rison.encode(value))}`;

describe('saved queries API', () => {
  let app: TestApp;
  let dbId: number;
  let alpha: string;

  beforeAll(async () => {
    app = await startTestApp();
    dbId = await createWarehouse(app);
    alpha = await createUserWithRole(app, 'alpha', 'Alpha');
  });

  afterAll(async () => {
    await app?.close();
  });

  const create = (body: Record<string, unknown>, token?: string) => app.api('POST', '/api/v1/saved_query/', { body, token });

  it('creates, shows, updates and deletes in FAB shapes', async () => {
    const created = await create({ db_id: dbId, label: 'Names', description: 'all names', schema: 'main', sql: 'SELECT * FROM main.birth_names b JOIN parents p ON 1=1', template_parameters: '{}', extra_json: '{}' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      result: { db_id: dbId, label: 'Names', description: 'all names', catalog: null, schema: 'main', sql: 'SELECT * FROM main.birth_names b JOIN parents p ON 1=1', template_parameters: '{}', extra_json: '{}' },
    });
    const id = created.body.id as number;
    const shown = await app.api('GET', `/api/v1/saved_query/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id, show_title: 'Show Saved Query' });
    expect(shown.body.result).toEqual({
      id,
      uuid: expect.any(String),
      label: 'Names',
      description: 'all names',
      catalog: null,
      schema: 'main',
      sql: 'SELECT * FROM main.birth_names b JOIN parents p ON 1=1',
      sql_tables: [
        { catalog: null, schema: 'main', table: 'birth_names' },
        { catalog: null, schema: null, table: 'parents' },
      ],
      template_parameters: '{}',
      database: { id: dbId, database_name: 'warehouse' },
      changed_on: expect.any(String),
      changed_on_delta_humanized: expect.any(String),
      changed_by: { id: 1, first_name: expect.any(String), last_name: expect.any(String) },
      created_by: { id: 1, first_name: expect.any(String), last_name: expect.any(String) },
    });
    const put = await app.api('PUT', `/api/v1/saved_query/${id}`, { body: { label: 'Renamed', sql: 'SELECT 2' } });
    expect(put).toMatchObject({ status: 200, body: { id, result: { label: 'Renamed', sql: 'SELECT 2', schema: 'main' } } });
    expect(await app.api('DELETE', `/api/v1/saved_query/${id}`)).toMatchObject({ status: 200, body: { message: 'OK' } });
    expect((await app.api('GET', `/api/v1/saved_query/${id}`)).status).toBe(404);
    expect((await app.api('DELETE', `/api/v1/saved_query/${id}`)).status).toBe(404);
  });

  it('validates: label required (400), database must exist (422)', async () => {
    expect(await create({ db_id: dbId, sql: 'x' })).toMatchObject({ status: 400, body: { message: { label: expect.any(Array) } } });
    expect(await create({ db_id: 999, label: 'x', sql: 'x' })).toMatchObject({ status: 422, body: { message: { db_id: ['Database not found.'] } } });
  });

  it('lists with filters, ordering and paging; non-admins see only their own', async () => {
    await create({ db_id: dbId, label: 'alpha one', schema: 's1', sql: 'SELECT 1', description: 'first' });
    await create({ db_id: dbId, label: 'beta two', schema: 's2', sql: 'SELECT needle' });
    await create({ db_id: dbId, label: 'mine', schema: 's3', sql: 'SELECT 3' }, alpha);
    const all = await app.api('GET', `/api/v1/saved_query/${q({ order_column: 'label', order_direction: 'asc' })}`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: 3, list_title: 'List Saved Query' });
    expect(all.body.result.map((r: { label: string }) => r.label)).toEqual(['alpha one', 'beta two', 'mine']);
    expect(all.body.result[0]).toMatchObject({ db_id: dbId, extra: {}, rows: null, last_run_delta_humanized: '', created_on: expect.any(String) });
    const label = await app.api('GET', `/api/v1/saved_query/${q({ filters: [{ col: 'label', opr: 'ct', value: 'TWO' }] })}`);
    expect(label.body.result.map((r: { label: string }) => r.label)).toEqual(['beta two']);
    const text = await app.api('GET', `/api/v1/saved_query/${q({ filters: [{ col: 'label', opr: 'all_text', value: 'needle' }] })}`);
    expect(text.status).toBe(400);
    const allText = await app.api('GET', `/api/v1/saved_query/${q({ filters: [{ col: 'all_text', opr: 'all_text', value: 'first' }] })}`);
    expect(allText.body.result.map((r: { label: string }) => r.label)).toEqual(['alpha one']);
    const schema = await app.api('GET', `/api/v1/saved_query/${q({ filters: [{ col: 'schema', opr: 'eq', value: 's2' }, { col: 'database', opr: 'rel_o_m', value: dbId }] })}`);
    expect(schema.body.count).toBe(1);
    const byUser = await app.api('GET', `/api/v1/saved_query/${q({ filters: [{ col: 'created_by', opr: 'rel_o_m', value: 1 }] })}`);
    expect(byUser.body.count).toBe(2);
    const fav = await app.api('GET', `/api/v1/saved_query/${q({ filters: [{ col: 'id', opr: 'saved_query_is_fav', value: true }] })}`);
    expect(fav.body.count).toBe(0);
    const paged = await app.api('GET', `/api/v1/saved_query/${q({ order_column: 'database.database_name', page: 1, page_size: 2 })}`);
    expect(paged.body).toMatchObject({ count: 3 });
    expect(paged.body.result).toHaveLength(1);
    const own = await app.api('GET', '/api/v1/saved_query/', { token: alpha });
    expect(own.body.result.map((r: { label: string }) => r.label)).toEqual(['mine']);
    const schemas = await app.api('GET', '/api/v1/saved_query/distinct/schema');
    expect(schemas.body).toEqual({ count: 3, result: ['s1', 's2', 's3'].map((s) => ({ text: s, value: s })) });
    expect((await app.api('GET', '/api/v1/saved_query/distinct/schema', { token: alpha })).body.count).toBe(1);
    expect((await app.api('GET', '/api/v1/saved_query/related/database')).body).toEqual({ count: 1, result: [{ value: dbId, text: 'warehouse' }] });
    expect((await app.api('GET', '/api/v1/saved_query/_info')).body.permissions).toEqual(['can_read', 'can_write', 'can_export']);
  });

  it('enforces ownership on PUT/DELETE and bulk-deletes', async () => {
    const theirs = await create({ db_id: dbId, label: 'admin owned', sql: 'SELECT 1' });
    const id = theirs.body.id as number;
    expect(await app.api('PUT', `/api/v1/saved_query/${id}`, { body: { label: 'x' }, token: alpha })).toMatchObject({ status: 403, body: { message: 'Forbidden' } });
    expect((await app.api('DELETE', `/api/v1/saved_query/${id}`, { token: alpha })).status).toBe(403);
    expect((await app.api('GET', `/api/v1/saved_query/${id}`, { token: alpha })).status).toBe(404);
    const a = await create({ db_id: dbId, label: 'a', sql: '1' });
    const b = await create({ db_id: dbId, label: 'b', sql: '2' });
    expect(await app.api('DELETE', `/api/v1/saved_query/?q=${rison.encode([a.body.id, b.body.id])}`)).toMatchObject({ status: 200, body: { message: 'Deleted 2 saved queries' } });
    expect((await app.api('DELETE', `/api/v1/saved_query/?q=${rison.encode([a.body.id])}`)).status).toBe(404);
    expect((await app.api('DELETE', `/api/v1/saved_query/?q=${rison.encode([id])}`, { token: alpha })).status).toBe(403);
    const gamma = await createUserWithRole(app, 'gamma', 'Gamma');
    expect((await app.api('GET', '/api/v1/saved_query/', { token: gamma })).status).toBe(403);
  });

  it('serves the legacy create/get endpoints with plain form fields', async () => {
    const res = await sendForm(
      app,
      'POST',
      '/savedqueryviewapi/api/create',
      { label: '123', db_id: String(dbId), schema: 'main', sql: 'SELECT 1', description: 'scheduled', extra_json: JSON.stringify({ schedule_info: { output_table: 't' } }) },
      { raw: true },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Added Row', item: { id: expect.any(Number), label: '123', db_id: dbId, schema: 'main', sql: 'SELECT 1', description: 'scheduled' } });
    expect(JSON.parse(res.body.item.extra_json)).toEqual({ schedule_info: { output_table: 't' } });
    const got = await app.api('GET', `/savedqueryviewapi/api/get/${res.body.item.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ result: { label: '123', db_id: dbId, schema: 'main', sql: 'SELECT 1', description: 'scheduled' }, show_columns: expect.any(Array), label_columns: expect.any(Object), description_columns: {} });
    const json = await app.api('POST', '/savedqueryviewapi/api/create', { body: { label: 'json', db_id: dbId, sql: 'SELECT 2' } });
    expect(json).toMatchObject({ status: 200, body: { message: 'Added Row' } });
  });

  it('finds the tables a query reads', () => {
    expect(sqlTables(`-- from nowhere\nSELECT 'from x' FROM "My Schema"."T 1" t LEFT JOIN cat.sch.tbl ON 1=1, (SELECT 1 FROM inner_t)`)).toEqual([
      { catalog: null, schema: 'My Schema', table: 'T 1' },
      { catalog: 'cat', schema: 'sch', table: 'tbl' },
      { catalog: null, schema: null, table: 'inner_t' },
    ]);
  });
});
