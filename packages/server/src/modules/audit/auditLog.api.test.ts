import Database from 'better-sqlite3';
import path from 'node:path';
import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogRecord } from '@tessera/core';
import { createUserWithRole, startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../test/testApp.js';

const AGENT = 'audit-suite/1.0 (a browser)';
const WRONG_PASSWORD = 'not-the-right-one-7';
const USER_PASSWORD = 'first audited passphrase';
const NEW_USER_PASSWORD = 'second audited passphrase';
const DB_SECRET = 'Tiger-Secret-91';

const q = (value: unknown) => `?q=${encodeURIComponent(rison.encode(value))}`;

describe('audit log of security-relevant actions', () => {
  let app: TestApp;
  let gamma: string;
  let alpha: string;

  /** Every row (newest first), read as the admin. */
  async function rows(filters: unknown[] = []): Promise<AuditLogRecord[]> {
    const res = await app.api('GET', `/api/v1/audit_log/${q({ filters, page_size: 1000 })}`);
    expect(res.status).toBe(200);
    return res.body.result as AuditLogRecord[];
  }
  const latest = async (action: string) => (await rows([{ col: 'action', opr: 'eq', value: action }]))[0];

  beforeAll(async () => {
    app = await startTestApp({ LOGIN_RATE_LIMIT: '50' });
    gamma = await createUserWithRole(app, 'gamma_auditee', 'Gamma');
    alpha = await createUserWithRole(app, 'alpha_auditee', 'Alpha');
  });
  afterAll(async () => app?.close());

  it('is for admins only: anonymous 401, Gamma and Alpha 403, an unknown id 404', async () => {
    for (const path of ['/api/v1/audit_log/', '/api/v1/audit_log/1']) {
      expect((await app.api('GET', path, { token: null })).status).toBe(401);
      expect((await app.api('GET', path, { token: gamma })).status).toBe(403);
      expect((await app.api('GET', path, { token: alpha })).status).toBe(403);
    }
    expect((await app.api('GET', '/api/v1/audit_log/999999')).status).toBe(404);
    expect((await app.api('GET', '/api/v1/audit_log/abc')).status).toBe(404);
  });

  it('records API and web logins, successful and failed, with the address and user agent but never the password', async () => {
    const headers = { 'user-agent': AGENT };
    const ok = await app.api('POST', '/api/v1/security/login', { token: null, headers, body: { username: 'admin', password: TEST_ADMIN_PASSWORD, provider: 'db' } });
    expect(ok.status).toBe(200);
    const bad = await app.api('POST', '/api/v1/security/login', { token: null, headers, body: { username: 'admin', password: WRONG_PASSWORD, provider: 'db' } });
    expect(bad.status).toBe(401);
    const unknown = await app.api('POST', '/login/', { token: null, headers, body: { username: 'mallory', password: WRONG_PASSWORD } });
    expect(unknown.status).toBe(401);
    const web = await app.api('POST', '/login/', { token: null, headers, body: { username: 'admin', password: TEST_ADMIN_PASSWORD } });
    expect(web.status).toBe(200);

    const logins = (await rows([{ col: 'action', opr: 'eq', value: 'auth.login' }])).filter((r) => r.user_agent === AGENT);
    expect(logins.map((r) => [r.username, r.outcome, r.details?.via])).toEqual([
      ['admin', 'success', 'web'],
      ['mallory', 'failure', 'web'],
      ['admin', 'failure', 'api'],
      ['admin', 'success', 'api'],
    ]);
    const [webOk, webFailed, apiFailed] = logins;
    expect(webOk).toMatchObject({ user_id: expect.any(Number), ip: '127.0.0.1', object_type: null });
    expect(webFailed).toMatchObject({ user_id: null, details: { via: 'web', status: 401 } });
    expect(apiFailed).toMatchObject({ user_id: null, details: { via: 'api', status: 401 } });
    const all = JSON.stringify(await rows());
    expect(all).not.toContain(WRONG_PASSWORD);
    expect(all).not.toContain(TEST_ADMIN_PASSWORD);

    // One row by id, in the show envelope.
    const one = await app.api('GET', `/api/v1/audit_log/${webFailed!.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: webFailed!.id, result: { action: 'auth.login', username: 'mallory', outcome: 'failure' } });
  });

  it('records logout and token refresh', async () => {
    const login = await app.api('POST', '/api/v1/security/login', { token: null, body: { username: 'admin', password: TEST_ADMIN_PASSWORD, provider: 'db', refresh: true } });
    expect((await app.api('POST', '/api/v1/security/refresh', { token: login.body.refresh_token })).status).toBe(200);
    expect(await latest('auth.token_refresh')).toMatchObject({ username: 'admin', outcome: 'success' });

    const web = await fetch(`${app.url}/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }) });
    const cookie = (web.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect((await fetch(`${app.url}/logout/`, { headers: { cookie }, redirect: 'manual' })).status).toBe(302);
    expect(await latest('auth.logout')).toMatchObject({ username: 'admin', outcome: 'success' });
  });

  it('records user creation, edits, role assignments, password changes and deletion by the admin who made them', async () => {
    const roles = (await app.api('GET', '/api/v1/security/roles/?q=(page_size:100)')).body.result as { id: number; name: string }[];
    const roleId = (name: string) => roles.find((r) => r.name === name)!.id;
    const created = await app.api('POST', '/api/v1/security/users/', {
      body: { username: 'victor', first_name: 'Vic', last_name: 'Tor', email: 'victor@example.com', password: USER_PASSWORD, roles: [roleId('Gamma')] },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(await latest('user.create')).toMatchObject({
      username: 'admin',
      user_id: expect.any(Number),
      object_type: 'User',
      object_id: String(id),
      outcome: 'success',
      details: { user: 'victor', active: true, roles: ['Gamma'] },
    });

    const edited = await app.api('PUT', `/api/v1/security/users/${id}`, { body: { first_name: 'Victor', roles: [roleId('Alpha'), roleId('sql_lab')], password: NEW_USER_PASSWORD } });
    expect(edited.status).toBe(200);
    expect(await latest('user.update')).toMatchObject({ object_id: String(id), details: { user: 'victor', changed: ['first_name'] } });
    expect(await latest('user.roles_change')).toMatchObject({ object_id: String(id), details: { user: 'victor', added: ['Alpha', 'sql_lab'], removed: ['Gamma'] } });
    expect(await latest('user.password_change')).toMatchObject({ object_id: String(id), username: 'admin', details: { user: 'victor' } });

    await app.api('PUT', `/api/v1/security/users/${id}`, { body: { active: false } });
    expect(await latest('user.update')).toMatchObject({ details: { changed: ['active'], active: false } });

    expect((await app.api('DELETE', `/api/v1/security/users/${id}`)).status).toBe(200);
    expect(await latest('user.delete')).toMatchObject({ object_type: 'User', object_id: String(id), details: { user: 'victor' } });

    const all = JSON.stringify(await rows());
    expect(all).not.toContain(USER_PASSWORD);
    expect(all).not.toContain(NEW_USER_PASSWORD);
  });

  it('records role creation, renaming, permission changes and deletion', async () => {
    const created = await app.api('POST', '/api/v1/security/roles/', { body: { name: 'Auditors' } });
    const id = created.body.id as number;
    expect(await latest('role.create')).toMatchObject({ object_type: 'Role', object_id: String(id), details: { role: 'Auditors' } });

    await app.api('PUT', `/api/v1/security/roles/${id}`, { body: { name: 'Reviewers' } });
    expect(await latest('role.update')).toMatchObject({ object_id: String(id), details: { role: 'Reviewers', previous_name: 'Auditors' } });

    const pairs = (await app.api('GET', '/api/v1/security/permissions-resources/?q=(page_size:-1)')).body.result as { id: number; permission_name: string; view_menu_name: string }[];
    const pair = (p: string, v: string) => pairs.find((x) => x.permission_name === p && x.view_menu_name === v)!.id;
    await app.api('POST', `/api/v1/security/roles/${id}/permissions`, { body: { permission_view_menu_ids: [pair('can_read', 'Chart'), pair('can_read', 'Dashboard')] } });
    await app.api('POST', `/api/v1/security/roles/${id}/permissions`, { body: { permission_view_menu_ids: [pair('can_read', 'Chart'), pair('can_write', 'Chart')] } });
    expect(await latest('role.permissions_change')).toMatchObject({
      object_id: String(id),
      details: { role: 'Reviewers', added_count: 1, removed_count: 1, added: ['can_write on Chart'], removed: ['can_read on Dashboard'] },
    });

    expect((await app.api('DELETE', `/api/v1/security/roles/${id}`)).status).toBe(200);
    expect(await latest('role.delete')).toMatchObject({ object_id: String(id), details: { role: 'Reviewers' } });
  });

  it('records database changes and connection tests with passwords masked', async () => {
    const file = path.join(app.filesDir, 'audited.sqlite');
    new Database(file).close();
    const created = await app.api('POST', '/api/v1/database/', { body: { database_name: 'audited', sqlalchemy_uri: `sqlite:///${file}` } });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(await latest('database.create')).toMatchObject({ object_type: 'Database', object_id: String(id), details: { database_name: 'audited', engine: 'sqlite' } });

    await app.api('PUT', `/api/v1/database/${id}`, { body: { database_name: 'audited_2', allow_dml: true } });
    expect(await latest('database.update')).toMatchObject({ object_id: String(id), details: { database_name: 'audited_2', changed: ['database_name', 'allow_dml'] } });

    expect((await app.api('DELETE', `/api/v1/database/${id}`)).status).toBe(200);
    expect(await latest('database.delete')).toMatchObject({ object_id: String(id), details: { database_name: 'audited_2', engine: 'sqlite' } });

    // Nothing listens on port 1: the test fails, and is recorded as a failure without the password.
    const uri = `postgresql://scott:${DB_SECRET}@127.0.0.1:1/sales`;
    const failed = await app.api('POST', '/api/v1/database/test_connection/', { body: { database_name: 'sales', sqlalchemy_uri: uri } });
    expect(failed.status).toBeGreaterThanOrEqual(400);
    const form = await app.api('POST', '/api/v1/database/test_connection/', {
      body: { engine: 'postgresql', configuration_method: 'dynamic_form', parameters: { host: '127.0.0.1', port: 1, database: 'sales', username: 'scott', password: DB_SECRET } },
    });
    expect(form.status).toBeGreaterThanOrEqual(400);
    const tests = await rows([{ col: 'action', opr: 'eq', value: 'database.test_connection' }]);
    expect(tests.map((r) => r.outcome)).toEqual(['failure', 'failure']);
    expect(tests[1]).toMatchObject({ details: { database_name: 'sales', sqlalchemy_uri: 'postgresql://scott:XXXXXXXXXX@127.0.0.1:1/sales', status: failed.status } });
    expect(tests[0]).toMatchObject({ details: { engine: 'postgresql', host: '127.0.0.1', port: 1, username: 'scott' } });
    expect(JSON.stringify(await rows())).not.toContain(DB_SECRET);
  });

  it('filters by action, user, outcome and time, newest first, in pages of the list envelope', async () => {
    const all = await app.api('GET', `/api/v1/audit_log/${q({ page_size: 1000 })}`);
    expect(all.body).toMatchObject({ count: expect.any(Number), ids: expect.any(Array), list_title: 'List Audit Log' });
    const times = (all.body.result as AuditLogRecord[]).map((r) => r.created_on);
    expect(times).toEqual([...times].sort().reverse());

    const failures = await rows([{ col: 'outcome', opr: 'eq', value: 'failure' }]);
    expect(failures.length).toBeGreaterThanOrEqual(4);
    expect(failures.every((r) => r.outcome === 'failure')).toBe(true);
    const mallory = await rows([{ col: 'username', opr: 'ct', value: 'MALL' }]);
    expect(mallory.map((r) => r.username)).toEqual(['mallory']);
    const roleActions = await rows([{ col: 'action', opr: 'sw', value: 'role.' }]);
    expect(new Set(roleActions.map((r) => r.action))).toEqual(new Set(['role.create', 'role.update', 'role.permissions_change', 'role.delete']));

    const middle = times[Math.floor(times.length / 2)]!;
    const since = await rows([{ col: 'created_on', opr: 'gt', value: middle }]);
    const before = await rows([{ col: 'created_on', opr: 'lt', value: middle }]);
    expect(since.length + before.length).toBe(times.length);
    expect(since.every((r) => r.created_on >= middle) && before.every((r) => r.created_on < middle)).toBe(true);
    expect(await rows([{ col: 'created_on', opr: 'gt', value: '2999-01-01' }])).toEqual([]);

    const page = await app.api('GET', `/api/v1/audit_log/${q({ page: 1, page_size: 2 })}`);
    expect(page.body.result.map((r: AuditLogRecord) => r.id)).toEqual((all.body.result as AuditLogRecord[]).slice(2, 4).map((r) => r.id));
    expect(page.body.count).toBe(all.body.count);

    const oldestFirst = await app.api('GET', `/api/v1/audit_log/${q({ order_column: 'created_on', order_direction: 'asc', page_size: 1 })}`);
    expect(oldestFirst.body.result[0].created_on).toBe(times.at(-1));

    // The caller's mistakes are 400s.
    for (const bad of [
      { filters: [{ col: 'details', opr: 'ct', value: 'x' }] },
      { filters: [{ col: 'action', opr: 'gt', value: 'x' }] },
      { filters: [{ col: 'created_on', opr: 'gt', value: 'yesterday' }] },
      { order_column: 'details' },
    ]) {
      expect((await app.api('GET', `/api/v1/audit_log/${q(bad)}`)).status, JSON.stringify(bad)).toBe(400);
    }
  });
});
