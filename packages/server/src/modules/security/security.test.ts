import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/testApp.js';

describe('users and roles API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('has the built-in roles with their permission pairs', async () => {
    const roles = await t.api('GET', '/api/v1/security/roles/?q=(page_size:100)');
    const names = (roles.body.result as { name: string }[]).map((r) => r.name).sort();
    expect(names).toEqual(['Admin', 'Alpha', 'Gamma', 'Public', 'sql_lab'].sort());
    const byName = Object.fromEntries((roles.body.result as { id: number; name: string }[]).map((r) => [r.name, r.id]));
    const sqlLab = await t.api('GET', `/api/v1/security/roles/${byName.sql_lab}/permissions/`);
    const pairs = (sqlLab.body.result as { permission_name: string; view_menu_name: string }[]).map(
      (p) => `${p.permission_name}|${p.view_menu_name}`,
    );
    expect(pairs).toContain('can_execute_sql_query|SQLLab');
    expect(pairs).not.toContain('can_write|Dashboard');
    const publicPerms = await t.api('GET', `/api/v1/security/roles/${byName.Public}/permissions/`);
    expect(publicPerms.body.result).toEqual([]);
  });

  it('creates, edits and lists users with roles; validates input', async () => {
    const roles = await t.api('GET', '/api/v1/security/roles/?q=(page_size:100)');
    const alpha = (roles.body.result as { id: number; name: string }[]).find((r) => r.name === 'Alpha')!;
    const created = await t.api('POST', '/api/v1/security/users/', {
      body: { username: 'ann', first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', password: 'Lee family passphrase', roles: [alpha.id] },
    });
    expect(created.status).toBe(201);
    expect(created.body.result).toMatchObject({ username: 'ann', active: true, roles: [{ id: alpha.id, name: 'Alpha' }] });
    expect(JSON.stringify(created.body)).not.toContain('Lee family passphrase');
    expect(JSON.stringify(created.body)).not.toContain('argon2');

    const dup = await t.api('POST', '/api/v1/security/users/', {
      body: { username: 'ann', email: 'other@example.com', password: 'Lee family passphrase' },
    });
    expect(dup.status).toBe(422);
    expect(dup.body.message.username).toBeDefined();

    const bad = await t.api('POST', '/api/v1/security/users/', { body: { username: '', email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.message)).toEqual(expect.arrayContaining(['username', 'email']));

    const edited = await t.api('PUT', `/api/v1/security/users/${created.body.id}`, { body: { first_name: 'Annie', roles: [] } });
    expect(edited.body.result).toMatchObject({ first_name: 'Annie', roles: [] });

    // A partial update keeps what it leaves out: names, roles and a deactivation stay.
    await t.api('PUT', `/api/v1/security/users/${created.body.id}`, { body: { roles: [alpha.id] } });
    await t.api('PUT', `/api/v1/security/users/${created.body.id}`, { body: { active: false } });
    const partial = await t.api('PUT', `/api/v1/security/users/${created.body.id}`, { body: { email: 'ann2@example.com' } });
    expect(partial.status).toBe(200);
    expect(partial.body.result).toMatchObject({
      first_name: 'Annie',
      last_name: 'Lee',
      email: 'ann2@example.com',
      active: false,
      roles: [{ id: alpha.id, name: 'Alpha' }],
    });
    await t.api('PUT', `/api/v1/security/users/${created.body.id}`, { body: { active: true } });

    const list = await t.api('GET', `/api/v1/security/users/?q=(filters:!((col:username,opr:ct,value:an)),order_column:username,order_direction:asc)`);
    expect(list.body.result.map((u: { username: string }) => u.username)).toEqual(['ann']);
    expect(list.body.count).toBe(1);

    // Searches treat % and _ as the characters typed, on SQLite and PostgreSQL alike.
    await t.api('POST', '/api/v1/security/users/', { body: { username: 'data_eng', email: 'de@example.com', password: 'de-test-password' } });
    await t.api('POST', '/api/v1/security/users/', { body: { username: 'dataXeng', email: 'dx@example.com', password: 'dx-test-password' } });
    const underscore = await t.api('GET', `/api/v1/security/users/?q=(filters:!((col:username,opr:ct,value:a_e)))`);
    expect(underscore.body.result.map((u: { username: string }) => u.username)).toEqual(['data_eng']);
    const percent = await t.api('GET', `/api/v1/security/users/?q=(filters:!((col:username,opr:ct,value:'%25')))`);
    expect(percent.body.result).toEqual([]);

    expect((await t.api('GET', '/api/v1/security/users/99999')).status).toBe(404);
    expect((await t.api('GET', '/api/v1/security/users/abc')).status).toBe(404);
    expect((await t.api('GET', `/api/v1/security/users/?q=(broken`)).status).toBe(400);
  });

  it('edits a custom role’s permissions; built-in roles cannot be deleted', async () => {
    const created = await t.api('POST', '/api/v1/security/roles/', { body: { name: 'Analysts' } });
    expect(created.status).toBe(201);
    const all = await t.api('GET', '/api/v1/security/permissions-resources/?q=(page_size:-1)');
    const readChart = (all.body.result as { id: number; permission_name: string; view_menu_name: string }[]).find(
      (p) => p.permission_name === 'can_read' && p.view_menu_name === 'Chart',
    )!;
    const set = await t.api('POST', `/api/v1/security/roles/${created.body.id}/permissions`, {
      body: { permission_view_menu_ids: [readChart.id] },
    });
    expect(set.status).toBe(200);
    const read = await t.api('GET', `/api/v1/security/roles/${created.body.id}/permissions/`);
    expect(read.body.result).toEqual([{ id: readChart.id, permission_name: 'can_read', view_menu_name: 'Chart' }]);
    const unknown = await t.api('POST', `/api/v1/security/roles/${created.body.id}/permissions`, {
      body: { permission_view_menu_ids: [987654] },
    });
    expect(unknown.status).toBe(422);

    const roles = await t.api('GET', '/api/v1/security/roles/?q=(page_size:100)');
    const gamma = (roles.body.result as { id: number; name: string }[]).find((r) => r.name === 'Gamma')!;
    expect((await t.api('DELETE', `/api/v1/security/roles/${gamma.id}`)).status).toBe(403);
    expect((await t.api('DELETE', `/api/v1/security/roles/${created.body.id}`)).status).toBe(200);
  });
});
