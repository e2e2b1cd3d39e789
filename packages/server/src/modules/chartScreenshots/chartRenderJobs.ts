import { standaloneChartPath, type Principal } from '@tessera/core';
import type { FastifyBaseLogger } from 'fastify';
import type { RenderClaims } from '../../screenshots/renderClaims.js';
import { RenderJobRunner, type RenderSessions } from '../../screenshots/renderJobRunner.js';
import type { ScreenshotCache } from '../../screenshots/screenshotCache.js';
import type { CaptureRequest } from '../../screenshots/Screenshotter.js';
import type { ChartLookup } from './chartScreenshots.service.js';

/** One picture to draw: everything else (the chart, the user's rights) is read again when it runs. */
export interface ChartRenderJob {
  chartId: number;
  /** The user the picture is drawn as (the one who asked). */
  userId: number;
  cacheKey: string;
  windowSize: [number, number];
  thumbSize: [number, number];
}

export const THUMBNAIL_QUEUE_NAME = 'tessera-thumbnails';

export interface ChartRenderJobsDeps {
  charts: ChartLookup;
  principalOf(userId: number): Promise<Principal>;
  sessions: RenderSessions;
  capture(request: CaptureRequest): Promise<Buffer>;
  cache: ScreenshotCache;
  claims: RenderClaims;
  /** Where the browser opens the app, without a trailing slash. */
  baseUrl(): string;
  /** A render's own deadline; the session it logs in with outlives it a little. */
  renderTimeoutMs: number;
  log: FastifyBaseLogger;
}

/**
 * Runs chart render jobs on the shared runner: checks the user may still see the chart, logs the browser in as them
 * and draws the standalone chart.
 */
export class ChartRenderJobs {
  private readonly runner: RenderJobRunner;

  constructor(private readonly deps: ChartRenderJobsDeps) {
    this.runner = new RenderJobRunner(deps, { noun: 'chart', goneStatuses: [404] });
  }

  async run(job: ChartRenderJob): Promise<void> {
    const owner = { chartId: job.chartId, userId: job.userId };
    await this.runner.run({ cacheKey: job.cacheKey, owner, logFields: owner }, async () => ({ png: await this.render(job) }));
  }

  private async render(job: ChartRenderJob): Promise<Buffer> {
    await this.deps.charts.findVisible(await this.deps.principalOf(job.userId), job.chartId);
    return this.runner.asUser(job.userId, (cookies) =>
      this.deps.capture({ url: this.deps.baseUrl() + standaloneChartPath(job.chartId), cookies, windowSize: job.windowSize, thumbSize: job.thumbSize }),
    );
  }
}
