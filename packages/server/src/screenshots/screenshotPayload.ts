import type { ScreenshotStatus } from '@tessera/core';

/**
 * One cached picture and its state (Superset's ScreenshotCachePayload): status and time travel with the image,
 * so every web process and worker sees whether a render is queued, running, done or failed.
 */
export interface ScreenshotPayload {
  status: ScreenshotStatus;
  /** ISO time of the last status change (`task_updated_at`). */
  updatedAt: string;
  /** PNG bytes once Updated. */
  image: Buffer | null;
  /** Why the last render failed; logged and kept for operators, never sent to clients. */
  error: string | null;
  /** Whose picture it is: a cache key is answered only for this chart and user. */
  chartId: number;
  userId: number;
}

export interface PayloadOwner {
  chartId: number;
  userId: number;
}

/** A render still Pending or Computing after this long is taken for lost (a worker died): the next request queues another. */
export const IN_FLIGHT_STALE_MS = 5 * 60_000;
/** A failed render is tried again after this long (a missing browser gets installed; a broken chart gets fixed). */
export const ERROR_RETRY_MS = 5 * 60_000;
/** Superset's THUMBNAIL_CACHE_CONFIG default timeout: a week. */
export const UPDATED_TTL_S = 7 * 24 * 3600;
/** An error is remembered a day (cache_screenshot reports it); retries follow ERROR_RETRY_MS. */
const ERROR_TTL_S = 24 * 3600;

const at = (nowMs: number) => new Date(nowMs).toISOString();

export const pendingPayload = (owner: PayloadOwner, nowMs = Date.now()): ScreenshotPayload => ({
  ...owner,
  status: 'Pending',
  updatedAt: at(nowMs),
  image: null,
  error: null,
});

export const computingPayload = (owner: PayloadOwner, nowMs = Date.now()): ScreenshotPayload => ({
  ...pendingPayload(owner, nowMs),
  status: 'Computing',
});

export const updatedPayload = (owner: PayloadOwner, image: Buffer, nowMs = Date.now()): ScreenshotPayload => ({
  ...pendingPayload(owner, nowMs),
  status: 'Updated',
  image,
});

export const errorPayload = (owner: PayloadOwner, reason: string, nowMs = Date.now()): ScreenshotPayload => ({
  ...pendingPayload(owner, nowMs),
  status: 'Error',
  error: reason,
});

const ageMs = (payload: ScreenshotPayload, nowMs: number) => nowMs - Date.parse(payload.updatedAt);

/** True while a render is queued or running and not yet taken for lost. */
export function isInFlight(payload: ScreenshotPayload | null, nowMs = Date.now()): boolean {
  if (!payload || (payload.status !== 'Pending' && payload.status !== 'Computing')) return false;
  return ageMs(payload, nowMs) <= IN_FLIGHT_STALE_MS;
}

/**
 * Whether a request should queue a render: nothing cached; forced (unless one is already in flight: a second
 * would draw the same picture); a lost render; a failure old enough to try again.
 */
export function shouldTriggerRender(payload: ScreenshotPayload | null, force: boolean, nowMs = Date.now()): boolean {
  if (!payload) return true;
  if (isInFlight(payload, nowMs)) return false;
  switch (payload.status) {
    case 'Pending':
    case 'Computing':
      return true;
    case 'Updated':
      return force;
    case 'Error':
      return force || ageMs(payload, nowMs) > ERROR_RETRY_MS;
  }
}

/** How long the cache keeps a payload: in-flight states expire on their own if their job never ends. */
export function payloadTtlS(payload: ScreenshotPayload): number {
  switch (payload.status) {
    case 'Pending':
    case 'Computing':
      return Math.ceil(IN_FLIGHT_STALE_MS / 1000);
    case 'Updated':
      return UPDATED_TTL_S;
    case 'Error':
      return ERROR_TTL_S;
  }
}
