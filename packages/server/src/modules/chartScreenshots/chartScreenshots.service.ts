import {
  chartScreenshotUrl,
  chartThumbnailUrl,
  DEFAULT_CHART_THUMBNAIL_SIZE,
  DEFAULT_CHART_WINDOW_SIZE,
  standaloneChartPath,
  type ChartCacheScreenshotResponse,
  type Principal,
  type ScreenshotQuery,
} from '@tessera/core';
import { notFound } from '../../app/httpErrors.js';
import type { JobQueue } from '../../jobs/jobQueue.js';
import { chartDigest, screenshotCacheKey, type DigestedChart } from '../../screenshots/chartDigest.js';
import type { RenderClaims } from '../../screenshots/renderClaims.js';
import type { ScreenshotCache } from '../../screenshots/screenshotCache.js';
import { errorPayload, IN_FLIGHT_STALE_MS, pendingPayload, shouldTriggerRender, type ScreenshotPayload } from '../../screenshots/screenshotPayload.js';
import type { ChartRenderJob } from './chartRenderJobs.js';

/** The charts service as pictures need it: a chart the caller may see, or a 404. */
export interface ChartLookup {
  findVisible(principal: Principal, id: number): Promise<DigestedChart>;
}

export type ThumbnailAnswer =
  | { kind: 'redirect'; location: string }
  | { kind: 'image'; image: Buffer; updatedAt: string }
  | { kind: 'accepted' };

export interface ScreenshotTaskAnswer {
  /** 202 while the picture is queued or drawn, 200 once it is done (or failed). */
  status: 200 | 202;
  body: ChartCacheScreenshotResponse;
}

/** The claim outlives any queue wait and render; a lost job's claim lapses with its in-flight payload. */
const CLAIM_TTL_S = Math.ceil(IN_FLIGHT_STALE_MS / 1000);
const KEY = /^[0-9a-f]{32}$/;

/** A mutable copy: jobs travel as JSON. */
const pair = (size: readonly [number, number]): [number, number] => [size[0], size[1]];

/**
 * Chart thumbnails and screenshots (facts §2.4): answers from the screenshot cache, queues a render when a picture is
 * missing, stale or forced (one job per picture at a time), and redirects old thumbnail digests to the current one.
 * Pictures are drawn as the caller, so an anonymous caller has none.
 */
export class ChartScreenshotsService {
  constructor(
    private readonly deps: {
      charts: ChartLookup;
      cache: ScreenshotCache;
      claims: RenderClaims;
      queue: () => JobQueue<ChartRenderJob>;
    },
  ) {}

  private async chartFor(principal: Principal, id: number): Promise<{ chart: DigestedChart; userId: number }> {
    if (principal.id === null) throw notFound();
    return { chart: await this.deps.charts.findVisible(principal, id), userId: principal.id };
  }

  async thumbnail(principal: Principal, id: number, digest: string, force: boolean): Promise<ThumbnailAnswer> {
    const { chart, userId } = await this.chartFor(principal, id);
    const current = chartDigest(chart, userId);
    if (digest !== current) return { kind: 'redirect', location: chartThumbnailUrl(id, current) };
    const job: ChartRenderJob = {
      chartId: id,
      userId,
      cacheKey: screenshotCacheKey(current, DEFAULT_CHART_WINDOW_SIZE, DEFAULT_CHART_THUMBNAIL_SIZE),
      windowSize: pair(DEFAULT_CHART_WINDOW_SIZE),
      thumbSize: pair(DEFAULT_CHART_THUMBNAIL_SIZE),
    };
    const payload = await this.deps.cache.get(job.cacheKey);
    if (payload?.status === 'Updated' && payload.image && !force) return { kind: 'image', image: payload.image, updatedAt: payload.updatedAt };
    if (await this.trigger(job, payload, force)) return { kind: 'accepted' };
    // A failure not yet due for another try: nothing is coming, so the client should stop waiting.
    if (payload?.status === 'Error') throw notFound('The thumbnail could not be drawn; it is tried again in a few minutes');
    return { kind: 'accepted' };
  }

  async cacheScreenshot(principal: Principal, id: number, query: ScreenshotQuery): Promise<ScreenshotTaskAnswer> {
    const { chart, userId } = await this.chartFor(principal, id);
    const windowSize = pair(query.window_size ?? DEFAULT_CHART_WINDOW_SIZE);
    // As Superset: without thumb_size the picture keeps the window's size.
    const thumbSize = pair(query.thumb_size ?? windowSize);
    const cacheKey = screenshotCacheKey(chartDigest(chart, userId), windowSize, thumbSize);
    const job: ChartRenderJob = { chartId: id, userId, cacheKey, windowSize, thumbSize };
    let payload = await this.deps.cache.get(cacheKey);
    if (await this.trigger(job, payload, Boolean(query.force))) payload = await this.deps.cache.get(cacheKey);
    const state = payload ?? pendingPayload({ chartId: id, userId });
    return {
      status: state.status === 'Pending' || state.status === 'Computing' ? 202 : 200,
      body: {
        cache_key: cacheKey,
        chart_url: standaloneChartPath(id),
        image_url: chartScreenshotUrl(id, cacheKey),
        task_status: state.status,
        task_updated_at: state.updatedAt,
      },
    };
  }

  /** The picture of a cache_screenshot key: only this chart's, drawn for this caller, and only once Updated. */
  async screenshot(principal: Principal, id: number, cacheKey: string): Promise<Buffer> {
    const { userId } = await this.chartFor(principal, id);
    const payload = KEY.test(cacheKey) ? await this.deps.cache.get(cacheKey) : null;
    if (!payload || payload.status !== 'Updated' || !payload.image || payload.chartId !== id || payload.userId !== userId) throw notFound();
    return payload.image;
  }

  /** Queues the job when the payload calls for it and nobody else just did; true when queued here. */
  private async trigger(job: ChartRenderJob, payload: ScreenshotPayload | null, force: boolean): Promise<boolean> {
    if (!shouldTriggerRender(payload, force)) return false;
    const { cache, claims } = this.deps;
    if (!(await claims.claim(job.cacheKey, CLAIM_TTL_S))) return false;
    const owner = { chartId: job.chartId, userId: job.userId };
    try {
      await cache.set(job.cacheKey, pendingPayload(owner));
      await this.deps.queue().enqueue(job);
      return true;
    } catch (err) {
      // Nothing will run: say so rather than leave a Pending that lasts until it goes stale.
      const reason = `the render could not be queued: ${err instanceof Error ? err.message : String(err)}`;
      await cache.set(job.cacheKey, errorPayload(owner, reason)).catch(() => undefined);
      await claims.release(job.cacheKey).catch(() => undefined);
      throw err;
    }
  }
}
