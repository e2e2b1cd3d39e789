import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';
import type { DigestedDashboard } from '../../screenshots/dashboardDigest.js';
import { createWarehouse, userIdOf } from '../tabState/__tests__/sqllabTestKit.js';
import { dashboardThumbnailUrls } from './index.js';

const q = (value: unknown) => `?q=${encodeURIComponent(rison.encode(value))}`;
const STALE = '0123456789abcdef0123456789abcdef';
const THUMBNAIL = /^\/api\/v1\/dashboard\/(\d+)\/thumbnail\/([0-9a-f]{32})\/$/;

/** Asks again every 200 ms until `done` holds (renders run in the background). */
async function until<T>(ask: () => Promise<T>, done: (a: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await ask();
    if (done(answer) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('dashboard thumbnails and screenshots API (no browser: renders fail at launch)', () => {
  let app: TestApp;
  let datasetId: number;
  let dashboardId: number;
  let gamma: string;
  const currentThumbnail = async (id = dashboardId, token?: string) => {
    const res = await app.api('GET', `/api/v1/dashboard/${id}/thumbnail/${STALE}/`, token ? { token } : {});
    expect(res.status).toBe(302);
    return res.headers.get('location')!;
  };

  beforeAll(async () => {
    app = await startTestApp({ CHROMIUM_PATH: '/nonexistent/chromium' });
    const dbId = await createWarehouse(app);
    datasetId = (await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', table_name: 'birth_names' } })).body.id;
    dashboardId = (await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: 'Pictured' } })).body.id;
    gamma = await createUserWithRole(app, 'shot_gamma', 'Gamma');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('redirects a stale digest to the current one, which moves when a chart of the dashboard changes, and differs per user', async () => {
    const first = await currentThumbnail();
    expect(first).toMatch(THUMBNAIL);
    expect(await currentThumbnail()).toBe(first);
    // The query string survives the redirect.
    const forced = await app.api('GET', `/api/v1/dashboard/${dashboardId}/thumbnail/${STALE}/${q({ force: true })}`);
    expect(forced.headers.get('location')).toBe(`${first}${q({ force: true })}`);

    const chart = await app.api('POST', '/api/v1/chart/', {
      body: { slice_name: 'Pie', viz_type: 'pie', datasource_id: datasetId, datasource_type: 'table', params: '{"metric":"count"}', dashboards: [dashboardId] },
    });
    expect(chart.status).toBe(201);
    const withChart = await currentThumbnail();
    expect(withChart).not.toBe(first);
    expect((await app.api('PUT', `/api/v1/chart/${chart.body.id}`, { body: { params: '{"metric":"count","row_limit":5}' } })).status).toBe(200);
    const edited = await currentThumbnail();
    expect(edited).not.toBe(withChart);

    // Pictures are drawn as the asking user: two owners of one dashboard have digests of their own.
    const alpha = await createUserWithRole(app, 'shot_alpha', 'Alpha');
    const owners = [await userIdOf(app, 'admin'), await userIdOf(app, 'shot_alpha')];
    const shared = (await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: 'Two owners', owners } })).body.id as number;
    const mine = await currentThumbnail(shared);
    const theirs = await currentThumbnail(shared, alpha);
    expect(theirs).toMatch(THUMBNAIL);
    expect(theirs).not.toBe(mine);
  });

  it('dashboardThumbnailUrls gives the list the current thumbnail address, per caller, and nothing when off or anonymous', async () => {
    const row = (await app.ctx.db.selectFrom('dashboards').selectAll().where('id', '=', dashboardId).executeTakeFirstOrThrow()) as DigestedDashboard;
    const admin = { id: await userIdOf(app, 'admin'), roles: [] };
    const urls = await dashboardThumbnailUrls(app.ctx.db, true)(admin, [row]);
    expect(urls.get(dashboardId)).toBe(await currentThumbnail());
    expect((await dashboardThumbnailUrls(app.ctx.db, false)(admin, [row])).get(dashboardId)).toBeNull();
    expect((await dashboardThumbnailUrls(app.ctx.db, true)({ id: null, roles: [] }, [row])).get(dashboardId)).toBeNull();
  });

  it('queues the thumbnail (202), then records the failed render and answers 404 until it is tried again', async () => {
    const url = await currentThumbnail();
    const first = await app.api('GET', url);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ message: 'OK' });
    expect(first.headers.get('cache-control')).toBe('no-store');
    const failed = await until(() => app.api('GET', url), (a) => a.status !== 202);
    expect(failed.status).toBe(404);
    // Forcing tries again at once.
    expect((await app.api('GET', `${url}${q({ force: true })}`)).status).toBe(202);
  });

  it('cache_dashboard_screenshot keeps the state as a permalink, answers 202 then the task status, and serves nothing until drawn', async () => {
    const state = { dataMask: { F1: { id: 'F1', filterState: { value: ['boy'] } } }, activeTabs: ['TAB-1'], anchor: 'CHART-1', urlParams: [['a', 'b']] };
    const path = `/api/v1/dashboard/${dashboardId}/cache_dashboard_screenshot/`;
    const queued = await app.api('POST', path, { body: state });
    expect(queued.status).toBe(202);
    const body = queued.body;
    expect(body.cache_key).toMatch(/^[0-9a-f]{32}$/);
    expect(body.image_url).toBe(`/api/v1/dashboard/${dashboardId}/screenshot/${body.cache_key}/`);
    expect(['Pending', 'Computing']).toContain(body.task_status);
    expect(Number.isNaN(Date.parse(body.task_updated_at))).toBe(false);
    const key = /^\/superset\/dashboard\/p\/([A-Za-z0-9_-]{22})\/$/.exec(body.dashboard_url)?.[1];
    expect(key).toBeDefined();
    const link = await app.api('GET', `/api/v1/dashboard/permalink/${key}`);
    expect(link.body).toEqual({ dashboardId: String(dashboardId), state });
    expect((await app.api('GET', body.image_url)).status).toBe(404);

    const settled = await until(() => app.api('POST', path, { body: state }), (a) => !['Pending', 'Computing'].includes(a.body.task_status));
    expect(settled).toMatchObject({ status: 200, body: { cache_key: body.cache_key, dashboard_url: body.dashboard_url, task_status: 'Error' } });
    expect((await app.api('GET', `${body.image_url}?download_format=pdf`)).status).toBe(404);
    // No body: the dashboard as saved, another picture.
    const plain = await app.api('POST', path);
    expect([200, 202]).toContain(plain.status);
    expect(plain.body.cache_key).not.toBe(body.cache_key);
  });

  it('refuses bad bodies and arguments with 400', async () => {
    const path = `/api/v1/dashboard/${dashboardId}/cache_dashboard_screenshot/`;
    expect((await app.api('POST', path, { body: { foo: 'bar' } })).status).toBe(400);
    expect((await app.api('POST', path, { body: { activeTabs: 'TAB-1' } })).status).toBe(400);
    expect((await app.api('POST', `${path}${q({ window_size: [5, 5] })}`, { body: {} })).status).toBe(400);
    expect((await app.api('POST', `${path}?q=(((`, { body: {} })).status).toBe(400);
    expect((await app.api('GET', `/api/v1/dashboard/${dashboardId}/thumbnail/${STALE}/?q=(force:maybe)`)).status).toBe(400);
    const bad = await app.api('GET', `/api/v1/dashboard/${dashboardId}/screenshot/${STALE}/?download_format=gif`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
  });

  it('401 anonymous, 403 without can_read on Dashboard, 404 for unknown or hidden dashboards and unknown keys', async () => {
    const paths: [string, string][] = [
      ['GET', `/api/v1/dashboard/${dashboardId}/thumbnail/${STALE}/`],
      ['POST', `/api/v1/dashboard/${dashboardId}/cache_dashboard_screenshot/`],
      ['GET', `/api/v1/dashboard/${dashboardId}/screenshot/${STALE}/`],
    ];
    const lab = await createUserWithRole(app, 'shot_lab', 'sql_lab');
    for (const [method, path] of paths) {
      expect((await app.api(method, path, { token: null })).status, path).toBe(401);
      expect((await app.api(method, path, { token: lab })).status, path).toBe(403);
      // The admin's draft is hidden from a Gamma user: nothing is revealed about it.
      expect((await app.api(method, path, { token: gamma })).status, path).toBe(404);
      expect((await app.api(method, path.replace(`/${dashboardId}/`, '/999999/'))).status, path).toBe(404);
      expect((await app.api(method, path.replace(`/${dashboardId}/`, '/abc/'))).status, path).toBe(404);
    }
    expect((await app.api('GET', `/api/v1/dashboard/${dashboardId}/screenshot/${STALE}/`)).status).toBe(404);
    expect((await app.api('GET', `/api/v1/dashboard/${dashboardId}/screenshot/not-a-key/`)).status).toBe(404);
  });
});

describe('dashboard thumbnails with THUMBNAILS=off', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ THUMBNAILS: 'off' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 404 on the three addresses', async () => {
    const id = (await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: 'Off' } })).body.id as number;
    expect((await app.api('GET', `/api/v1/dashboard/${id}/thumbnail/${STALE}/`)).status).toBe(404);
    expect((await app.api('POST', `/api/v1/dashboard/${id}/cache_dashboard_screenshot/`, { body: {} })).status).toBe(404);
    expect((await app.api('GET', `/api/v1/dashboard/${id}/screenshot/${STALE}/`)).status).toBe(404);
  });
});
