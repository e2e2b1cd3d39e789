import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';
import { createWarehouse } from '../tabState/__tests__/sqllabTestKit.js';

/**
 * `/api/v1/rowlevelsecurity/` (Superset's RLSRestApi and its tests in row_level_security_tests.py): CRUD in FAB's
 * shapes, Superset's validation answers, list filters, related pickers and who may use it. Runs on SQLite metadata,
 * and on PostgreSQL metadata with TESSERA_TEST_METADATA=postgres.
 */

const RLS = '/api/v1/rowlevelsecurity/';
const q = (value: unknown) => `?q=${encodeURIComponent(rison.encode(value))}`;

describe('row level security API', () => {
  let app: TestApp;
  let alpha: string;
  let gamma: string;
  let births: number;
  let parents: number;
  let roles: Record<string, number>;

  beforeAll(async () => {
    app = await startTestApp();
    alpha = await createUserWithRole(app, 'rls_alpha', 'Alpha');
    gamma = await createUserWithRole(app, 'rls_gamma', 'Gamma');
    const dbId = await createWarehouse(app);
    births = (await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', table_name: 'birth_names' } })).body.id;
    parents = (await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', table_name: 'parents' } })).body.id;
    const listed = (await app.api('GET', '/api/v1/security/roles/?q=(page_size:100)')).body.result as { id: number; name: string }[];
    roles = Object.fromEntries(listed.map((r) => [r.name, r.id]));
  });
  afterAll(async () => app?.close());

  const rule = (extra: Record<string, unknown> = {}) => ({
    name: 'rls 1',
    description: 'Some description',
    filter_type: 'Regular',
    tables: [births],
    roles: [roles.Gamma],
    group_key: 'group_key_1',
    clause: 'client_id=1',
    ...extra,
  });
  const create = (body: Record<string, unknown>) => app.api('POST', RLS, { body });
  const cleanUp = async (...ids: number[]) => {
    if (ids.length > 0) await app.api('DELETE', `${RLS}${q(ids)}`);
  };

  it('creates (201 {id, result}), shows, lists, updates and deletes a rule', async () => {
    const created = await create(rule());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    expect(created.body.result).toEqual({
      name: 'rls 1',
      description: 'Some description',
      filter_type: 'Regular',
      tables: [births],
      roles: [roles.Gamma],
      group_key: 'group_key_1',
      clause: 'client_id=1',
    });

    const shown = await app.api('GET', `${RLS}${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id, show_title: 'Show Row Level Security' });
    expect(shown.body.result).toEqual({
      id,
      name: 'rls 1',
      description: 'Some description',
      filter_type: 'Regular',
      tables: [{ id: births, schema: 'main', table_name: 'birth_names' }],
      roles: [{ id: roles.Gamma, name: 'Gamma' }],
      group_key: 'group_key_1',
      clause: 'client_id=1',
    });

    const listed = await app.api('GET', RLS);
    expect(listed.body).toMatchObject({ count: 1, ids: [id], list_title: 'List Row Level Security' });
    expect(listed.body.order_columns).toEqual(['name', 'filter_type', 'clause', 'changed_on_delta_humanized', 'group_key']);
    expect(listed.body.result[0]).toMatchObject({
      id,
      name: 'rls 1',
      filter_type: 'Regular',
      tables: [{ id: births, table_name: 'birth_names' }],
      roles: [{ id: roles.Gamma, name: 'Gamma' }],
      clause: 'client_id=1',
      group_key: 'group_key_1',
      changed_by: { id: 1, first_name: expect.any(String) },
      changed_on_delta_humanized: expect.any(String),
    });

    // Superset's test_put_success: every field changes; links are replaced, not added to.
    const put = await app.api('PUT', `${RLS}${id}`, {
      body: { name: 'rls put success', clause: '2=2', filter_type: 'Base', tables: [parents], roles: [roles.Alpha], group_key: null },
    });
    expect(put).toMatchObject({ status: 200, body: { id, result: { name: 'rls put success', clause: '2=2', filter_type: 'Base', tables: [parents], roles: [roles.Alpha], group_key: null } } });
    const after = (await app.api('GET', `${RLS}${id}`)).body.result;
    expect(after).toMatchObject({ name: 'rls put success', clause: '2=2', filter_type: 'Base', group_key: null, description: 'Some description' });
    expect(after.tables.map((t: { id: number }) => t.id)).toEqual([parents]);
    expect(after.roles.map((r: { id: number }) => r.id)).toEqual([roles.Alpha]);
    // A partial update keeps what it does not name.
    expect((await app.api('PUT', `${RLS}${id}`, { body: { description: null } })).status).toBe(200);
    expect((await app.api('GET', `${RLS}${id}`)).body.result).toMatchObject({ description: null, tables: [{ id: parents }], roles: [{ id: roles.Alpha }] });

    expect(await app.api('DELETE', `${RLS}${id}`)).toMatchObject({ status: 200, body: { message: 'OK' } });
    expect(await app.api('GET', `${RLS}${id}`)).toMatchObject({ status: 404, body: { message: 'Not found' } });
    expect((await app.api('DELETE', `${RLS}${id}`)).status).toBe(404);
    expect((await app.api('GET', `${RLS}abc`)).status).toBe(404);
  });

  it('answers Superset validation errors: 400 for the payload, 422 for unknown tables, roles and duplicate names', async () => {
    expect(await create(rule({ tables: [] }))).toMatchObject({ status: 400, body: { message: { tables: ['Shorter than minimum length 1.'] } } });
    expect(await create({ clause: '1=1', filter_type: 'Base', tables: [births], roles: [] })).toMatchObject({ status: 400, body: { message: { name: ['Missing data for required field.'] } } });
    expect(await create(rule({ filter_type: 'Other' }))).toMatchObject({ status: 400, body: { message: { filter_type: ['Must be one of: Regular, Base.'] } } });
    expect((await create(rule({ clause: '  ' }))).status).toBe(400);
    expect((await create(rule({ roles: undefined }))).body).toMatchObject({ message: { roles: ['Missing data for required field.'] } });

    expect(await create(rule({ name: 'rls bad role', filter_type: 'Base', tables: [births], roles: [999999] }))).toMatchObject({ status: 422, body: { message: 'Some roles do not exist' } });
    expect(await create(rule({ name: 'rls bad table', filter_type: 'Base', tables: [999999], roles: [roles.Admin] }))).toMatchObject({ status: 422, body: { message: 'Datasource does not exist' } });

    const first = await create(rule({ name: 'rls_entry1' }));
    expect(first.status).toBe(201);
    const duplicate = await create(rule({ name: 'rls_entry1' }));
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.message).toContain('Create failed');
    const other = await create(rule({ name: 'rls_entry2' }));
    const renamed = await app.api('PUT', `${RLS}${other.body.id}`, { body: { name: 'rls_entry1' } });
    expect(renamed.status).toBe(422);
    expect(renamed.body.message).toContain('Update failed');
    // Its own name is no conflict.
    expect((await app.api('PUT', `${RLS}${first.body.id}`, { body: { name: 'rls_entry1' } })).status).toBe(200);

    expect(await app.api('PUT', `${RLS}99999999`, { body: rule() })).toMatchObject({ status: 404, body: { message: 'Not found' } });
    expect(await app.api('PUT', `${RLS}${first.body.id}`, { body: { roles: [999999] } })).toMatchObject({ status: 422, body: { message: 'Some roles do not exist' } });
    expect(await app.api('PUT', `${RLS}${first.body.id}`, { body: { tables: [999999] } })).toMatchObject({ status: 422, body: { message: 'Datasource does not exist' } });
    expect((await app.api('GET', `${RLS}${first.body.id}`)).body.result.roles).toEqual([{ id: roles.Gamma, name: 'Gamma' }]);
    await cleanUp(first.body.id, other.body.id);
  });

  it('bulk deletes with ?q=!(1,2), all or nothing', async () => {
    const one = (await create(rule({ name: 'rls 1', clause: '1=1' }))).body.id as number;
    const two = (await create(rule({ name: 'rls 2', clause: '2=2', filter_type: 'Base', tables: [parents], roles: [roles.Alpha] }))).body.id as number;
    expect(await app.api('DELETE', `${RLS}${q([10000, 10001, 100002])}`)).toMatchObject({ status: 404, body: { message: 'Not found' } });
    expect(await app.api('DELETE', `${RLS}${q([one, 10001])}`)).toMatchObject({ status: 404 });
    expect((await app.api('GET', `${RLS}${one}`)).status).toBe(200);
    expect((await app.api('DELETE', `${RLS}?q=not-rison(`)).status).toBe(400);
    expect(await app.api('DELETE', `${RLS}${q([one, two])}`)).toMatchObject({ status: 200, body: { message: 'Deleted 2 rules' } });
    expect((await app.api('GET', RLS)).body.count).toBe(0);
  });

  it('lists with rison filters, ordering and paging, and refuses unknown filters', async () => {
    const ids = [
      (await create(rule({ name: 'Finance', filter_type: 'Regular', group_key: 'department', clause: "department = 'Finance'" }))).body.id,
      (await create(rule({ name: 'Marketing', filter_type: 'Regular', group_key: 'department', clause: "department = 'Marketing'", roles: [roles.Alpha] }))).body.id,
      (await create(rule({ name: 'Europe', filter_type: 'Base', group_key: 'region', clause: "region = 'Europe'", tables: [parents], roles: [roles.Admin] }))).body.id,
    ] as number[];
    const names = async (query: unknown) => {
      const res = await app.api('GET', `${RLS}${q(query)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.result as { name: string }[]).map((r) => r.name);
    };
    expect(await names({ order_column: 'name', order_direction: 'desc' })).toEqual(['Marketing', 'Finance', 'Europe']);
    expect(await names({ filters: [{ col: 'name', opr: 'ct', value: 'ARKET' }] })).toEqual(['Marketing']);
    expect(await names({ filters: [{ col: 'filter_type', opr: 'eq', value: 'Base' }] })).toEqual(['Europe']);
    expect(await names({ filters: [{ col: 'group_key', opr: 'eq', value: 'department' }], order_column: 'name' })).toEqual(['Finance', 'Marketing']);
    expect(await names({ filters: [{ col: 'tables', opr: 'rel_m_m', value: parents }] })).toEqual(['Europe']);
    expect(await names({ filters: [{ col: 'roles', opr: 'rel_m_m', value: roles.Alpha }] })).toEqual(['Marketing']);
    expect(await names({ filters: [{ col: 'clause', opr: 'sw', value: 'region' }] })).toEqual(['Europe']);
    expect(await names({ filters: [{ col: 'changed_by', opr: 'rel_o_m', value: 1 }], order_column: 'changed_on_delta_humanized', order_direction: 'asc' })).toHaveLength(3);
    const paged = await app.api('GET', `${RLS}${q({ order_column: 'name', page: 1, page_size: 2 })}`);
    expect(paged.body).toMatchObject({ count: 3 });
    expect(paged.body.result.map((r: { name: string }) => r.name)).toEqual(['Marketing']);

    expect(await app.api('GET', `${RLS}${q({ filters: [{ col: 'password', opr: 'eq', value: 'x' }] })}`)).toMatchObject({ status: 400, body: { message: 'Filter column: password not allowed to filter' } });
    expect((await app.api('GET', `${RLS}${q({ filters: [{ col: 'name', opr: 'rel_m_m', value: 'x' }] })}`)).status).toBe(400);
    expect((await app.api('GET', `${RLS}${q({ order_column: 'secret' })}`)).status).toBe(400);
    await cleanUp(...ids);
  });

  it('offers every role and every dataset to pick (related/roles, related/tables), and _info', async () => {
    const related = async (column: string, query: unknown = { page: 0, page_size: 100 }) => app.api('GET', `${RLS}related/${column}${q(query)}`);
    const rolesAnswer = await related('roles');
    expect(rolesAnswer.status).toBe(200);
    expect(rolesAnswer.body.count).toBe(Object.keys(roles).length);
    expect(new Set(rolesAnswer.body.result.map((r: { text: string }) => r.text))).toEqual(new Set(Object.keys(roles)));
    expect((await related('roles', { filter: 'alp' })).body.result).toEqual([{ value: roles.Alpha, text: 'Alpha' }]);

    const tables = await related('tables');
    expect(tables.body).toEqual({ count: 2, result: [{ value: births, text: 'main.birth_names' }, { value: parents, text: 'main.parents' }] });
    expect((await related('tables', { filter: 'birth' })).body).toEqual({ count: 1, result: [{ value: births, text: 'main.birth_names' }] });
    expect((await related('owners')).status).toBe(404);

    const info = await app.api('GET', `${RLS}_info`);
    expect(info.status).toBe(200);
    expect(info.body.permissions).toEqual(['can_read', 'can_write']);
    expect(Object.keys(info.body.filters)).toEqual(expect.arrayContaining(['name', 'filter_type', 'tables', 'roles', 'group_key', 'clause']));
    expect(info.body.filters.roles).toEqual([{ name: 'Relation as many', operator: 'rel_m_m' }]);
  });

  it('drops links to a role that is deleted', async () => {
    const role = await app.api('POST', '/api/v1/security/roles/', { body: { name: 'rls_temp_role' } });
    const id = (await create(rule({ name: 'temp role rule', roles: [role.body.id, roles.Gamma] }))).body.id as number;
    expect((await app.api('DELETE', `/api/v1/security/roles/${role.body.id}`)).status).toBe(200);
    expect((await app.api('GET', `${RLS}${id}`)).body.result.roles).toEqual([{ id: roles.Gamma, name: 'Gamma' }]);
    await cleanUp(id);
  });

  it('is for admins only: 401 anonymous, 403 Gamma and Alpha, on every endpoint', async () => {
    const id = (await create(rule({ name: 'rights' }))).body.id as number;
    const calls: [string, string, unknown?][] = [
      ['GET', RLS],
      ['GET', `${RLS}_info`],
      ['GET', `${RLS}related/roles`],
      ['GET', `${RLS}related/tables`],
      ['GET', `${RLS}${id}`],
      ['POST', RLS, rule({ name: 'sneaky' })],
      ['PUT', `${RLS}${id}`, { clause: '1=1' }],
      ['DELETE', `${RLS}${id}`],
      ['DELETE', `${RLS}${q([id])}`],
    ];
    for (const [method, path, body] of calls) {
      expect((await app.api(method, path, { token: null, body })).status, `${method} ${path} anonymous`).toBe(401);
      expect((await app.api(method, path, { token: gamma, body })).status, `${method} ${path} gamma`).toBe(403);
      expect((await app.api(method, path, { token: alpha, body })).status, `${method} ${path} alpha`).toBe(403);
    }
    // Nothing changed.
    expect((await app.api('GET', `${RLS}${id}`)).body.result).toMatchObject({ name: 'rights', clause: 'client_id=1' });
    expect((await app.api('GET', RLS)).body.count).toBe(1);
    await cleanUp(id);
  });
});
