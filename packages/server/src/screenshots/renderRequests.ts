import { notFound } from '../app/httpErrors.js';
import type { JobQueue } from '../jobs/jobQueue.js';
import type { RenderClaims } from './renderClaims.js';
import type { ScreenshotCache } from './screenshotCache.js';
import { errorPayload, IN_FLIGHT_STALE_MS, pendingPayload, shouldTriggerRender, type PayloadOwner, type ScreenshotPayload } from './screenshotPayload.js';

export type ThumbnailAnswer =
  | { kind: 'redirect'; location: string }
  | { kind: 'image'; image: Buffer; updatedAt: string }
  | { kind: 'accepted' };

export interface ScreenshotTaskAnswer<B> {
  /** 202 while the picture is queued or drawn, 200 once it is done (or failed). */
  status: 200 | 202;
  body: B;
}

/** What a render job must carry for the request side: the picture's key. */
export interface RenderJobKey {
  cacheKey: string;
}

export interface RenderRequestsDeps<J extends RenderJobKey> {
  cache: ScreenshotCache;
  claims: RenderClaims;
  queue: () => JobQueue<J>;
  /** The payload's owner for a job (a payload is answered only for its chart or dashboard and user). */
  ownerOf: (job: J) => PayloadOwner;
}

/** The claim outlives any queue wait and render; a lost job's claim lapses with its in-flight payload. */
const CLAIM_TTL_S = Math.ceil(IN_FLIGHT_STALE_MS / 1000);
const KEY = /^[0-9a-f]{32}$/;

/** A cache key as cache_screenshot hands them out; anything else is never looked up. */
export const isScreenshotKey = (key: string): boolean => KEY.test(key);

/** A mutable copy: jobs travel as JSON. */
export const sizePair = (size: readonly [number, number]): [number, number] => [size[0], size[1]];

/**
 * The request side of pictures, shared by chart and dashboard screenshots: answers from the screenshot cache and
 * queues a render when a picture is missing, stale or forced (one job per picture at a time, by claim).
 */
export class RenderRequests<J extends RenderJobKey> {
  constructor(private readonly deps: RenderRequestsDeps<J>) {}

  /** The thumbnail of a current digest: the picture when there is one (and it is not forced), else a render. */
  async thumbnail(job: J, force: boolean): Promise<ThumbnailAnswer> {
    const payload = await this.deps.cache.get(job.cacheKey);
    if (payload?.status === 'Updated' && payload.image && !force) return { kind: 'image', image: payload.image, updatedAt: payload.updatedAt };
    if (await this.trigger(job, payload, force)) return { kind: 'accepted' };
    // A failure not yet due for another try: nothing is coming, so the client should stop waiting.
    if (payload?.status === 'Error') throw notFound('The thumbnail could not be drawn; it is tried again in a few minutes');
    return { kind: 'accepted' };
  }

  /** cache_screenshot's state of a picture, queueing its render when due; Pending when nothing is known yet. */
  async task(job: J, force: boolean): Promise<{ status: 200 | 202; state: ScreenshotPayload }> {
    let payload = await this.deps.cache.get(job.cacheKey);
    if (await this.trigger(job, payload, force)) payload = await this.deps.cache.get(job.cacheKey);
    const state = payload ?? pendingPayload(this.deps.ownerOf(job));
    return { status: state.status === 'Pending' || state.status === 'Computing' ? 202 : 200, state };
  }

  /** Queues the job when the payload calls for it and nobody else just did; true when queued here. */
  private async trigger(job: J, payload: ScreenshotPayload | null, force: boolean): Promise<boolean> {
    if (!shouldTriggerRender(payload, force)) return false;
    const { cache, claims } = this.deps;
    if (!(await claims.claim(job.cacheKey, CLAIM_TTL_S))) return false;
    const owner = this.deps.ownerOf(job);
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
