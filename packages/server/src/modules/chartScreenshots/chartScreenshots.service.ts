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
import { isScreenshotKey, RenderRequests, sizePair, type ScreenshotTaskAnswer, type ThumbnailAnswer } from '../../screenshots/renderRequests.js';
import type { ScreenshotCache } from '../../screenshots/screenshotCache.js';
import type { ChartRenderJob } from './chartRenderJobs.js';

/** The charts service as pictures need it: a chart the caller may see, or a 404. */
export interface ChartLookup {
  findVisible(principal: Principal, id: number): Promise<DigestedChart>;
}

/**
 * Chart thumbnails and screenshots (facts §2.4) on the shared render requests: answers from the screenshot cache,
 * queues a render when a picture is missing, stale or forced, and redirects old thumbnail digests to the current one.
 * Pictures are drawn as the caller, so an anonymous caller has none.
 */
export class ChartScreenshotsService {
  private readonly renders: RenderRequests<ChartRenderJob>;

  constructor(
    private readonly deps: {
      charts: ChartLookup;
      cache: ScreenshotCache;
      claims: RenderClaims;
      queue: () => JobQueue<ChartRenderJob>;
    },
  ) {
    this.renders = new RenderRequests({ ...deps, ownerOf: (job) => ({ chartId: job.chartId, userId: job.userId }) });
  }

  private async chartFor(principal: Principal, id: number): Promise<{ chart: DigestedChart; userId: number }> {
    if (principal.id === null) throw notFound();
    return { chart: await this.deps.charts.findVisible(principal, id), userId: principal.id };
  }

  async thumbnail(principal: Principal, id: number, digest: string, force: boolean): Promise<ThumbnailAnswer> {
    const { chart, userId } = await this.chartFor(principal, id);
    const current = chartDigest(chart, userId);
    if (digest !== current) return { kind: 'redirect', location: chartThumbnailUrl(id, current) };
    return this.renders.thumbnail(
      {
        chartId: id,
        userId,
        cacheKey: screenshotCacheKey(current, DEFAULT_CHART_WINDOW_SIZE, DEFAULT_CHART_THUMBNAIL_SIZE),
        windowSize: sizePair(DEFAULT_CHART_WINDOW_SIZE),
        thumbSize: sizePair(DEFAULT_CHART_THUMBNAIL_SIZE),
      },
      force,
    );
  }

  async cacheScreenshot(principal: Principal, id: number, query: ScreenshotQuery): Promise<ScreenshotTaskAnswer<ChartCacheScreenshotResponse>> {
    const { chart, userId } = await this.chartFor(principal, id);
    const windowSize = sizePair(query.window_size ?? DEFAULT_CHART_WINDOW_SIZE);
    // As Superset: without thumb_size the picture keeps the window's size.
    const thumbSize = sizePair(query.thumb_size ?? windowSize);
    const cacheKey = screenshotCacheKey(chartDigest(chart, userId), windowSize, thumbSize);
    const { status, state } = await this.renders.task({ chartId: id, userId, cacheKey, windowSize, thumbSize }, Boolean(query.force));
    return {
      status,
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
    const payload = isScreenshotKey(cacheKey) ? await this.deps.cache.get(cacheKey) : null;
    if (!payload || payload.status !== 'Updated' || !payload.image || payload.chartId !== id || payload.userId !== userId) throw notFound();
    return payload.image;
  }
}
