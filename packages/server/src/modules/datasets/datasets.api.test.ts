import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';
import { createWarehouse } from '../tabState/__tests__/sqllabTestKit.js';

const q = (value: unknown) => `?q=${encodeURIComponent(rison.encode(value))}`;

describe('datasets API (SQL Lab subset)', () => {
  let app: TestApp;
  let dbId: number;

  beforeAll(async () => {
    app = await startTestApp();
    dbId = await createWarehouse(app);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('creates a physical dataset with the table columns and a count metric', async () => {
    const res = await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', table_name: 'birth_names' } });
    expect(res.status).toBe(201);
    const { id } = res.body;
    // Superset's `result=item`: the loaded request (ids, schema defaults), not the stored dataset.
    expect(res.body.result).toEqual({ database: dbId, schema: 'main', table_name: 'birth_names', owners: [1], normalize_columns: false, always_filter_main_dttm: false });
    // ... and `data`, the new dataset as the explorer reads it (Superset's `new_model.data`).
    expect(res.body.data).toMatchObject({ id, uid: `${id}__table`, type: 'table', table_name: 'birth_names', main_dttm_col: 'ds' });
    expect(res.body.data.columns.map((c: { column_name: string }) => c.column_name)).toEqual(['id', 'ds', 'name', 'num']);
    const result = (await app.api('GET', `/api/v1/dataset/${id}`)).body.result;
    expect(result).toMatchObject({
      id,
      table_name: 'birth_names',
      schema: 'main',
      sql: null,
      kind: 'physical',
      datasource_type: 'table',
      url: `/explore/?datasource_type=table&datasource_id=${id}`,
      database: { id: dbId, database_name: 'warehouse', backend: 'sqlite', allow_multi_catalog: false },
      owners: [{ id: 1, first_name: expect.any(String), last_name: expect.any(String) }],
      main_dttm_col: 'ds',
      metrics: [expect.objectContaining({ metric_name: 'count', expression: 'COUNT(*)', metric_type: 'count', verbose_name: 'COUNT(*)' })],
    });
    expect(result.columns.map((c: { column_name: string; is_dttm: boolean; type_generic: number }) => [c.column_name, c.is_dttm, c.type_generic])).toEqual([
      ['id', false, 0],
      ['ds', true, 2],
      ['name', false, 1],
      ['num', false, 0],
    ]);
    expect(result.select_star).toMatch(/SELECT[\s\S]*FROM[\s\S]*birth_names[\s\S]*100/);
    const views = await app.ctx.db.selectFrom('ab_view_menu').select('name').where('name', '=', `[warehouse].[birth_names](id:${id})`).execute();
    expect(views).toHaveLength(1);

    const shown = await app.api('GET', `/api/v1/dataset/${id}`);
    expect(shown).toMatchObject({ status: 200, body: { id, result: { table_name: 'birth_names', kind: 'physical' } } });
    // Superset's lookups in the show answer (its OpenAPI DatasetRestApi.get).
    expect(shown.body.result).toMatchObject({
      name: 'main.birth_names',
      uid: `${id}__table`,
      verbose_map: { __timestamp: 'Time', ds: 'ds', count: 'COUNT(*)' },
      column_formats: {},
      granularity_sqla: [['ds', 'ds']],
      created_on_humanized: expect.any(String),
      folders: null,
    });
    expect(shown.body.result.order_by_choices).toContainEqual(['["ds",true]', 'ds [asc]']);
    expect(shown.body.result.time_grain_sqla).toContainEqual(['P1D', 'Day']);
    expect(shown.body.result.columns[0]).toMatchObject({ created_on: expect.any(String), changed_on: expect.any(String) });
    // FAB's column selection: only the asked fields, nested ones by dotted name.
    const slim = await app.api('GET', `/api/v1/dataset/${id}${q({ columns: ['columns.column_name', 'select_star'] })}`);
    expect(Object.keys(slim.body.result).sort()).toEqual(['columns', 'select_star']);
    expect(slim.body.result.columns[0]).toEqual({ column_name: expect.any(String) });
  });

  it('shows a dataset with its select_star while its database cannot be reached', async () => {
    const goneDb = await createWarehouse(app, 'gone_warehouse');
    const created = await app.api('POST', '/api/v1/dataset/', { body: { database: goneDb, schema: 'main', table_name: 'parents' } });
    expect(created.status).toBe(201);
    // The database's file moves away: opening it now fails.
    await app.ctx.db.updateTable('dbs').set({ sqlalchemy_uri: 'sqlite:////nonexistent-dir/gone_warehouse.sqlite' }).where('id', '=', goneDb).execute();
    const shown = await app.api('GET', `/api/v1/dataset/${created.body.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.result.select_star).toMatch(/SELECT[\s\S]*id[\s\S]*name[\s\S]*FROM[\s\S]*parents[\s\S]*LIMIT 100/);
    expect((await app.api('DELETE', `/api/v1/dataset/${created.body.id}`)).status).toBe(200);
  });

  it('refuses duplicates and missing tables with 422', async () => {
    expect(await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', table_name: 'birth_names' } })).toMatchObject({
      status: 422,
      body: { message: { table: ['Dataset main.birth_names already exists'] } },
    });
    expect(await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', table_name: 'nope' } })).toMatchObject({
      status: 422,
      // Superset's TableNotFoundValidationError: field `table`, the table named with its schema.
      body: { message: { table: ['Table [main.nope] could not be found, please double check your database connection, schema, and table name'] } },
    });
    expect(await app.api('POST', '/api/v1/dataset/', { body: { database: 999, table_name: 'x' } })).toMatchObject({ status: 422, body: { message: { database: expect.any(Array) } } });
    expect((await app.api('POST', '/api/v1/dataset/', { body: { database: dbId } })).status).toBe(400);
  });

  it('creates a virtual dataset from SQL with inferred columns', async () => {
    const res = await app.api('POST', '/api/v1/dataset/', {
      body: { database: dbId, schema: 'main', table_name: 'names_by_day', sql: 'SELECT ds, name, num * 2 AS doubled FROM birth_names;', owners: [1], template_params: '{}' },
    });
    expect(res.status).toBe(201);
    expect(res.body.result).toMatchObject({ database: dbId, owners: [1], sql: 'SELECT ds, name, num * 2 AS doubled FROM birth_names;' });
    const shown = await app.api('GET', `/api/v1/dataset/${res.body.id}`);
    expect(shown.body.result).toMatchObject({ kind: 'virtual', sql: 'SELECT ds, name, num * 2 AS doubled FROM birth_names;', main_dttm_col: 'ds', template_params: '{}' });
    expect(shown.body.result.columns.map((c: { column_name: string; is_dttm: boolean }) => [c.column_name, c.is_dttm])).toEqual([
      ['ds', true],
      ['name', false],
      ['doubled', false],
    ]);
    expect(shown.body.result.metrics).toHaveLength(1);
    const bad = await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, table_name: 'bad', sql: 'SELECT * FROM missing_table' } });
    expect(bad).toMatchObject({ status: 422, body: { message: { sql: [expect.any(String)] } } });
  });

  it('get_or_create is idempotent', async () => {
    const first = await app.api('POST', '/api/v1/dataset/get_or_create/', { body: { database_id: dbId, schema: 'main', table_name: 'parents' } });
    expect(first).toMatchObject({ status: 200, body: { result: { table_id: expect.any(Number) } } });
    const again = await app.api('POST', '/api/v1/dataset/get_or_create/', { body: { database_id: dbId, schema: 'main', table_name: 'parents' } });
    expect(again.body.result.table_id).toBe(first.body.result.table_id);
    expect((await app.api('POST', '/api/v1/dataset/get_or_create/', { body: { database_id: dbId, schema: 'main', table_name: 'zzz' } })).status).toBe(422);
  });

  it("filters the list with FAB's column operators on table_name, schema and id", async () => {
    const names = async (...filters: object[]) => {
      const res = await app.api('GET', `/api/v1/dataset/${q({ filters, order_column: 'table_name', order_direction: 'asc' })}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.result as { table_name: string }[]).map((r) => r.table_name);
    };
    expect(await names({ col: 'table_name', opr: 'neq', value: 'parents' })).toEqual(['birth_names', 'names_by_day']);
    expect(await names({ col: 'table_name', opr: 'ew', value: '_DAY' })).toEqual(['names_by_day']);
    expect(await names({ col: 'table_name', opr: 'nct', value: 'name' })).toEqual(['parents']);
    expect(await names({ col: 'table_name', opr: 'nsw', value: 'b' }, { col: 'table_name', opr: 'new', value: 's' })).toEqual(['names_by_day']);
    expect(await names({ col: 'schema', opr: 'ct', value: 'ai' })).toEqual(['birth_names', 'names_by_day', 'parents']);
    expect(await names({ col: 'schema', opr: 'neq', value: 'main' })).toEqual([]);
    const first = (await app.api('GET', `/api/v1/dataset/${q({ order_column: 'id', order_direction: 'asc' })}`)).body.result[0].id as number;
    expect(await names({ col: 'id', opr: 'gt', value: first })).toHaveLength(2);
    expect(await names({ col: 'id', opr: 'neq', value: first })).toHaveLength(2);
    const info = (await app.api('GET', '/api/v1/dataset/_info')).body.filters;
    expect(info.table_name).toEqual(expect.arrayContaining([{ name: 'Not Equal to', operator: 'neq' }, { name: 'Ends with', operator: 'ew' }]));
    expect((await app.api('GET', `/api/v1/dataset/${q({ filters: [{ col: 'id', opr: 'lt', value: 'x' }] })}`)).status).toBe(400);
  });

  it("answers distinct/schema and distinct/catalog with FAB's filter and paging", async () => {
    expect((await app.api('GET', '/api/v1/dataset/distinct/schema')).body).toEqual({ count: 1, result: [{ text: 'main', value: 'main' }] });
    expect((await app.api('GET', `/api/v1/dataset/distinct/schema${q({ filter: 'AI', page: 0, page_size: 10 })}`)).body).toEqual({ count: 1, result: [{ text: 'main', value: 'main' }] });
    expect((await app.api('GET', `/api/v1/dataset/distinct/schema${q({ filter: 'nowhere' })}`)).body).toEqual({ count: 0, result: [] });
    expect((await app.api('GET', `/api/v1/dataset/distinct/schema${q({ page: 1, page_size: 1 })}`)).body).toEqual({ count: 1, result: [] });
    expect(await app.api('GET', '/api/v1/dataset/distinct/catalog')).toMatchObject({ status: 200, body: { count: 0, result: [] } });
    expect((await app.api('GET', '/api/v1/dataset/distinct/table_name')).status).toBe(404);
  });

  it('lists with filters and access; deletes by owners; guards database deletes', async () => {
    const all = await app.api('GET', `/api/v1/dataset/${q({ order_column: 'table_name', order_direction: 'asc' })}`);
    expect(all.status).toBe(200);
    expect(all.body.result.map((r: { table_name: string }) => r.table_name)).toEqual(['birth_names', 'names_by_day', 'parents']);
    const physical = await app.api('GET', `/api/v1/dataset/${q({ filters: [{ col: 'sql', opr: 'dataset_is_null_or_empty', value: true }] })}`);
    expect(physical.body.count).toBe(2);
    const named = await app.api('GET', `/api/v1/dataset/${q({ filters: [{ col: 'table_name', opr: 'ct', value: 'NAME' }, { col: 'database', opr: 'rel_o_m', value: dbId }, { col: 'schema', opr: 'eq', value: 'main' }] })}`);
    expect(named.body.count).toBe(2);
    expect(named.body.result[0]).toMatchObject({ kind: expect.any(String), database: { id: dbId, database_name: 'warehouse' }, explore_url: expect.stringContaining('/explore/') });

    // The rest of Superset's dataset list filters: "Certified", "Created by", "Modified by", catalog, and their options.
    const certifiedId = all.body.result[1].id as number;
    await app.api('PUT', `/api/v1/dataset/${certifiedId}`, { body: { extra: JSON.stringify({ certification: { certified_by: 'Data team', details: '' } }) } });
    const listIds = async (query: object) => ((await app.api('GET', `/api/v1/dataset/${q(query)}`)).body.result as { id: number }[]).map((r) => r.id);
    expect(await listIds({ filters: [{ col: 'id', opr: 'dataset_is_certified', value: true }] })).toEqual([certifiedId]);
    expect(await listIds({ filters: [{ col: 'id', opr: 'dataset_is_certified', value: false }] })).toHaveLength(2);
    expect(await listIds({ filters: [{ col: 'changed_by', opr: 'rel_o_m', value: 1 }] })).toHaveLength(3);
    expect(await listIds({ filters: [{ col: 'created_by', opr: 'rel_o_m', value: 999 }] })).toEqual([]);
    expect(await listIds({ filters: [{ col: 'catalog', opr: 'eq', value: 'nowhere' }] })).toEqual([]);
    expect(await listIds({ order_column: 'changed_by.first_name', order_direction: 'asc' })).toHaveLength(3);
    expect((await app.api('GET', '/api/v1/dataset/related/changed_by')).body.count).toBeGreaterThan(0);
    expect((await app.api('GET', '/api/v1/dataset/related/created_by')).status).toBe(200);
    expect((await app.api('GET', '/api/v1/dataset/related/sql')).status).toBe(404);
    const datasetInfo = await app.api('GET', '/api/v1/dataset/_info');
    expect(datasetInfo.body).toMatchObject({ add_columns: [], edit_columns: [], filters: { sql: [{ name: 'Null or Empty', operator: 'dataset_is_null_or_empty' }] } });

    const gamma = await createUserWithRole(app, 'gamma', 'Gamma');
    const none = await app.api('GET', '/api/v1/dataset/', { token: gamma });
    expect(none).toMatchObject({ status: 200, body: { count: 0 } });
    const id = all.body.result[0].id as number;
    expect((await app.api('GET', `/api/v1/dataset/${id}`, { token: gamma })).status).toBe(404);
    const alpha = await createUserWithRole(app, 'alpha', 'Alpha');
    expect((await app.api('GET', `/api/v1/dataset/${id}`, { token: alpha })).status).toBe(200);
    expect((await app.api('DELETE', `/api/v1/dataset/${id}`, { token: alpha })).status).toBe(403);

    // A non-admin who saves stays an owner: an empty list on create, or a list without them on update,
    // would otherwise lock them out of their own dataset.
    const mine = await app.api('POST', '/api/v1/dataset/', { token: alpha, body: { database: dbId, table_name: 'alpha_view', sql: 'SELECT 1 AS x', owners: [] } });
    expect(mine.status).toBe(201);
    const ownerIds = (body: { result: { owners: { id: number }[] } }) => body.result.owners.map((o) => o.id).sort();
    // The create answer echoes owners as ids (Superset's DatasetRestApi.post `owners: [integer]`).
    const alphaId = (mine.body.result.owners as number[])[0]!;
    expect(alphaId).not.toBe(1);
    expect(mine.body.result.owners).toEqual([alphaId]);
    expect(ownerIds((await app.api('GET', `/api/v1/dataset/${mine.body.id}`, { token: alpha })).body)).toEqual([alphaId]);
    const handedOver = await app.api('PUT', `/api/v1/dataset/${mine.body.id}`, { token: alpha, body: { owners: [1] } });
    expect(handedOver.status).toBe(200);
    // The edit answer echoes the owners saved, as ids (Superset's DatasetRestApi.put `owners: [integer]`).
    expect([...handedOver.body.result.owners].sort()).toEqual([1, alphaId].sort());
    expect(ownerIds((await app.api('GET', `/api/v1/dataset/${mine.body.id}`)).body)).toEqual([1, alphaId].sort());
    expect((await app.api('PUT', `/api/v1/dataset/${mine.body.id}`, { token: alpha, body: { description: 'still mine' } })).status).toBe(200);
    expect((await app.api('DELETE', `/api/v1/dataset/${mine.body.id}`, { token: alpha })).status).toBe(200);

    const blocked = await app.api('DELETE', `/api/v1/database/${dbId}`);
    expect(blocked).toMatchObject({ status: 422, body: { message: 'There are 3 datasets associated with this database' } });
    for (const r of all.body.result as { id: number }[]) {
      expect(await app.api('DELETE', `/api/v1/dataset/${r.id}`)).toMatchObject({ status: 200, body: { message: 'OK' } });
    }
    expect((await app.api('GET', `/api/v1/dataset/${id}`)).status).toBe(404);
    expect(await app.ctx.db.selectFrom('ab_view_menu').select('name').where('name', 'like', '[warehouse].[%](id:%)').execute()).toEqual([]);
    expect((await app.api('DELETE', `/api/v1/database/${dbId}`)).status).toBe(200);
  });
});
