import { standaloneChartPath, type Principal } from '@tessera/core';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../app/httpErrors.js';
import { SESSION_COOKIE } from '../auth/authenticate.js';
import type { RenderClaims } from '../../screenshots/renderClaims.js';
import type { ScreenshotCache } from '../../screenshots/screenshotCache.js';
import { computingPayload, errorPayload, updatedPayload } from '../../screenshots/screenshotPayload.js';
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

/** The auth service's short-lived sessions, as the renderer needs them. */
export interface RenderSessions {
  startRenderSession(userId: number, ttlMs: number): Promise<{ cookie: string; sessionId: string } | null>;
  endSession(sessionId: string): Promise<void>;
}

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

const reasonOf = (err: unknown) => {
  if (err instanceof ApiError && err.statusCode === 404) return 'the chart is gone, or the user may no longer see it';
  return err instanceof Error ? err.message : String(err);
};

/**
 * Runs render jobs (in this process or a worker): marks the picture Computing, logs the browser in as the user with a
 * session minted for this render alone, draws the standalone chart, and stores the picture, or the failure with its
 * reason (logged). It never throws: a job's outcome is its cache entry.
 */
export class ChartRenderJobs {
  constructor(private readonly deps: ChartRenderJobsDeps) {}

  async run(job: ChartRenderJob): Promise<void> {
    const { cache, claims, log } = this.deps;
    const owner = { chartId: job.chartId, userId: job.userId };
    const started = Date.now();
    try {
      await cache.set(job.cacheKey, computingPayload(owner));
      const image = await this.render(job);
      await cache.set(job.cacheKey, updatedPayload(owner, image));
      log.info({ chartId: job.chartId, userId: job.userId, bytes: image.length, millis: Date.now() - started }, 'chart screenshot stored');
    } catch (err) {
      const reason = reasonOf(err);
      log.warn({ chartId: job.chartId, userId: job.userId, reason }, `chart screenshot failed: ${reason}`);
      await cache.set(job.cacheKey, errorPayload(owner, reason)).catch((cacheErr: unknown) => log.error({ err: cacheErr }, 'chart screenshot: the failure could not be stored'));
    } finally {
      await claims.release(job.cacheKey).catch(() => undefined);
    }
  }

  private async render(job: ChartRenderJob): Promise<Buffer> {
    const { charts, sessions } = this.deps;
    const principal = await this.deps.principalOf(job.userId);
    await charts.findVisible(principal, job.chartId);
    const session = await sessions.startRenderSession(job.userId, this.deps.renderTimeoutMs + 60_000);
    if (!session) throw new Error('the render user is inactive or gone');
    try {
      return await this.deps.capture({
        url: this.deps.baseUrl() + standaloneChartPath(job.chartId),
        cookies: [{ name: SESSION_COOKIE, value: session.cookie }],
        windowSize: job.windowSize,
        thumbSize: job.thumbSize,
      });
    } finally {
      await sessions.endSession(session.sessionId).catch(() => undefined);
    }
  }
}
