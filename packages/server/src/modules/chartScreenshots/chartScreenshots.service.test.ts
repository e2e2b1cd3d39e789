import { describe, expect, it } from 'vitest';
import type { Principal } from '@tessera/core';
import { notFound } from '../../app/httpErrors.js';
import { InProcessQueue } from '../../jobs/inProcessQueue.js';
import { MemoryChartCache } from '../../query-engine/chartCache.js';
import { chartDigest } from '../../screenshots/chartDigest.js';
import { MemoryRenderClaims } from '../../screenshots/renderClaims.js';
import { ScreenshotCache } from '../../screenshots/screenshotCache.js';
import { updatedPayload } from '../../screenshots/screenshotPayload.js';
import type { ChartRenderJob } from './chartRenderJobs.js';
import { ChartScreenshotsService } from './chartScreenshots.service.js';

const chart = { id: 1, viz_type: 'pie', params: '{}', changed_on: '2026-01-01T00:00:00.000000' };
const user: Principal = { id: 5, roles: [] };
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

/** The service over the real in-process queue, cache and claims; jobs wait until the test lets them finish. */
function setup() {
  const cache = new ScreenshotCache(new MemoryChartCache(1024 * 1024));
  const claims = new MemoryRenderClaims();
  const jobs: ChartRenderJob[] = [];
  let finish: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (finish = resolve));
  const queue = new InProcessQueue<ChartRenderJob>(async (job) => {
    jobs.push(job);
    await gate;
    await cache.set(job.cacheKey, updatedPayload({ chartId: job.chartId, userId: job.userId }, PNG));
    await claims.release(job.cacheKey);
  }, 2);
  const charts = {
    findVisible: async (_principal: Principal, id: number) => {
      if (id !== chart.id) throw notFound();
      return chart;
    },
  };
  const service = new ChartScreenshotsService({ charts, cache, claims, queue: () => queue });
  const settle = async () => {
    finish();
    await queue.close();
  };
  return { service, jobs, settle, cache };
}

describe('chart screenshots service', () => {
  const digest = chartDigest(chart, user.id!);

  it('queues one render however many ask at once, then answers the picture', async () => {
    const { service, jobs, settle } = setup();
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => service.thumbnail(user, chart.id, digest, false)));
    expect(answers.every((a) => a.kind === 'accepted')).toBe(true);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ chartId: 1, userId: 5, windowSize: [800, 600], thumbSize: [800, 600] });
    expect((await service.thumbnail(user, chart.id, digest, true)).kind).toBe('accepted');
    expect(jobs).toHaveLength(1);
    await settle();
    const answer = await service.thumbnail(user, chart.id, digest, false);
    expect(answer.kind).toBe('image');
  });

  it('redirects another digest, and has nothing for an anonymous caller or an unknown chart', async () => {
    const { service } = setup();
    expect(await service.thumbnail(user, chart.id, 'old', false)).toEqual({ kind: 'redirect', location: `/api/v1/chart/1/thumbnail/${digest}/` });
    await expect(service.thumbnail({ id: null, roles: [] }, chart.id, digest, false)).rejects.toMatchObject({ statusCode: 404 });
    await expect(service.thumbnail(user, 2, digest, false)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('answers cache_screenshot 202 while drawing (one job), then 200 Updated with the same key', async () => {
    const { service, jobs, settle } = setup();
    const first = await service.cacheScreenshot(user, chart.id, { window_size: [1000, 500] });
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ task_status: 'Pending', chart_url: '/explore/?slice_id=1&standalone=1' });
    expect(first.body.image_url).toBe(`/api/v1/chart/1/screenshot/${first.body.cache_key}/`);
    expect((await service.cacheScreenshot(user, chart.id, { window_size: [1000, 500] })).status).toBe(202);
    expect(jobs).toHaveLength(1);
    // Without thumb_size the picture keeps the window's size.
    expect(jobs[0]).toMatchObject({ windowSize: [1000, 500], thumbSize: [1000, 500] });
    await settle();
    const done = await service.cacheScreenshot(user, chart.id, { window_size: [1000, 500] });
    expect(done).toMatchObject({ status: 200, body: { cache_key: first.body.cache_key, task_status: 'Updated' } });
    expect((await service.screenshot(user, chart.id, first.body.cache_key)).equals(PNG)).toBe(true);
    await expect(service.screenshot({ id: 6, roles: [] }, chart.id, first.body.cache_key)).rejects.toMatchObject({ statusCode: 404 });
  });
});
