import { describe, expect, it } from 'vitest';
import type { DashboardPermalinkState, Principal } from '@tessera/core';
import { forbidden, notFound } from '../../app/httpErrors.js';
import { InProcessQueue } from '../../jobs/inProcessQueue.js';
import { MemoryChartCache } from '../../query-engine/chartCache.js';
import { dashboardDigest, type DigestedDashboardChart } from '../../screenshots/dashboardDigest.js';
import type { DashboardCaptureRequest } from '../../screenshots/dashboardShot.js';
import { MemoryRenderClaims } from '../../screenshots/renderClaims.js';
import { ScreenshotCache } from '../../screenshots/screenshotCache.js';
import { DashboardRenderJobs, type DashboardRenderJob } from './dashboardRenderJobs.js';
import { DashboardScreenshotsService } from './dashboardScreenshots.service.js';

const dashboard = { id: 3, changed_on: '2026-01-01T00:00:00.000000', position_json: '{}', json_metadata: '{}', css: null };
const user: Principal = { id: 5, roles: [] };
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const PDF = Buffer.from('%PDF-1.4');
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

/** The service and the real job runner over the in-process queue, cache and claims; the browser is a stub that waits for the test. */
function setup(options: { fail?: string } = {}) {
  const cache = new ScreenshotCache(new MemoryChartCache(1024 * 1024));
  const claims = new MemoryRenderClaims();
  const captures: DashboardCaptureRequest[] = [];
  const sessions: string[] = [];
  let finish: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (finish = resolve));
  let charts: DigestedDashboardChart[] = [{ id: 9, viz_type: 'pie', params: '{}', changed_on: '2026-01-01T00:00:00.000000' }];
  const dashboards = {
    find: async (principal: Principal, idOrSlug: string) => {
      if (idOrSlug !== String(dashboard.id)) throw notFound();
      if (principal.id === 6) throw forbidden();
      return dashboard;
    },
  };
  const permalinks: { uuid: string; state: DashboardPermalinkState }[] = [];
  const jobs = new DashboardRenderJobs({
    dashboards,
    principalOf: async (userId) => ({ id: userId, roles: [] }),
    sessions: {
      startRenderSession: async (userId) => {
        sessions.push(`open ${userId}`);
        return { cookie: 'c', sessionId: 's' };
      },
      endSession: async () => {
        sessions.push('closed');
      },
    },
    capture: async (request) => {
      captures.push(request);
      await gate;
      if (options.fail) throw new Error(options.fail);
      return { png: PNG, pdf: request.pdf ? PDF : null };
    },
    cache,
    claims,
    baseUrl: () => 'http://render.test',
    renderTimeoutMs: 1000,
    log: silent,
  });
  const queue = new InProcessQueue<DashboardRenderJob>((job) => jobs.run(job), 2);
  const service = new DashboardScreenshotsService({
    dashboards,
    charts: { chartsOf: async (ids) => new Map(ids.map((id) => [id, charts])) },
    permalinks: {
      keepAt: async (_principal, _id, state, uuid) => {
        if (!permalinks.some((p) => p.uuid === uuid)) permalinks.push({ uuid, state });
        return `key-${permalinks.findIndex((p) => p.uuid === uuid)}`;
      },
    },
    cache,
    claims,
    queue: () => queue,
  });
  const settle = async () => {
    finish();
    await queue.close();
  };
  return { service, captures, sessions, permalinks, settle, setCharts: (c: DigestedDashboardChart[]) => (charts = c) };
}

