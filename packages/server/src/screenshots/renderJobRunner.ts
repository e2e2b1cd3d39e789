import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../app/httpErrors.js';
import { SESSION_COOKIE } from '../modules/auth/authenticate.js';
import type { RenderClaims } from './renderClaims.js';
import type { ScreenshotCache } from './screenshotCache.js';
import { computingPayload, errorPayload, updatedPayload, type PayloadOwner } from './screenshotPayload.js';

/** The auth service's short-lived sessions, as the renderer needs them. */
export interface RenderSessions {
  startRenderSession(userId: number, ttlMs: number): Promise<{ cookie: string; sessionId: string } | null>;
  endSession(sessionId: string): Promise<void>;
}

export interface RenderJobRunnerDeps {
  sessions: RenderSessions;
  cache: ScreenshotCache;
  claims: RenderClaims;
  /** A render's own deadline; the session it logs in with outlives it a little. */
  renderTimeoutMs: number;
  log: FastifyBaseLogger;
}

/** What one kind of picture (chart, dashboard) tells the runner about itself. */
export interface RenderSubject {
  /** 'chart' or 'dashboard': names it in log lines and in the reason a vanished one failed. */
  noun: string;
  /** Lookup errors that mean the object is gone or hidden from the user now. */
  goneStatuses: readonly number[];
}

export interface RenderedPicture {
  png: Buffer;
  /** Other files of the same render (a PDF), stored before the PNG: once the PNG says Updated, a client may ask for any. */
  companions?: { cacheKey: string; bytes: Buffer }[];
  /** Extra fields for the "stored" log line. */
  logFields?: Record<string, unknown>;
}

export interface RenderRun {
  cacheKey: string;
  owner: PayloadOwner;
  /** Names the job in log lines ({ chartId, userId } or { dashboardId, userId }). */
  logFields: Record<string, unknown>;
}

/** The session cookie a render's browser sends: the user's own session, minted for this render alone. */
export type RenderCookies = { name: string; value: string }[];

/**
 * Runs render jobs (in this process or a worker) for every kind of picture: marks it Computing, draws it, stores the
 * picture, or the failure with its reason (logged), and frees the claim. It never throws: a job's outcome is its
 * cache entry.
 */
export class RenderJobRunner {
  constructor(
    private readonly deps: RenderJobRunnerDeps,
    private readonly subject: RenderSubject,
  ) {}

  async run(job: RenderRun, draw: () => Promise<RenderedPicture>): Promise<void> {
    const { cache, claims, log } = this.deps;
    const { noun } = this.subject;
    const started = Date.now();
    try {
      await cache.set(job.cacheKey, computingPayload(job.owner));
      const picture = await draw();
      for (const companion of picture.companions ?? []) await cache.set(companion.cacheKey, updatedPayload(job.owner, companion.bytes));
      await cache.set(job.cacheKey, updatedPayload(job.owner, picture.png));
      log.info({ ...job.logFields, bytes: picture.png.length, ...picture.logFields, millis: Date.now() - started }, `${noun} screenshot stored`);
    } catch (err) {
      const reason = this.reasonOf(err);
      log.warn({ ...job.logFields, reason }, `${noun} screenshot failed: ${reason}`);
      await cache
        .set(job.cacheKey, errorPayload(job.owner, reason))
        .catch((cacheErr: unknown) => log.error({ err: cacheErr }, `${noun} screenshot: the failure could not be stored`));
    } finally {
      await claims.release(job.cacheKey).catch(() => undefined);
    }
  }

  /** Logs a browser in as the user for one render: a session of its own, ended once the picture is taken. */
  async asUser<T>(userId: number, use: (cookies: RenderCookies) => Promise<T>): Promise<T> {
    const { sessions } = this.deps;
    const session = await sessions.startRenderSession(userId, this.deps.renderTimeoutMs + 60_000);
    if (!session) throw new Error('the render user is inactive or gone');
    try {
      return await use([{ name: SESSION_COOKIE, value: session.cookie }]);
    } finally {
      await sessions.endSession(session.sessionId).catch(() => undefined);
    }
  }

  private reasonOf(err: unknown): string {
    if (err instanceof ApiError && this.subject.goneStatuses.includes(err.statusCode)) return `the ${this.subject.noun} is gone, or the user may no longer see it`;
    return err instanceof Error ? err.message : String(err);
  }
}
