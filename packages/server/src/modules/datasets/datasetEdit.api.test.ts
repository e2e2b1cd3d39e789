import path from 'node:path';
import Database from 'better-sqlite3';
import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';
import { createWarehouse, userIdOf } from '../tabState/__tests__/sqllabTestKit.js';

const q = (value: unknown) => `?q=${encodeURIComponent(rison.encode(value))}`;

interface Column {
  id: number;
  column_name: string;
  type: string | null;
  is_dttm: boolean;
  verbose_name: string | null;
  expression: string | null;
}

describe('datasets API (editing, refresh, duplicate, related objects)', () => {
  let app: TestApp;
  let dbId: number;
  let file: string;

  beforeAll(async () => {
    app = await startTestApp();
    dbId = await createWarehouse(app);
    file = path.join(app.filesDir, 'warehouse.sqlite');
  });
  afterAll(async () => {
    await app?.close();
  });

  const create = async (body: Record<string, unknown>, token?: string) => {
    const res = await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', ...body }, token });
    expect(res.status).toBe(201);
    return (await app.api('GET', `/api/v1/dataset/${res.body.id}`)).body.result as { id: number; columns: Column[]; metrics: { id: number; metric_name: string }[] };
  };

  it('edits fields, columns and metrics with Superset validation', async () => {
    const ds = await create({ table_name: 'birth_names' });
    const name = ds.columns.find((c) => c.column_name === 'name')!;
    const count = ds.metrics[0]!;
    const res = await app.api('PUT', `/api/v1/dataset/${ds.id}`, {
      body: {
        description: 'Births',
        cache_timeout: 300,
        filter_select_enabled: false,
        columns: [
          ...ds.columns.filter((c) => c.column_name !== 'num').map((c) => ({ id: c.id, column_name: c.column_name, verbose_name: c.id === name.id ? 'Name' : null })),
          { column_name: 'name_upper', expression: 'UPPER(name)', type: 'VARCHAR' },
        ],
        metrics: [
          { id: count.id, metric_name: 'count', expression: 'COUNT(*)', d3format: ',d' },
          { metric_name: 'total', expression: 'SUM(num)', verbose_name: 'Total', currency: { symbol: 'EUR', symbolPosition: 'suffix' } },
        ],
      },
    });
    expect(res.status).toBe(200);
    // Superset's `result=item`: the request as loaded, not the stored dataset (read back with GET).
    expect(res.body).toMatchObject({ id: ds.id, result: { description: 'Births', cache_timeout: 300, filter_select_enabled: false, columns: expect.any(Array) } });
    expect(res.body.result.columns.at(-1)).toEqual(expect.objectContaining({ column_name: 'name_upper', expression: 'UPPER(name)' }));
    expect(res.body.result).not.toHaveProperty('select_star');
    const saved = (await app.api('GET', `/api/v1/dataset/${ds.id}`)).body;
    expect(saved.result).toMatchObject({ description: 'Births', cache_timeout: 300, filter_select_enabled: false });
    const cols = saved.result.columns as Column[];
    expect(cols.map((c) => c.column_name).sort()).toEqual(['ds', 'id', 'name', 'name_upper']);
    expect(cols.find((c) => c.column_name === 'name')).toMatchObject({ id: name.id, verbose_name: 'Name', type: name.type });
    expect(cols.find((c) => c.column_name === 'name_upper')).toMatchObject({ expression: 'UPPER(name)' });
    expect(saved.result.metrics).toEqual([
      expect.objectContaining({ id: count.id, metric_name: 'count', d3format: ',d' }),
      expect.objectContaining({ metric_name: 'total', expression: 'SUM(num)', currency: '{"symbol":"EUR","symbolPosition":"suffix"}' }),
    ]);

    const dup = await app.api('PUT', `/api/v1/dataset/${ds.id}`, { body: { columns: [{ column_name: 'a' }, { column_name: 'a' }] } });
    expect(dup).toMatchObject({ status: 422, body: { message: { columns: ['One or more columns are duplicated'] } } });
    const exists = await app.api('PUT', `/api/v1/dataset/${ds.id}`, { body: { columns: [{ column_name: 'ds' }] } });
    expect(exists).toMatchObject({ status: 422, body: { message: { columns: ['One or more columns already exist'] } } });
    const unknown = await app.api('PUT', `/api/v1/dataset/${ds.id}`, { body: { metrics: [{ id: 99999, metric_name: 'x', expression: 'COUNT(*)' }] } });
    expect(unknown).toMatchObject({ status: 422, body: { message: { metrics: ['One or more metrics do not exist'] } } });
    const missing = await app.api('PUT', `/api/v1/dataset/${ds.id}`, { body: { metrics: [{ metric_name: 'x' }] } });
    expect(missing).toMatchObject({ status: 400, body: { message: { metrics: { 0: { expression: ['Missing data for required field.'] } } } } });
    // Unknown fields are refused, at the top and inside columns and metrics (nothing is dropped unseen).
    const bogus = await app.api('PUT', `/api/v1/dataset/${ds.id}`, {
      body: { descripton: 'typo', columns: [{ id: name.id, column_name: 'name', verbos_name: 'x' }], metrics: [{ metric_name: 'm', expression: 'COUNT(*)', formt: ',d' }] },
    });
    expect(bogus).toMatchObject({
      status: 400,
      body: {
        message: { descripton: ['Unknown field.'], columns: { 0: { verbos_name: ['Unknown field.'] } }, metrics: { 0: { formt: ['Unknown field.'] } } },
      },
    });
    expect((await app.api('GET', `/api/v1/dataset/${ds.id}`)).body.result.description).toBe('Births');
    // Superset's clients may send `folders`: accepted, with no effect here.
    expect((await app.api('PUT', `/api/v1/dataset/${ds.id}`, { body: { folders: null, description: 'Births' } })).status).toBe(200);
    const owners = await app.api('PUT', `/api/v1/dataset/${ds.id}`, { body: { owners: [4242] } });
    expect(owners).toMatchObject({ status: 422, body: { message: { owners: ['Owners are invalid'] } } });

    // override_columns replaces the whole set, so an existing name is fine there; then, as Superset, the
    // dataset is refreshed from its table: columns left out come back, the calculated one stays.
    const replaced = await app.api('PUT', `/api/v1/dataset/${ds.id}?override_columns=true`, {
      body: { columns: [{ column_name: 'ds', type: 'TIMESTAMP', is_dttm: true }, { column_name: 'name' }, { column_name: 'calc', expression: 'num + 1' }] },
    });
    expect(replaced.status).toBe(200);
    const synced = (await app.api('GET', `/api/v1/dataset/${ds.id}`)).body.result.columns as Column[];
    expect(synced.map((c) => [c.column_name, c.is_dttm]).sort()).toEqual([
      ['calc', false],
      ['ds', true],
      ['id', false],
      ['name', false],
      ['num', false],
    ]);
    expect(synced.find((c) => c.column_name === 'name')?.type).toBeTruthy();

    // Superset's DatasetForbiddenError is a bare response_403.
    const alpha = await createUserWithRole(app, 'alpha_editor', 'Alpha');
    expect(await app.api('PUT', `/api/v1/dataset/${ds.id}`, { body: { description: 'x' }, token: alpha })).toMatchObject({
      status: 403,
      body: { message: 'Forbidden' },
    });
    expect((await app.api('PUT', '/api/v1/dataset/9999', { body: { description: 'x' } })).status).toBe(404);
  });

  it('keeps the roles granted access to a dataset when it is renamed', async () => {
    const ds = await create({ table_name: 'grant_before', sql: 'SELECT 1 AS one' });
    const perms = async () =>
      (await app.api('GET', '/api/v1/security/permissions-resources/?q=(page_size:1000)')).body.result as { id: number; permission_name: string; view_menu_name: string }[];
    const pair = (await perms()).find((p) => p.permission_name === 'datasource_access' && p.view_menu_name.includes(`[grant_before](id:${ds.id})`));
    expect(pair).toBeDefined();
    const readPairs = (await perms()).filter((p) => p.permission_name === 'can_read' && p.view_menu_name === 'Dataset').map((p) => p.id);
    const role = await app.api('POST', '/api/v1/security/roles/', { body: { name: 'one_dataset' } });
    await app.api('POST', `/api/v1/security/roles/${role.body.id}/permissions`, { body: { permission_view_menu_ids: [pair!.id, ...readPairs] } });
    const token = await createUserWithRole(app, 'one_dataset_user', 'one_dataset');
    expect((await app.api('GET', `/api/v1/dataset/${ds.id}`, { token })).status).toBe(200);

    expect((await app.api('PUT', `/api/v1/dataset/${ds.id}`, { body: { table_name: 'grant_after' } })).status).toBe(200);
    expect((await app.api('GET', `/api/v1/dataset/${ds.id}`, { token })).status).toBe(200);
    const names = (await perms()).filter((p) => p.permission_name === 'datasource_access').map((p) => p.view_menu_name);
    expect(names.some((n) => n.includes(`[grant_after](id:${ds.id})`))).toBe(true);
    expect(names.some((n) => n.includes(`[grant_before](id:${ds.id})`))).toBe(false);
  });

  it('refreshes columns from the table and from a virtual query', async () => {
    const ds = await create({ table_name: 'parents' });
    const calc = await app.api('PUT', `/api/v1/dataset/${ds.id}`, {
      body: { columns: [...ds.columns.map((c) => ({ id: c.id, column_name: c.column_name })), { column_name: 'calc', expression: "name || '!'" }] },
    });
    expect(calc.status).toBe(200);
    const raw = new Database(file);
    raw.exec('ALTER TABLE parents ADD COLUMN born DATE; ALTER TABLE parents DROP COLUMN name;');
    raw.close();
    expect(await app.api('PUT', `/api/v1/dataset/${ds.id}/refresh`)).toMatchObject({ status: 200, body: { message: 'OK' } });
    const after = (await app.api('GET', `/api/v1/dataset/${ds.id}`)).body.result.columns as Column[];
    expect(after.map((c) => c.column_name).sort()).toEqual(['born', 'calc', 'id']);
    expect(after.find((c) => c.column_name === 'born')).toMatchObject({ is_dttm: true });

    const virtual = await create({ table_name: 'v_births', sql: 'SELECT id, name FROM birth_names' });
    const upd = await app.api('PUT', `/api/v1/dataset/${virtual.id}`, { body: { sql: 'SELECT id, name, num * 2 AS twice FROM birth_names' } });
    expect(upd.status).toBe(200);
    expect((await app.api('PUT', `/api/v1/dataset/${virtual.id}/refresh`)).status).toBe(200);
    const vcols = (await app.api('GET', `/api/v1/dataset/${virtual.id}`)).body.result.columns as Column[];
    expect(vcols.map((c) => c.column_name)).toEqual(['id', 'name', 'twice']);

    // A refresh is an update: its failure says so.
    const broken = await create({ table_name: 'v_broken', sql: 'SELECT id FROM birth_names' });
    await app.api('PUT', `/api/v1/dataset/${broken.id}`, { body: { sql: 'SELECT * FROM no_such_table' } });
    const failed = await app.api('PUT', `/api/v1/dataset/${broken.id}/refresh`);
    expect(failed.status).toBe(422);
    expect(failed.body.message.sql[0]).toMatch(/^Dataset could not be updated: /);
    expect((await app.api('DELETE', `/api/v1/dataset/${broken.id}`)).status).toBe(200);
  });

  it('duplicates virtual datasets only', async () => {
    const list = await app.api('GET', `/api/v1/dataset/${q({ filters: [{ col: 'table_name', opr: 'eq', value: 'v_births' }] })}`);
    const base = list.body.result[0].id as number;
    const dup = await app.api('POST', '/api/v1/dataset/duplicate', { body: { base_model_id: base, table_name: 'v_births_copy' } });
    expect(dup.status).toBe(201);
    // Superset answers with the request as the result (DatasetDuplicateSchema); the copy is read with GET.
    expect(dup.body).toEqual({ id: expect.any(Number), result: { base_model_id: base, table_name: 'v_births_copy' } });
    const copy = (await app.api('GET', `/api/v1/dataset/${dup.body.id}`)).body;
    expect(copy.result).toMatchObject({ table_name: 'v_births_copy', kind: 'virtual', sql: 'SELECT id, name, num * 2 AS twice FROM birth_names', owners: [{ id: 1 }] });
    expect(copy.result.columns.map((c: Column) => c.column_name)).toEqual(['id', 'name', 'twice']);
    expect(copy.result.metrics.map((m: { metric_name: string }) => m.metric_name)).toEqual(['count']);
    expect(await app.api('POST', '/api/v1/dataset/duplicate', { body: { base_model_id: base, table_name: 'v_births_copy' } })).toMatchObject({
      status: 422,
      body: { message: { table: ['Dataset main.v_births_copy already exists'] } },
    });
    const physical = (await app.api('GET', `/api/v1/dataset/${q({ filters: [{ col: 'table_name', opr: 'eq', value: 'parents' }] })}`)).body.result[0].id;
    expect((await app.api('POST', '/api/v1/dataset/duplicate', { body: { base_model_id: physical, table_name: 'p2' } })).status).toBe(422);
    expect((await app.api('POST', '/api/v1/dataset/duplicate', { body: { table_name: 'p2' } })).status).toBe(400);
  });

  it('lists related charts and dashboards, owners and schemas; bulk deletes', async () => {
    const ds = (await app.api('GET', `/api/v1/dataset/${q({ filters: [{ col: 'table_name', opr: 'eq', value: 'v_births_copy' }] })}`)).body.result[0].id as number;
    const dash = (await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: 'Dash', slug: 'dash' } })).body.id as number;
    const chart = await app.api('POST', '/api/v1/chart/', { body: { slice_name: 'On copy', viz_type: 'table', datasource_id: ds, datasource_type: 'table', dashboards: [dash] } });
    expect(chart.status).toBe(201);
    expect((await app.api('GET', `/api/v1/dataset/${ds}/related_objects`)).body).toEqual({
      charts: { count: 1, result: [{ id: chart.body.id, slice_name: 'On copy', viz_type: 'table' }] },
      dashboards: { count: 1, result: [{ id: dash, json_metadata: null, slug: 'dash', title: 'Dash' }] },
    });

    const alpha = await createUserWithRole(app, 'alpha_owner', 'Alpha');
    const alphaId = await userIdOf(app, 'alpha_owner');
    const owned = await create({ table_name: 'v_alpha', sql: 'SELECT 1 AS one' }, alpha);
    const byOwner = await app.api('GET', `/api/v1/dataset/${q({ filters: [{ col: 'owners', opr: 'rel_m_m', value: alphaId }] })}`);
    expect(byOwner.body.result.map((r: { id: number }) => r.id)).toEqual([owned.id]);
    const virtualOnly = await app.api('GET', `/api/v1/dataset/${q({ filters: [{ col: 'sql', opr: 'dataset_is_null_or_empty', value: false }] })}`);
    expect(virtualOnly.body.result.every((r: { kind: string }) => r.kind === 'virtual')).toBe(true);
    const owners = await app.api('GET', `/api/v1/dataset/related/owners${q({ filter: 'alpha_owner' })}`);
    expect(owners.body).toMatchObject({ count: 1, result: [{ value: alphaId, text: 'alpha_owner Test' }] });
    expect((await app.api('GET', '/api/v1/dataset/distinct/schema')).body).toEqual({ count: 1, result: [{ text: 'main', value: 'main' }] });
    expect((await app.api('GET', `/api/v1/dataset/related/database${q({ filter: 'ware' })}`)).body).toEqual({ count: 1, result: [{ value: dbId, text: 'warehouse', extra: {} }] });
    expect((await app.api('GET', `/api/v1/dataset/related/database${q({ filter: 'zzz' })}`)).body).toEqual({ count: 0, result: [] });

    expect((await app.api('DELETE', `/api/v1/dataset/${q([owned.id, ds])}`, { token: alpha })).status).toBe(403);
    expect((await app.api('DELETE', `/api/v1/dataset/${q([owned.id, 99999])}`)).status).toBe(404);
    expect(await app.api('DELETE', `/api/v1/dataset/${q([owned.id, ds])}`)).toMatchObject({ status: 200, body: { message: 'Deleted 2 datasets' } });
    expect((await app.api('GET', `/api/v1/dataset/${ds}`)).status).toBe(404);
    expect((await app.api('DELETE', '/api/v1/dataset/?q=notrison(')).status).toBe(400);
  });
  it('deletes one column or metric (DELETE /<pk>/column/<id>, /<pk>/metric/<id>), owners only', async () => {
    const ds = await create({ table_name: 'child_delete', sql: 'SELECT 1 AS a, 2 AS b' });
    const [a] = ds.columns.filter((c) => c.column_name === 'a');
    const other = await create({ table_name: 'child_other', sql: 'SELECT 1 AS z' });
    const alpha = await createUserWithRole(app, 'alpha_child', 'Alpha');
    expect(await app.api('DELETE', `/api/v1/dataset/${ds.id}/column/${a!.id}`, { token: alpha })).toMatchObject({ status: 403 });
    expect(await app.api('DELETE', `/api/v1/dataset/${ds.id}/column/${a!.id}`)).toMatchObject({ status: 200, body: { message: 'OK' } });
    expect(await app.api('DELETE', `/api/v1/dataset/${ds.id}/column/${a!.id}`)).toMatchObject({ status: 404, body: { message: 'Not found' } });
    // A column of another dataset is not this dataset's column.
    expect((await app.api('DELETE', `/api/v1/dataset/${ds.id}/column/${other.columns[0]!.id}`)).status).toBe(404);
    expect(await app.api('DELETE', `/api/v1/dataset/${ds.id}/metric/${ds.metrics[0]!.id}`)).toMatchObject({ status: 200, body: { message: 'OK' } });
    expect((await app.api('DELETE', `/api/v1/dataset/9999/metric/1`)).status).toBe(404);
    const shown = (await app.api('GET', `/api/v1/dataset/${ds.id}`)).body.result;
    expect(shown.columns.map((c: Column) => c.column_name)).toEqual(['b']);
    expect(shown.metrics).toEqual([]);
    expect((await app.api('GET', `/api/v1/dataset/${other.id}`)).body.result.columns).toHaveLength(1);
  });
});
