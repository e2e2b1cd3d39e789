import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';
import { userIdOf } from '../tabState/__tests__/sqllabTestKit.js';

const MASK = JSON.stringify({ NATIVE_FILTER_1: { id: 'NATIVE_FILTER_1', extraFormData: { time_range: 'Last week' }, filterState: { value: 'Last week' } } });
const OTHER = JSON.stringify({ NATIVE_FILTER_1: { id: 'NATIVE_FILTER_1', filterState: { value: null } } });

describe('dashboard filter state API', () => {
  let app: TestApp;
  let dashboardId: number;
  let alpha: string;
  let gamma: string;
  const base = () => `/api/v1/dashboard/${dashboardId}/filter_state`;

  beforeAll(async () => {
    app = await startTestApp();
    alpha = await createUserWithRole(app, 'state_alpha', 'Alpha');
    // Owned by the admin and the Alpha user, so both may open it.
    const owners = [await userIdOf(app, 'admin'), await userIdOf(app, 'state_alpha')];
    dashboardId = (await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: 'Filtered', owners } })).body.id as number;
    gamma = await createUserWithRole(app, 'state_gamma', 'Gamma');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('stores a value and reads it back; PUT replaces it and DELETE removes it', async () => {
    const created = await app.api('POST', base(), { body: { value: MASK } });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const key = created.body.key as string;
    expect(await app.api('GET', `${base()}/${key}`)).toMatchObject({ status: 200, body: { value: MASK } });

    // Without a tab, Superset hands out a new key on every write; the old key keeps the old value.
    const updated = await app.api('PUT', `${base()}/${key}`, { body: { value: OTHER } });
    expect(updated.status).toBe(200);
    expect(updated.body.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await app.api('GET', `${base()}/${updated.body.key}`)).body).toEqual({ value: OTHER });

    const deleted = await app.api('DELETE', `${base()}/${updated.body.key}`);
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Deleted successfully' } });
    expect((await app.api('GET', `${base()}/${updated.body.key}`)).status).toBe(404);
    expect((await app.api('DELETE', `${base()}/${updated.body.key}`)).status).toBe(404);
  });

  it('keeps one key per browser tab and dashboard', async () => {
    const first = (await app.api('POST', `${base()}?tab_id=7`, { body: { value: MASK } })).body.key as string;
    const again = await app.api('POST', `${base()}?tab_id=7`, { body: { value: OTHER } });
    expect(again.body.key).toBe(first);
    expect((await app.api('GET', `${base()}/${first}`)).body.value).toBe(OTHER);
    // Another tab, no tab, or tab 0 (Superset's "no tab") get keys of their own.
    const otherTab = (await app.api('POST', `${base()}?tab_id=8`, { body: { value: MASK } })).body.key as string;
    expect(otherTab).not.toBe(first);
    const noTab = (await app.api('POST', base(), { body: { value: MASK } })).body.key as string;
    const tabZero = (await app.api('POST', `${base()}?tab_id=0`, { body: { value: MASK } })).body.key as string;
    expect(new Set([first, otherTab, noTab, tabZero]).size).toBe(4);
    // PUT within the tab writes to the tab's key.
    const put = await app.api('PUT', `${base()}/${first}?tab_id=7`, { body: { value: MASK } });
    expect(put.body.key).toBe(first);
    expect((await app.api('GET', `${base()}/${first}`)).body.value).toBe(MASK);
    // A tab opened from a shared key gets its own key on its first write: the shared state stays as it was.
    const fromShared = await app.api('PUT', `${base()}/${first}?tab_id=9`, { body: { value: OTHER } });
    expect(fromShared.body.key).not.toBe(first);
    expect((await app.api('GET', `${base()}/${first}`)).body.value).toBe(MASK);
    // The same tab on another user: its own key, not the admin's.
    const alphaPost = await app.api('POST', `${base()}?tab_id=7`, { body: { value: OTHER }, token: alpha });
    expect(alphaPost.status).toBe(201);
    expect(alphaPost.body.key).not.toBe(first);
    expect((await app.api('GET', `${base()}/${first}`)).body.value).toBe(MASK);
  });

  it("reads another user's key (it travels in shared addresses) but refuses to change or delete it", async () => {
    const key = (await app.api('POST', base(), { body: { value: MASK } })).body.key as string;
    expect(await app.api('GET', `${base()}/${key}`, { token: alpha })).toMatchObject({ status: 200, body: { value: MASK } });
    expect((await app.api('PUT', `${base()}/${key}`, { body: { value: OTHER }, token: alpha })).status).toBe(403);
    expect((await app.api('DELETE', `${base()}/${key}`, { token: alpha })).status).toBe(403);
    expect((await app.api('GET', `${base()}/${key}`)).body.value).toBe(MASK);
  });

  it('refuses a value that is not JSON text with 400', async () => {
    const key = (await app.api('POST', base(), { body: { value: MASK } })).body.key as string;
    for (const body of [{ value: 1234 }, { value: '{not json' }, {}, { value: null }, { value: { a: 1 } }, { value: `${'['.repeat(40)}${']'.repeat(40)}` }]) {
      expect((await app.api('POST', base(), { body })).status, JSON.stringify(body)).toBe(400);
      expect((await app.api('PUT', `${base()}/${key}`, { body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await app.api('POST', base(), { body: { value: 'x'.repeat(600 * 1024) } })).status).toBe(400);
    expect((await app.api('GET', `${base()}/${key}`)).body.value).toBe(MASK);
  });

  it('answers 404 for unknown keys, unknown dashboards, and a key of another dashboard', async () => {
    expect((await app.api('GET', `${base()}/AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
    expect((await app.api('GET', `${base()}/unknown-key`)).status).toBe(404);
    expect((await app.api('PUT', `${base()}/AAAAAAAAAAAAAAAAAAAAAA`, { body: { value: MASK } })).status).toBe(404);
    expect((await app.api('DELETE', `${base()}/AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
    const key = (await app.api('POST', base(), { body: { value: MASK } })).body.key as string;
    expect((await app.api('GET', `/api/v1/dashboard/999999/filter_state/${key}`)).status).toBe(404);
    expect((await app.api('POST', '/api/v1/dashboard/999999/filter_state', { body: { value: MASK } })).status).toBe(404);
    expect((await app.api('POST', '/api/v1/dashboard/abc/filter_state', { body: { value: MASK } })).status).toBe(404);
    const other = (await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: 'Other' } })).body.id as number;
    expect((await app.api('GET', `/api/v1/dashboard/${other}/filter_state/${key}`)).status).toBe(404);
    expect((await app.api('DELETE', `/api/v1/dashboard/${other}/filter_state/${key}`)).status).toBe(404);
    expect((await app.api('GET', `${base()}/${key}`)).status).toBe(200);
  });

  it('401 without a caller, 403 without access to the dashboard or without the permission', async () => {
    const key = (await app.api('POST', base(), { body: { value: MASK } })).body.key as string;
    expect((await app.api('POST', base(), { body: { value: MASK }, token: null })).status).toBe(401);
    expect((await app.api('GET', `${base()}/${key}`, { token: null })).status).toBe(401);
    expect((await app.api('PUT', `${base()}/${key}`, { body: { value: MASK }, token: null })).status).toBe(401);
    expect((await app.api('DELETE', `${base()}/${key}`, { token: null })).status).toBe(401);
    // A draft dashboard of the admin's is hidden from a Gamma user: every call on it is 403.
    const hidden = (await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: 'Hidden' } })).body.id as number;
    const hiddenKey = (await app.api('POST', `/api/v1/dashboard/${hidden}/filter_state`, { body: { value: MASK } })).body.key as string;
    const at = `/api/v1/dashboard/${hidden}/filter_state`;
    expect((await app.api('POST', at, { body: { value: MASK }, token: gamma })).status).toBe(403);
    const read = await app.api('GET', `${at}/${hiddenKey}`, { token: gamma });
    expect(read.status).toBe(403);
    expect(JSON.stringify(read.body)).not.toContain('Last week');
    expect((await app.api('PUT', `${at}/${hiddenKey}`, { body: { value: OTHER }, token: gamma })).status).toBe(403);
    expect((await app.api('DELETE', `${at}/${hiddenKey}`, { token: gamma })).status).toBe(403);
    expect((await app.api('GET', `${at}/${hiddenKey}`)).body.value).toBe(MASK);
    const lab = await createUserWithRole(app, 'state_lab', 'sql_lab');
    expect((await app.api('GET', `${base()}/${key}`, { token: lab })).status).toBe(403);
    expect((await app.api('POST', base(), { body: { value: MASK }, token: lab })).status).toBe(403);
  });
});
