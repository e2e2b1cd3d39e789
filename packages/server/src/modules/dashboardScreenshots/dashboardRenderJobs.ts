import type { Principal } from '@tessera/core';
import type { FastifyBaseLogger } from 'fastify';
import { dashboardPdfCacheKey } from '../../screenshots/dashboardDigest.js';
import type { DashboardCapture, DashboardCaptureRequest } from '../../screenshots/dashboardShot.js';
import type { RenderClaims } from '../../screenshots/renderClaims.js';
import { RenderJobRunner, type RenderedPicture, type RenderSessions } from '../../screenshots/renderJobRunner.js';
import type { ScreenshotCache } from '../../screenshots/screenshotCache.js';
import type { DashboardFinder } from './dashboardScreenshots.service.js';

/** One dashboard picture to draw: the dashboard and the user's rights are read again when it runs. */
export interface DashboardRenderJob {
  dashboardId: number;
  /** The user the picture is drawn as (the one who asked). */
  userId: number;
  cacheKey: string;
  /** The report page to open, from the app's root (a permalink's state named in it). */
  path: string;
  windowSize: [number, number];
  /** null: the whole dashboard as drawn (screenshots); a size: the top of it, scaled (thumbnails). */
  thumbSize: [number, number] | null;
  /** Print a PDF too (screenshots, which may be downloaded as either). */
  pdf: boolean;
}

export const DASHBOARD_THUMBNAIL_QUEUE_NAME = 'tessera-dashboard-thumbnails';

export interface DashboardRenderJobsDeps {
  dashboards: DashboardFinder;
  principalOf(userId: number): Promise<Principal>;
  sessions: RenderSessions;
  capture(request: DashboardCaptureRequest): Promise<DashboardCapture>;
  cache: ScreenshotCache;
  claims: RenderClaims;
  /** Where the browser opens the app, without a trailing slash. */
  baseUrl(): string;
  renderTimeoutMs: number;
  log: FastifyBaseLogger;
}

/**
 * Runs dashboard render jobs on the shared runner, as ChartRenderJobs does for charts: checks the user may still see
 * the dashboard, logs the browser in as them, pictures the report page, and stores the PNG (and PDF).
 * Payloads name the dashboard in their `chartId` field (the payload's owner id); dashboard pictures live in a cache
 * of their own, so the two kinds never meet.
 */
export class DashboardRenderJobs {
  private readonly runner: RenderJobRunner;

  constructor(private readonly deps: DashboardRenderJobsDeps) {
    // The dashboards service answers 403 for a dashboard the user may no longer see.
    this.runner = new RenderJobRunner(deps, { noun: 'dashboard', goneStatuses: [404, 403] });
  }

  async run(job: DashboardRenderJob): Promise<void> {
    await this.runner.run(
      { cacheKey: job.cacheKey, owner: { chartId: job.dashboardId, userId: job.userId }, logFields: { dashboardId: job.dashboardId, userId: job.userId } },
      () => this.render(job),
    );
  }

  private async render(job: DashboardRenderJob): Promise<RenderedPicture> {
    await this.deps.dashboards.find(await this.deps.principalOf(job.userId), String(job.dashboardId));
    const shot = await this.runner.asUser(job.userId, (cookies) =>
      this.deps.capture({ url: this.deps.baseUrl() + job.path, cookies, windowSize: job.windowSize, thumbSize: job.thumbSize, pdf: job.pdf }),
    );
    return {
      png: shot.png,
      companions: shot.pdf ? [{ cacheKey: dashboardPdfCacheKey(job.cacheKey), bytes: shot.pdf }] : [],
      logFields: { pdfBytes: shot.pdf?.length },
    };
  }
}