describe('dashboard screenshots service and render jobs', () => {
  it('draws one thumbnail however many ask, of the report page at 1600 x 1200 kept as 800 x 600', async () => {
    const { service, captures, sessions, settle, setCharts } = setup();
    const chartsBefore: DigestedDashboardChart[] = [{ id: 9, viz_type: 'pie', params: '{}', changed_on: '2026-01-01T00:00:00.000000' }];
    const digest = dashboardDigest(dashboard, chartsBefore, user.id!);
    const answers = await Promise.all([1, 2, 3, 4].map(() => service.thumbnail(user, dashboard.id, digest, false)));
    expect(answers.every((a) => a.kind === 'accepted')).toBe(true);
    await settle();
    expect(captures).toHaveLength(1);
    expect(captures[0]).toMatchObject({ url: 'http://render.test/superset/dashboard/3/?standalone=3', windowSize: [1600, 1200], thumbSize: [800, 600], pdf: false });
    expect(captures[0]!.cookies).toEqual([{ name: 'session', value: 'c' }]);
    expect(sessions).toEqual(['open 5', 'closed']);
    const image = await service.thumbnail(user, dashboard.id, digest, false);
    expect(image).toMatchObject({ kind: 'image' });
    // A chart of the dashboard saved again: another digest, and the old one redirects to it.
    setCharts([{ ...chartsBefore[0]!, params: '{"metric":"sum"}', changed_on: '2026-01-02T00:00:00.000000' }]);
    const moved = await service.thumbnail(user, dashboard.id, digest, false);
    expect(moved.kind).toBe('redirect');
    expect(moved).not.toEqual({ kind: 'redirect', location: `/api/v1/dashboard/3/thumbnail/${digest}/` });
  });

  it('screenshots a state: 202 while drawing, one permalink per state, then PNG and PDF for the same key', async () => {
    const { service, captures, permalinks, settle } = setup();
    const state = { dataMask: { F1: { id: 'F1', filterState: { value: ['a'] } } }, activeTabs: ['TAB-1'] };
    const first = await service.cacheScreenshot(user, dashboard.id, state, {});
    expect(first.status).toBe(202);
    expect(['Pending', 'Computing']).toContain(first.body.task_status);
    expect(first.body).toMatchObject({ dashboard_url: '/superset/dashboard/p/key-0/', image_url: `/api/v1/dashboard/3/screenshot/${first.body.cache_key}/` });
    expect(permalinks[0]!.state).toEqual({ ...state, anchor: '', urlParams: [] });
    const again = await service.cacheScreenshot(user, dashboard.id, state, {});
    expect(again.body.cache_key).toBe(first.body.cache_key);
    expect(permalinks).toHaveLength(1);
    await expect(service.screenshot(user, dashboard.id, first.body.cache_key, 'png')).rejects.toMatchObject({ statusCode: 404 });
    // Another state is another picture (and another render).
    const other = await service.cacheScreenshot(user, dashboard.id, { activeTabs: ['TAB-2'] }, { window_size: [1200, 900] });
    expect(other.body.cache_key).not.toBe(first.body.cache_key);
    await settle();
    expect(captures).toHaveLength(2);
    // The whole dashboard (no picture size asked), printed to PDF too, with the state's permalink opened in report mode.
    expect(captures[0]).toMatchObject({ url: 'http://render.test/superset/dashboard/3/?standalone=3&permalink_key=key-0', windowSize: [1600, 1200], thumbSize: null, pdf: true });
    const done = await service.cacheScreenshot(user, dashboard.id, state, {});
    expect(done).toMatchObject({ status: 200, body: { cache_key: first.body.cache_key, task_status: 'Updated' } });
    expect((await service.screenshot(user, dashboard.id, first.body.cache_key, 'png')).bytes.equals(PNG)).toBe(true);
    expect((await service.screenshot(user, dashboard.id, first.body.cache_key, 'pdf')).bytes.equals(PDF)).toBe(true);
    // Another user cannot fetch this picture by its key.
    await expect(service.screenshot({ id: 7, roles: [] }, dashboard.id, first.body.cache_key, 'png')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('records a failed render as Error and says so; no picture is served', async () => {
    const { service, settle } = setup({ fail: 'the dashboard failed to render: boom' });
    const first = await service.cacheScreenshot(user, dashboard.id, {}, {});
    await settle();
    const done = await service.cacheScreenshot(user, dashboard.id, {}, {});
    expect(done).toMatchObject({ status: 200, body: { cache_key: first.body.cache_key, task_status: 'Error' } });
    await expect(service.screenshot(user, dashboard.id, first.body.cache_key, 'png')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('has nothing for an anonymous caller, an unknown dashboard, or one the caller may not see (404)', async () => {
    const { service } = setup();
    await expect(service.thumbnail({ id: null, roles: [] }, dashboard.id, 'x', false)).rejects.toMatchObject({ statusCode: 404 });
    await expect(service.thumbnail(user, 4, 'x', false)).rejects.toMatchObject({ statusCode: 404 });
    await expect(service.cacheScreenshot({ id: 6, roles: [] }, dashboard.id, {}, {})).rejects.toMatchObject({ statusCode: 404 });
  });
});
