import { SCREENSHOT_STATUSES, type ScreenshotStatus } from '@tessera/core';
import type { ChartCache, ChartCacheEntry } from '../query-engine/chartCache.js';
import { payloadTtlS, type ScreenshotPayload } from './screenshotPayload.js';

interface StoredBody {
  status: ScreenshotStatus;
  error: string | null;
  chartId: number;
  userId: number;
  /** PNG as base64: the chart cache stores text. */
  image: string | null;
}

const isStatus = (value: unknown): value is ScreenshotStatus => SCREENSHOT_STATUSES.includes(value as ScreenshotStatus);

export function encodePayload(payload: ScreenshotPayload): ChartCacheEntry {
  const body: StoredBody = {
    status: payload.status,
    error: payload.error,
    chartId: payload.chartId,
    userId: payload.userId,
    image: payload.image ? payload.image.toString('base64') : null,
  };
  return { cachedDttm: payload.updatedAt, body: JSON.stringify(body) };
}

/** null for an entry that is not a payload (another version's, or damaged): it reads as not cached. */
export function decodePayload(entry: ChartCacheEntry): ScreenshotPayload | null {
  let body: Partial<StoredBody>;
  try {
    body = JSON.parse(entry.body) as Partial<StoredBody>;
  } catch {
    return null;
  }
  if (!isStatus(body.status) || typeof body.chartId !== 'number' || typeof body.userId !== 'number') return null;
  const image = typeof body.image === 'string' ? Buffer.from(body.image, 'base64') : null;
  if (body.status === 'Updated' && !image) return null;
  return {
    status: body.status,
    updatedAt: entry.cachedDttm,
    image,
    error: typeof body.error === 'string' ? body.error : null,
    chartId: body.chartId,
    userId: body.userId,
  };
}

/**
 * Superset's thumbnail cache over the chart cache abstraction (an in-process LRU, or Redis with REDIS_URL), each
 * payload kept as long as its status calls for.
 */
export class ScreenshotCache {
  constructor(private readonly store: ChartCache) {}

  async get(key: string): Promise<ScreenshotPayload | null> {
    const entry = await this.store.get(key);
    return entry ? decodePayload(entry) : null;
  }

  async set(key: string, payload: ScreenshotPayload): Promise<void> {
    await this.store.set(key, encodePayload(payload), payloadTtlS(payload));
  }
}
