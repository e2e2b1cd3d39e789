import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';
import { sendForm, userIdOf } from '../tabState/__tests__/sqllabTestKit.js';
import { KeyValueService, keyFromUuid, uuidFromKey } from './keyValue.service.js';

/** A database connection (in memory: only its id and access matter here). */
async function createDatabase(app: TestApp, name: string): Promise<number> {
  const res = await app.api('POST', '/api/v1/database/', { body: { database_name: name, sqlalchemy_uri: 'sqlite://' } });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

/** A SQL Lab user who may also query one database (sql_lab plus a role holding its database_access). */
async function labUserWithDatabase(app: TestApp, username: string, dbId: number): Promise<string> {
  const pvs = await app.api('GET', '/api/v1/security/permissions-resources/');
  const pv = (pvs.body.result as { id: number; permission_name: string; view_menu_name: string }[]).find(
    (p) => p.permission_name === 'database_access' && p.view_menu_name.endsWith(`.(id:${dbId})`),
  )!;
  const role = await app.api('POST', '/api/v1/security/roles/', { body: { name: `${username}_db` } });
  await app.api('POST', `/api/v1/security/roles/${role.body.id}/permissions`, { body: { permission_view_menu_ids: [pv.id] } });
  const roles = (await app.api('GET', '/api/v1/security/roles/?q=(page_size:100)')).body.result as { id: number; name: string }[];
  // Long and free of the username, whatever the password policy asks.
  const password = 'Shared-queries-7!pass';
  const created = await app.api('POST', '/api/v1/security/users/', {
    body: { username, first_name: username, last_name: 'Test', email: `${username}@example.com`, password, roles: [roles.find((r) => r.name === 'sql_lab')!.id, role.body.id] },
  });
  expect(created.status).toBe(201);
  return app.token(username, password);
}

describe('key/value store and SQL Lab permalinks', () => {
  let app: TestApp;
  let lab: string;
  /** A SQL Lab user without access to the shared queries' database. */
  let outsider: string;
  let dbId: number;
  let shared: { name: string; dbId: number; schema: string; autorun: boolean; sql: string; templateParams: string };

  beforeAll(async () => {
    app = await startTestApp();
    dbId = await createDatabase(app, 'shared_db');
    shared = { name: 'Shared', dbId, schema: 'main', autorun: false, sql: 'SELECT 1', templateParams: '{}' };
    lab = await labUserWithDatabase(app, 'lab', dbId);
    outsider = await createUserWithRole(app, 'outsider', 'sql_lab');
  });

  afterAll(async () => {
    await app?.close();
  });

  it('stores multipart data and reads it back as text', async () => {
    const stored = await sendForm(app, 'POST', '/kv/store/', { data: JSON.stringify(shared) }, { raw: true, token: lab });
    expect(stored).toMatchObject({ status: 200, body: { id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) } });
    for (const path of [`/kv/${stored.body.id}/`, `/kv/${stored.body.id}`]) {
      const got = await app.api('GET', path, { token: lab });
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toMatch(/text\/plain/);
      expect(got.body).toEqual(shared);
    }
    const json = await app.api('POST', '/kv/store/', { body: { data: shared } });
    expect((await app.api('GET', `/kv/${json.body.id}/`)).body).toEqual(shared);
    expect((await app.api('GET', '/kv/99999/')).status).toBe(404);
    expect((await app.api('GET', '/kv/abc/')).status).toBe(404);
    expect((await app.api('GET', '/kv/AAAAAAAAAAAAAAAAAAAAAA/')).status).toBe(404);
    expect((await app.api('GET', '/kv/99999999999/')).status).toBe(404);
    expect((await app.api('POST', '/kv/store/', { body: {} })).status).toBe(400);
  });

  it('keys shared queries with 128 random bits, not a sequence', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 5; i++) keys.push((await sendForm(app, 'POST', '/kv/store/', { data: JSON.stringify(shared) }, { raw: true, token: lab })).body.id);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(key).not.toMatch(/^\d+$/);
      expect(Buffer.from(key, 'base64url')).toHaveLength(16);
      expect((await app.api('GET', `/kv/${key}/`, { token: lab })).status).toBe(200);
    }
    // Not a v4 uuid: all 128 bits random (over 5 keys, the version nibble is not always 4).
    const versions = new Set(keys.map((k) => Buffer.from(k, 'base64url').toString('hex')[12]));
    const variants = new Set(keys.map((k) => Buffer.from(k, 'base64url')[8]! >> 6));
    expect(versions.size + variants.size).toBeGreaterThan(2);
    // The row ids behind them still count up, but open nothing for anyone but their owner.
    const rows = await app.ctx.db.selectFrom('key_value').select('id').where('resource', '=', 'kv').orderBy('id', 'desc').limit(1).execute();
    expect((await app.api('GET', `/kv/${rows[0]!.id}/`, { token: outsider })).status).toBe(404);
    expect((await app.api('GET', `/kv/${rows[0]!.id}/`)).status).toBe(404);
  });

  it('a SQL Lab user without access to the query\'s database cannot read it; one with access can', async () => {
    const key = (await sendForm(app, 'POST', '/kv/store/', { data: JSON.stringify(shared) }, { raw: true })).body.id as string;
    for (const path of [`/kv/${key}/`, `/api/v1/sqllab/permalink/kv:${key}`]) {
      expect((await app.api('GET', path, { token: outsider })).status, path).toBe(404);
      expect((await app.api('GET', path, { token: lab })).status, path).toBe(200);
      expect((await app.api('GET', path)).status, path).toBe(200);
    }
    // A database the reader cannot see, named as text or as another field, hides the query too.
    for (const value of [{ ...shared, dbId: String(dbId) }, { sql: 'SELECT 2', database_id: dbId }, { ...shared, dbId: 'nope' }]) {
      const other = (await sendForm(app, 'POST', '/kv/store/', { data: JSON.stringify(value) }, { raw: true })).body.id as string;
      expect((await app.api('GET', `/kv/${other}/`, { token: outsider })).status).toBe(404);
    }
    // A deleted database: nobody can open the query in SQL Lab, nor read it.
    const goneDb = await createDatabase(app, 'gone');
    const gone = (await sendForm(app, 'POST', '/kv/store/', { data: JSON.stringify({ ...shared, dbId: goneDb }) }, { raw: true })).body.id as string;
    expect((await app.api('GET', `/kv/${gone}/`)).status).toBe(200);
    await app.api('DELETE', `/api/v1/database/${goneDb}`);
    expect((await app.api('GET', `/kv/${gone}/`)).status).toBe(404);
  });

  it('an old numeric key is readable by the user who stored it only', async () => {
    const owner = await userIdOf(app, 'lab');
    const row = await app.ctx.db
      .insertInto('key_value')
      .values({ uuid: '6f1f6c1e-8a51-4b9e-9d6e-3f1c1a0b2c3d', resource: 'kv', value: JSON.stringify(shared), created_on: new Date().toISOString(), created_by_fk: owner, expires_on: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const path of [`/kv/${row.id}/`, `/kv/${row.id}`, `/api/v1/sqllab/permalink/kv:${row.id}`]) {
      const mine = await app.api('GET', path, { token: lab });
      expect(mine.status, path).toBe(200);
      expect(mine.body).toEqual(shared);
      expect((await app.api('GET', path)).status, path).toBe(404);
      expect((await app.api('GET', path, { token: outsider })).status, path).toBe(404);
    }
    const other = await labUserWithDatabase(app, 'lab2', dbId);
    expect((await app.api('GET', `/kv/${row.id}/`, { token: other })).status).toBe(404);
  });

  it('creates and reads permalinks, including legacy kv: keys', async () => {
    const created = await app.api('POST', '/api/v1/sqllab/permalink', { body: { ...shared, catalog: null }, token: lab });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.body.url).toBe(`${app.url}/sqllab/p/${created.body.key}/`);
    const read = await app.api('GET', `/api/v1/sqllab/permalink/${created.body.key}`, { token: lab });
    expect(read).toMatchObject({ status: 200, body: { ...shared, catalog: null } });
    const other = await app.api('POST', '/api/v1/sqllab/permalink', { body: shared });
    expect(other.body.key).not.toBe(created.body.key);
    expect((await app.api('GET', '/api/v1/sqllab/permalink/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await app.api('GET', '/api/v1/sqllab/permalink/short')).status).toBe(404);
    expect((await app.api('POST', '/api/v1/sqllab/permalink', { body: { name: 'x' } })).status).toBe(400);

    const legacy = await sendForm(app, 'POST', '/kv/store/', { data: JSON.stringify(shared) }, { raw: true });
    expect((await app.api('GET', `/api/v1/sqllab/permalink/kv:${legacy.body.id}`)).body).toEqual(shared);
    expect((await app.api('GET', '/api/v1/sqllab/permalink/kv:99999')).status).toBe(404);
    const gamma = await createUserWithRole(app, 'gamma', 'Gamma');
    expect((await app.api('GET', `/api/v1/sqllab/permalink/${created.body.key}`, { token: gamma })).status).toBe(403);
  });

  it('keys round-trip and expired entries read as missing', async () => {
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(uuidFromKey(keyFromUuid(uuid))).toBe(uuid);
    const kv = new KeyValueService(app.ctx.db);
    const gone = await kv.put('app', 'x', { expiresOn: new Date(Date.now() - 1000) });
    expect(await kv.getByUuid('app', gone.uuid)).toBeNull();
    const kept = await kv.put('app', 'y', { expiresOn: new Date(Date.now() + 60_000) });
    expect(await kv.getByUuid('app', kept.uuid)).toMatchObject({ value: 'y' });
    expect(await kv.getByUuid('kv', kept.uuid)).toBeNull();

    // A value under a chosen uuid: written, overwritten, and written again over an expired entry.
    const chosen = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    await kv.upsert('app', chosen, 'one');
    await kv.upsert('app', chosen, 'two', { expiresOn: new Date(Date.now() - 1000) });
    await kv.upsert('app', chosen, 'three');
    expect(await kv.getByUuid('app', chosen)).toMatchObject({ uuid: chosen, value: 'three' });
  });
});
