import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';

const STATE = {
  dataMask: {
    NATIVE_FILTER_1: {
      id: 'NATIVE_FILTER_1',
      extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['girl'] }], time_range: 'Last week' },
      filterState: { value: ['girl'], label: 'girl' },
      ownState: {},
    },
  },
  activeTabs: ['TAB-abc', 'TAB-nested'],
  anchor: 'CHART-xyz',
  urlParams: [
    ['standalone', '1'],
    ['show_filters', 'false'],
  ],
};

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('dashboard permalinks API', () => {
  let app: TestApp;
  let dashboardId: number;
  let gamma: string;

  beforeAll(async () => {
    app = await startTestApp();
    const created = await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: 'Shared', slug: 'shared-board' } });
    expect(created.status).toBe(201);
    dashboardId = created.body.id as number;
    gamma = await createUserWithRole(app, 'permalink_gamma', 'Gamma');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('stores the state and restores it exactly, by id or slug', async () => {
    const created = await app.api('POST', `/api/v1/dashboard/${dashboardId}/permalink`, { body: STATE });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.body.url).toBe(`${app.url}/superset/dashboard/p/${created.body.key}/`);
    const read = await app.api('GET', `/api/v1/dashboard/permalink/${created.body.key}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ dashboardId: String(dashboardId), state: STATE });

    const bySlug = await app.api('POST', '/api/v1/dashboard/shared-board/permalink', { body: { anchor: null, activeTabs: [] } });
    expect(bySlug.status).toBe(201);
    expect(bySlug.body.key).not.toBe(created.body.key);
    expect((await app.api('GET', `/api/v1/dashboard/permalink/${bySlug.body.key}`)).body).toEqual({
      dashboardId: String(dashboardId),
      state: { anchor: null, activeTabs: [] },
    });
  });

  it('answers 404 for unknown keys and dashboards, and once the dashboard is deleted', async () => {
    for (const key of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', 'kv:12']) {
      expect((await app.api('GET', `/api/v1/dashboard/permalink/${encodeURIComponent(key)}`)).status, key).toBe(404);
    }
    expect((await app.api('POST', '/api/v1/dashboard/999999/permalink', { body: STATE })).status).toBe(404);
    expect((await app.api('POST', '/api/v1/dashboard/no-such-slug/permalink', { body: STATE })).status).toBe(404);
    const doomed = (await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: 'Doomed' } })).body.id as number;
    const key = (await app.api('POST', `/api/v1/dashboard/${doomed}/permalink`, { body: STATE })).body.key as string;
    expect((await app.api('GET', `/api/v1/dashboard/permalink/${key}`)).status).toBe(200);
    expect((await app.api('DELETE', `/api/v1/dashboard/${doomed}`)).status).toBe(200);
    expect((await app.api('GET', `/api/v1/dashboard/permalink/${key}`)).status).toBe(404);
  });

  it('refuses bodies that are not a dashboard state with 400', async () => {
    const bad: unknown[] = [
      { foo: 'bar' },
      { dataMask: 'x' },
      { dataMask: [1, 2] },
      { activeTabs: 'TAB-1' },
      { activeTabs: [1] },
      { anchor: 5 },
      { urlParams: [['only-key']] },
      { urlParams: [[1, 2]] },
      { urlParams: 'a=b' },
      { activeTabs: Array.from({ length: 201 }, (_, i) => `TAB-${i}`) },
      { anchor: 'x'.repeat(1001) },
      { dataMask: { f: nested(20) } },
      { dataMask: { f: { big: 'x'.repeat(600 * 1024) } } },
    ];
    for (const body of bad) {
      const res = await app.api('POST', `/api/v1/dashboard/${dashboardId}/permalink`, { body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await app.api('POST', `/api/v1/dashboard/${dashboardId}/permalink`, { body: 'not json', headers: { 'content-type': 'text/plain' } })).status).toBe(400);
  });

  it('needs a signed-in caller who may see the dashboard: 401, then 403 for a Gamma user on a dashboard hidden from them', async () => {
    const key = (await app.api('POST', `/api/v1/dashboard/${dashboardId}/permalink`, { body: STATE })).body.key as string;
    expect((await app.api('POST', `/api/v1/dashboard/${dashboardId}/permalink`, { body: STATE, token: null })).status).toBe(401);
    expect((await app.api('GET', `/api/v1/dashboard/permalink/${key}`, { token: null })).status).toBe(401);
    // A draft the Gamma user neither owns nor reaches through data: its links open nothing for them.
    const read = await app.api('GET', `/api/v1/dashboard/permalink/${key}`, { token: gamma });
    expect(read.status).toBe(403);
    expect(JSON.stringify(read.body)).not.toContain('NATIVE_FILTER_1');
    expect((await app.api('POST', `/api/v1/dashboard/${dashboardId}/permalink`, { body: STATE, token: gamma })).status).toBe(403);
  });

  it('403 for a user whose role lacks the permalink permissions', async () => {
    const lab = await createUserWithRole(app, 'permalink_lab', 'sql_lab');
    const key = (await app.api('POST', `/api/v1/dashboard/${dashboardId}/permalink`, { body: STATE })).body.key as string;
    expect((await app.api('POST', `/api/v1/dashboard/${dashboardId}/permalink`, { body: STATE, token: lab })).status).toBe(403);
    expect((await app.api('GET', `/api/v1/dashboard/permalink/${key}`, { token: lab })).status).toBe(403);
  });

  it('a Gamma user who owns a dashboard shares and opens its links', async () => {
    const own = await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: 'Mine' }, token: gamma });
    expect(own.status).toBe(201);
    const created = await app.api('POST', `/api/v1/dashboard/${own.body.id}/permalink`, { body: STATE, token: gamma });
    expect(created.status).toBe(201);
    expect((await app.api('GET', `/api/v1/dashboard/permalink/${created.body.key}`, { token: gamma })).body.state).toEqual(STATE);
  });
});
