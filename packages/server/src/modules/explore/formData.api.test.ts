import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';
import { createWarehouse } from '../tabState/__tests__/sqllabTestKit.js';
import { uuidFromKey } from '../keyValue/keyValue.service.js';

/** The explore form-data cache as Superset's explore/form_data API tests pin it down. */
describe('explore form-data cache', () => {
  let app: TestApp;
  let datasetId: number;
  let chartId: number;
  let gamma: string;
  let payload: { datasource_id: number; datasource_type: string; chart_id: number; form_data: string };

  const post = (tab: string, body: object = payload) => app.api('POST', `/api/v1/explore/form_data${tab}`, { body });
  const put = (key: string, tab: string, body: object = payload) => app.api('PUT', `/api/v1/explore/form_data/${key}${tab}`, { body });

  beforeAll(async () => {
    app = await startTestApp();
    const dbId = await createWarehouse(app);
    datasetId = (await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', table_name: 'birth_names' } })).body.id;
    chartId = (
      await app.api('POST', '/api/v1/chart/', {
        body: { slice_name: 'Names', viz_type: 'pie', datasource_id: datasetId, datasource_type: 'table', params: JSON.stringify({ viz_type: 'pie', datasource: `${datasetId}__table` }) },
      })
    ).body.id;
    payload = { datasource_id: datasetId, datasource_type: 'table', chart_id: chartId, form_data: JSON.stringify({ test: 'updated value' }) };
    gamma = await createUserWithRole(app, 'gamma_form', 'Gamma');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('keeps one key per browser tab and context when creating', async () => {
    const first = (await post('?tab_id=1')).body.key as string;
    expect((await post('?tab_id=1')).body.key).toBe(first);
    // Another context (no chart) in the same tab, another tab, or no tab: a key of its own.
    expect((await post('?tab_id=1', { ...payload, chart_id: undefined })).body.key).not.toBe(first);
    expect((await post('?tab_id=2')).body.key).not.toBe(first);
    const loose = (await post('')).body.key as string;
    expect((await post('')).body.key).not.toBe(loose);
    // Tab 0 and a non-numeric tab count as no tab.
    expect((await post('?tab_id=0')).body.key).not.toBe((await post('?tab_id=0')).body.key);
    expect((await post('?tab_id=abc')).status).toBe(201);
  });

  it('keeps one key per browser tab when updating, and a new key each time without one', async () => {
    const key = (await post('')).body.key as string;
    const inTab = (await put(key, '?tab_id=11')).body.key as string;
    expect((await put(key, '?tab_id=11')).body.key).toBe(inTab);
    expect((await put(key, '?tab_id=12')).body.key).not.toBe(inTab);

    const a = await put(key, '');
    const b = await put(key, '');
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.key).not.toBe(b.body.key);
    // Keys already handed out (addresses in the history) still read.
    for (const k of [key, inTab, a.body.key, b.body.key]) expect((await app.api('GET', `/api/v1/explore/form_data/${k}`)).status).toBe(200);
  });

  it('checks the datasource before the owner, and the owner before deleting', async () => {
    const key = (await post('')).body.key as string;
    const denied = { status: 403, body: { errors: [{ error_type: 'DATASOURCE_SECURITY_ACCESS_ERROR' }] } };
    expect(await app.api('POST', '/api/v1/explore/form_data', { body: payload, token: gamma })).toMatchObject(denied);
    expect(await app.api('GET', `/api/v1/explore/form_data/${key}`, { token: gamma })).toMatchObject(denied);
    expect(await app.api('PUT', `/api/v1/explore/form_data/${key}`, { body: payload, token: gamma })).toMatchObject(denied);
    expect(await app.api('DELETE', `/api/v1/explore/form_data/${key}`, { token: gamma })).toMatchObject(denied);
    // A missing dataset in the new state is a 404 even on a key that exists.
    expect((await put(key, '', { ...payload, datasource_id: 99999, chart_id: undefined })).status).toBe(404);

    // Someone who may read the dataset but did not cache the state may not change or drop it.
    const alpha = await createUserWithRole(app, 'alpha_form', 'Alpha');
    expect(await app.api('PUT', `/api/v1/explore/form_data/${key}`, { body: payload, token: alpha })).toMatchObject({ status: 403, body: { message: 'Forbidden' } });
    expect(await app.api('DELETE', `/api/v1/explore/form_data/${key}`, { token: alpha })).toMatchObject({ status: 403, body: { message: 'Forbidden' } });

    expect((await app.api('DELETE', `/api/v1/explore/form_data/${key}`)).status).toBe(200);
    for (const method of ['GET', 'DELETE']) expect((await app.api(method, `/api/v1/explore/form_data/${key}`)).status).toBe(404);
    expect((await put(key, '')).status).toBe(404);
    expect((await app.api('GET', '/api/v1/explore/form_data/unknown-key')).status).toBe(404);
  });

  it('answers 400 for form data that is not a JSON string, or a datasource type Superset does not know', async () => {
    for (const form_data of [1234, 'foo']) {
      expect((await post('', { ...payload, form_data })).status).toBe(400);
      expect((await put('AAAAAAAAAAAAAAAAAAAAAA', '', { ...payload, form_data })).status).toBe(400);
    }
    const badType = await post('', { ...payload, datasource_type: 'foo' });
    expect(badType).toMatchObject({ status: 400, body: { message: { datasource_type: [expect.stringMatching(/^Must be one of: .*table/)] } } });
  });

  it('keeps a state alive another week each time it is read', async () => {
    const key = (await post('')).body.key as string;
    const soon = new Date(Date.now() + 60_000).toISOString();
    await app.ctx.db.updateTable('key_value').set({ expires_on: soon }).where('uuid', '=', uuidFromKey(key)!).execute();
    expect((await app.api('GET', `/api/v1/explore/form_data/${key}`)).status).toBe(200);
    const row = await app.ctx.db.selectFrom('key_value').select('expires_on').where('uuid', '=', uuidFromKey(key)!).executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_on!) - Date.now()).toBeGreaterThan(6 * 24 * 3600 * 1000);
  });
});
