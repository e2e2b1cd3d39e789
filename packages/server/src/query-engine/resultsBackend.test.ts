import { gunzipSync } from 'node:zlib';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { services, skipNotice } from '../test/testApp.js';
import { MemoryResultsBackend, RedisResultsBackend } from './resultsBackend.js';

const bytesOf = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7) % 13);
const waitFor = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('in-process results backend', () => {
  it('keeps a fresh result as it is, then swaps in its gzip; both read back the same bytes', async () => {
    const backend = new MemoryResultsBackend(1024 * 1024, 20);
    const arrow = bytesOf(100_000);
    await backend.put('k', arrow, 60);
    const fresh = await backend.getStored('k');
    expect(fresh?.encoding).toBeNull();
    expect(fresh?.bytes).toEqual(arrow);
    await waitFor(async () => (await backend.getStored('k'))?.encoding === 'gzip');
    const packed = await backend.getStored('k');
    expect(packed?.encoding).toBe('gzip');
    expect(packed!.bytes.byteLength).toBeLessThan(arrow.byteLength / 5);
    expect(new Uint8Array(gunzipSync(packed!.bytes))).toEqual(arrow);
    expect(await backend.get('k')).toEqual(arrow);
  });

  it('forgets expired and deleted keys, and the least recently used past its budget', async () => {
    const backend = new MemoryResultsBackend(250_000, 60_000);
    await backend.put('old', bytesOf(100_000), 60);
    await backend.put('used', bytesOf(100_000), 60);
    await backend.get('old');
    await backend.put('new', bytesOf(100_000), 60);
    expect(await backend.get('used')).toBeNull();
    expect(await backend.get('old')).not.toBeNull();
    await backend.delete('old');
    expect(await backend.get('old')).toBeNull();
    await backend.put('brief', bytesOf(10), 0);
    expect(await backend.get('brief')).toBeNull();
  });
});

const redisUrl = services.redis;
if (!redisUrl) skipNotice('Redis results backend', 'TESSERA_TEST_REDIS_URL');

describe.skipIf(!redisUrl)('Redis results backend', () => {
  const redis = redisUrl ? new Redis(redisUrl) : null;
  afterAll(() => redis?.quit());

  it('stores gzip and hands it out as stored or inflated', async () => {
    const backend = new RedisResultsBackend(redis!, `tessera:test:${Date.now()}:`);
    const arrow = bytesOf(200_000);
    await backend.put('k', arrow, 60);
    const stored = await backend.getStored('k');
    expect(stored?.encoding).toBe('gzip');
    expect(new Uint8Array(gunzipSync(stored!.bytes))).toEqual(arrow);
    expect(await backend.get('k')).toEqual(arrow);
    await backend.delete('k');
    expect(await backend.getStored('k')).toBeNull();
  });
});
