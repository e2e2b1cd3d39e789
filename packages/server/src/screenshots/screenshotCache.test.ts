import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryChartCache, RedisChartCache, type ChartCache } from '../query-engine/chartCache.js';
import { services } from '../test/testApp.js';
import { MemoryRenderClaims, RedisRenderClaims, type RenderClaims } from './renderClaims.js';
import { decodePayload, encodePayload, ScreenshotCache } from './screenshotCache.js';
import { errorPayload, pendingPayload, updatedPayload } from './screenshotPayload.js';

const owner = { chartId: 9, userId: 2 };
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255, 1, 2]);

describe('screenshot payload encoding', () => {
  it('round-trips status, time, picture, reason and owner through the chart cache entry', () => {
    for (const payload of [pendingPayload(owner), updatedPayload(owner, PNG), errorPayload(owner, 'Chromium was not found')]) {
      const entry = encodePayload(payload);
      expect(entry.cachedDttm).toBe(payload.updatedAt);
      expect(decodePayload(entry)).toEqual(payload);
    }
  });

  it('reads an entry that is not a payload as nothing cached', () => {
    const at = new Date().toISOString();
    expect(decodePayload({ cachedDttm: at, body: 'not json' })).toBeNull();
    expect(decodePayload({ cachedDttm: at, body: JSON.stringify({ status: 'Done', chartId: 1, userId: 1 }) })).toBeNull();
    expect(decodePayload({ cachedDttm: at, body: JSON.stringify({ status: 'Updated', chartId: 1, userId: 1, image: null }) })).toBeNull();
  });
});

function cacheSuite(name: string, make: () => { store: ChartCache; claims: RenderClaims }) {
  describe(`screenshot cache and render claims (${name})`, () => {
    it('stores and reads payloads by key', async () => {
      const { store } = make();
      const cache = new ScreenshotCache(store);
      const key = `k${Date.now()}${Math.random()}`;
      expect(await cache.get(key)).toBeNull();
      await cache.set(key, pendingPayload(owner));
      expect((await cache.get(key))?.status).toBe('Pending');
      await cache.set(key, updatedPayload(owner, PNG));
      const read = await cache.get(key);
      expect(read?.status).toBe('Updated');
      expect(read?.image?.equals(PNG)).toBe(true);
    });

    it('lets one caller claim a render until it is released', async () => {
      const { claims } = make();
      const key = `c${Date.now()}${Math.random()}`;
      const attempts = await Promise.all([1, 2, 3, 4].map(() => claims.claim(key, 30)));
      expect(attempts.filter(Boolean)).toHaveLength(1);
      await claims.release(key);
      expect(await claims.claim(key, 30)).toBe(true);
      await claims.release(key);
    });
  });
}

cacheSuite('in process', () => ({ store: new MemoryChartCache(1024 * 1024), claims: new MemoryRenderClaims() }));

const redis = services.redis ? new Redis(services.redis) : null;
afterAll(async () => {
  if (redis) {
    // A week's TTL on the pictures: leave nothing behind in the shared test Redis.
    const keys = await redis.keys('tessera:thumbnail:test:*');
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
});
if (redis) cacheSuite('Redis', () => ({ store: new RedisChartCache(redis, 'tessera:thumbnail:test:'), claims: new RedisRenderClaims(redis, 'tessera:thumbnail:test:claim:') }));
else console.info('Redis screenshot cache suite skipped: set TESSERA_TEST_REDIS_URL to run it against a real server');
