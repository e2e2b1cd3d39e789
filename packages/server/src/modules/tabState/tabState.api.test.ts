import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';
import { createWarehouse, insertQuery, sendForm, userIdOf } from './__tests__/sqllabTestKit.js';

describe('tab state and table schema views', () => {
  let app: TestApp;
  let dbId: number;
  let labToken: string;
  let otherToken: string;
  let labId: number;

  beforeAll(async () => {
    app = await startTestApp();
    dbId = await createWarehouse(app);
    labToken = await createUserWithRole(app, 'lab', 'sql_lab');
    otherToken = await createUserWithRole(app, 'other', 'sql_lab');
    labId = await userIdOf(app, 'lab');
  });

  afterAll(async () => {
    await app?.close();
  });

  const newTab = async (token: string, editor: Record<string, unknown>, encoding?: 'multipart' | 'urlencoded') =>
    sendForm(app, 'POST', '/tabstateview/', { queryEditor: editor }, { token, encoding });

  it('creates tabs from multipart JSON-encoded fields and from JSON; the newest is active', async () => {
    const first = await newTab(await app.token(), { name: 'Untitled Query 1', dbId, schema: 'main', sql: 'SELECT 1', queryLimit: 100, autorun: false, templateParams: '{}', id: 'abc', selectedText: null });
    expect(first).toMatchObject({ status: 200, body: { id: expect.any(Number) } });
    const second = await app.api('POST', '/tabstateview/', { body: { queryEditor: { title: 'Second', dbId, sql: 'SELECT 2', hideLeftBar: true } } });
    expect(second).toMatchObject({ status: 200, body: { id: expect.any(Number) } });
    const a = await app.api('GET', `/tabstateview/${first.body.id}`);
    expect(a.body).toEqual({
      id: first.body.id,
      user_id: 1,
      label: 'Untitled Query 1',
      active: false,
      database_id: dbId,
      catalog: null,
      schema: 'main',
      table_schemas: [],
      sql: 'SELECT 1',
      query_limit: 100,
      latest_query: null,
      autorun: false,
      template_params: '{}',
      hide_left_bar: false,
      saved_query: null,
      extra_json: '{}',
    });
    const b = await app.api('GET', `/tabstateview/${second.body.id}`);
    expect(b.body).toMatchObject({ label: 'Second', active: true, hide_left_bar: true, sql: 'SELECT 2' });

    expect((await sendForm(app, 'POST', `/tabstateview/${first.body.id}/activate`, {})).body).toBe(first.body.id);
    expect((await app.api('GET', `/tabstateview/${first.body.id}`)).body.active).toBe(true);
    expect((await app.api('GET', `/tabstateview/${second.body.id}`)).body.active).toBe(false);
  });

  it('accepts urlencoded posts too', async () => {
    const res = await newTab(await app.token(), { name: 'Form tab', sql: 'SELECT 3' }, 'urlencoded');
    expect(res.status).toBe(200);
    expect((await app.api('GET', `/tabstateview/${res.body.id}`)).body).toMatchObject({ label: 'Form tab', database_id: null });
  });

  it('updates with JSON-encoded fields (the autosave) and with JSON', async () => {
    const { body } = await newTab(await app.token(), { name: 'Edit me', dbId });
    const id = body.id as number;
    const put = await sendForm(app, 'PUT', `/tabstateview/${id}`, {
      sql: 'SELECT 42',
      label: 'Renamed',
      query_limit: 10,
      hide_left_bar: true,
      autorun: true,
      template_params: '{"a":1}',
      extra_json: { updatedAt: 1, version: 1 },
      schema: 'main',
    });
    expect(put.status).toBe(200);
    expect(put.body).toBe(id);
    expect(put.headers.get('content-type')).toMatch(/application\/json/);
    const json = await app.api('PUT', `/tabstateview/${id}`, { body: { catalog: null, database_id: dbId } });
    expect(json).toMatchObject({ status: 200, body: id });
    expect((await app.api('GET', `/tabstateview/${id}`)).body).toMatchObject({
      sql: 'SELECT 42',
      label: 'Renamed',
      query_limit: 10,
      hide_left_bar: true,
      autorun: true,
      template_params: '{"a":1}',
      extra_json: '{"updatedAt":1,"version":1}',
      schema: 'main',
    });
    expect(await sendForm(app, 'PUT', `/tabstateview/${id}`, { latest_query_id: 'nope' })).toMatchObject({ status: 400, body: { error: 'Bad request' } });
    expect(await sendForm(app, 'PUT', `/tabstateview/${id}`, { saved_query_id: 999 })).toMatchObject({ status: 400, body: { error: 'Bad request' } });
    expect(await sendForm(app, 'PUT', `/tabstateview/${id}`, { database_id: 999 })).toMatchObject({ status: 400 });
  });

  it('is owner-only: 404 for missing tabs, 403 for tabs of others', async () => {
    const { body } = await newTab(labToken, { name: 'Mine' });
    const id = body.id as number;
    expect((await app.api('GET', `/tabstateview/${id}`, { token: labToken })).body.user_id).toBe(labId);
    for (const [method, path] of [
      ['GET', `/tabstateview/${id}`],
      ['PUT', `/tabstateview/${id}`],
      ['DELETE', `/tabstateview/${id}`],
      ['POST', `/tabstateview/${id}/activate`],
    ] as const) {
      expect((await sendForm(app, method, path, method === 'PUT' ? { sql: 'x' } : {}, { token: otherToken })).status).toBe(403);
    }
    expect((await app.api('GET', '/tabstateview/99999', { token: labToken })).status).toBe(404);
    expect((await app.api('DELETE', '/tabstateview/99999', { token: labToken })).status).toBe(404);
    expect((await app.api('GET', '/tabstateview/abc', { token: labToken })).status).toBe(404);
    // Gamma has no TabStateView permissions at all.
    const gamma = await createUserWithRole(app, 'gam', 'Gamma');
    expect((await newTab(gamma, { name: 'x' })).status).toBe(403);
  });

  it('adds, expands, collapses and removes table schemas; deleting a tab removes them', async () => {
    const { body } = await newTab(await app.token(), { name: 'Tables', dbId });
    const tabId = body.id as number;
    const table = { queryEditorId: tabId, dbId, catalog: null, schema: 'main', name: 'birth_names', columns: [{ name: 'id', type: 'INTEGER' }], selectStar: 'SELECT *' };
    const created = await sendForm(app, 'POST', '/tableschemaview/', { table });
    expect(created).toMatchObject({ status: 200, body: { id: expect.any(Number) } });
    const tsId = created.body.id as number;
    expect(await sendForm(app, 'POST', `/tableschemaview/${tsId}/expanded`, { expanded: false })).toMatchObject({ status: 200, body: { id: tsId, expanded: false } });
    const tab = await app.api('GET', `/tabstateview/${tabId}`);
    expect(tab.body.table_schemas).toEqual([
      { id: tsId, tab_state_id: tabId, database_id: dbId, catalog: null, schema: 'main', table: 'birth_names', description: table, expanded: false },
    ]);
    expect(await app.api('POST', `/tableschemaview/${tsId}/expanded`, { body: { expanded: true } })).toMatchObject({ body: { id: tsId, expanded: true } });
    expect((await sendForm(app, 'POST', `/tableschemaview/${tsId}/expanded`, { expanded: true }, { token: otherToken })).status).toBe(403);
    const del = await app.api('DELETE', `/tableschemaview/${tsId}`);
    expect(del).toMatchObject({ status: 200, body: 'OK' });
    expect((await app.api('DELETE', `/tableschemaview/${tsId}`)).status).toBe(404);

    const again = await app.api('POST', '/tableschemaview/', { body: { table: { ...table, name: 'parents' } } });
    expect(again.status).toBe(200);
    expect(await app.api('DELETE', `/tabstateview/${tabId}`)).toMatchObject({ status: 200, body: 'OK' });
    expect((await app.api('GET', `/tabstateview/${tabId}`)).status).toBe(404);
    expect(await app.ctx.db.selectFrom('table_schema').select('id').where('tab_state_id', '=', tabId).execute()).toEqual([]);
    // A table on someone else's tab is refused.
    const mine = await newTab(labToken, { name: 'L' });
    expect((await sendForm(app, 'POST', '/tableschemaview/', { table: { ...table, queryEditorId: mine.body.id } })).status).toBe(403);
  });

  it('links runs: latest_query, migrate_query and deleting a run repoints latest_query', async () => {
    const { body } = await newTab(await app.token(), { name: 'Runs', dbId });
    const id = body.id as number;
    await insertQuery(app, { client_id: 'q-old', database_id: dbId, user_id: 1, sql_editor_id: 'local-1', start_time: 1000 });
    await insertQuery(app, { client_id: 'q-new', database_id: dbId, user_id: 1, sql_editor_id: String(id), start_time: 2000 });
    expect(await sendForm(app, 'POST', `/tabstateview/${id}/migrate_query`, { queryId: 'q-old' })).toMatchObject({ status: 200, body: id });
    expect(await sendForm(app, 'PUT', `/tabstateview/${id}`, { latest_query_id: 'q-new' })).toMatchObject({ status: 200, body: id });
    const tab = await app.api('GET', `/tabstateview/${id}`);
    expect(tab.body.latest_query).toMatchObject({ id: 'q-new', dbId, db: 'warehouse', sqlEditorId: String(id), state: 'success', user: 'admin' });
    expect(await app.api('DELETE', `/tabstateview/${id}/query/q-new`)).toMatchObject({ status: 200, body: 'OK' });
    const after = await app.api('GET', `/tabstateview/${id}`);
    expect(after.body.latest_query).toMatchObject({ id: 'q-old', sqlEditorId: String(id) });
    expect((await sendForm(app, 'POST', `/tabstateview/${id}/migrate_query`, { queryId: 'missing' })).status).toBe(404);
    await insertQuery(app, { client_id: 'q-lab', database_id: dbId, user_id: labId, sql_editor_id: null });
    expect((await sendForm(app, 'POST', `/tabstateview/${id}/migrate_query`, { queryId: 'q-lab' })).status).toBe(403);
  });

  it('bootstraps SQL Lab: active tab, databases, tab ids, queries and settings', async () => {
    const hidden = await createWarehouse(app, 'hidden', { expose_in_sqllab: false });
    const res = await app.api('GET', '/api/v1/sqllab/');
    expect(res.status).toBe(200);
    const result = res.body.result;
    expect(Object.keys(result).sort()).toEqual(['active_tab', 'common', 'databases', 'queries', 'tab_state_ids']);
    expect(result.databases[String(dbId)]).toEqual({
      id: dbId,
      database_name: 'warehouse',
      backend: 'sqlite',
      allow_run_async: false,
      allow_ctas: false,
      allow_cvas: false,
      allow_dml: false,
      allow_file_upload: false,
      allows_subquery: true,
      expose_in_sqllab: true,
      force_ctas_schema: null,
      disable_data_preview: false,
      disable_drill_to_detail: false,
      allow_multi_catalog: false,
    });
    expect(result.databases[String(hidden)]).toBeUndefined();
    expect(result.active_tab).toMatchObject({ label: 'Runs', active: true, latest_query: { id: 'q-old' } });
    expect(result.tab_state_ids).toContainEqual([result.active_tab.id, 'Runs']);
    expect(result.queries['q-old']).toMatchObject({ id: 'q-old', state: 'success' });
    expect(result.common.conf).toEqual({
      DEFAULT_SQLLAB_LIMIT: 1000,
      SQL_MAX_ROW: app.config.sqllab.maxRow,
      DISPLAY_MAX_ROW: 10000,
      SQLLAB_DEFAULT_DBID: dbId,
      SQLLAB_BACKEND_PERSISTENCE: true,
      SQLLAB_TIMEOUT: 30,
    });
    // A sql_lab user sees only their own tabs and, without data grants, no databases.
    const lab = await app.api('GET', '/api/v1/sqllab/', { token: labToken });
    expect(lab.status).toBe(200);
    expect(lab.body.result.databases).toEqual({});
    expect(lab.body.result.tab_state_ids.every(([, label]: [number, string]) => ['Mine', 'L'].includes(label))).toBe(true);
    const gamma = await createUserWithRole(app, 'gam2', 'Gamma');
    expect((await app.api('GET', '/api/v1/sqllab/', { token: gamma })).status).toBe(403);
  });
});
