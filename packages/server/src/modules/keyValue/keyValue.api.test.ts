import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';
import { sendForm } from '../tabState/__tests__/sqllabTestKit.js';
import { KeyValueService, keyFromUuid, uuidFromKey } from './keyValue.service.js';

describe('key/value store and SQL Lab permalinks', () => {
  let app: TestApp;
  let lab: string;

  beforeAll(async () => {
    app = await startTestApp();
    lab = await createUserWithRole(app, 'lab', 'sql_lab');
  });

  afterAll(async () => {
    await app?.close();
  });

  const shared = { name: 'Shared', dbId: 1, schema: 'main', autorun: false, sql: 'SELECT 1', templateParams: '{}' };

  it('stores multipart data and reads it back as text', async () => {
    const stored = await sendForm(app, 'POST', '/kv/store/', { data: JSON.stringify(shared) }, { raw: true, token: lab });
    expect(stored).toMatchObject({ status: 200, body: { id: expect.stringMatching(/^\d+$/) } });
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
    expect((await app.api('POST', '/kv/store/', { body: {} })).status).toBe(400);
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
