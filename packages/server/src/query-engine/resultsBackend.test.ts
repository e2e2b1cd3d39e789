import { gunzipSync } from 'node:zlib';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { services, skipNotice } from '../test/testApp.js';
import { MemoryResultsBackend, RedisResultsBackend, type ResultsBackend } from './resultsBackend.js';

const bytesOf = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7) % 13);
const waitFor = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
};

/** What every backend does with a head stored before its whole result. */
async function headBehaviour(make: (wholeWaitMs: number) => ResultsBackend): Promise<void> {
  const backend = make(5_000);
  const head = bytesOf(500);
  const whole = bytesOf(50_000);
  await backend.putHead('k', head, 60);
  expect(await backend.getHead('k')).toEqual(head);
  // A read of the whole waits until it is put, then gets it; the head is dropped once the whole is there.
  let got: Uint8Array | null | undefined;
  const reading = backend.get('k').then((bytes) => (got = bytes));
  await new Promise((r) => setTimeout(r, 100));
  expect(got).toBeUndefined();
  await backend.put('k', whole, 60);
  await reading;
  expect(got).toEqual(whole);
  expect(await backend.getHead('k')).toBeNull();

  // Deleting the key (the whole could not be stored) ends the wait with nothing.
  await backend.putHead('gone', head, 60);
  const waiting = backend.getStored('gone');
  await new Promise((r) => setTimeout(r, 50));
  await backend.delete('gone');
  expect(await waiting).toBeNull();
  expect(await backend.getHead('gone')).toBeNull();

  // The writer of the whole waits for the head to be read, or not for long.
  await backend.putHead('r', head, 60);
  let read = false;
  const reading2 = backend.headRead('r', 5_000).then(() => (read = true));
  await new Promise((r) => setTimeout(r, 60));
  expect(read).toBe(false);
  await backend.getHead('r');
  await reading2;
  expect(read).toBe(true);
  await backend.headRead('r', 5_000);
  const unread = Date.now();
  await backend.putHead('unread', head, 60);
  await backend.headRead('unread', 120);
  expect(Date.now() - unread).toBeGreaterThanOrEqual(110);

  // A whole result that never comes: the wait has an end.
  const brief = make(150);
  await brief.putHead('late', head, 60);
  const started = Date.now();
  expect(await brief.get('late')).toBeNull();
  expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  // Without a head, a missing key answers at once.
  expect(await brief.get('never')).toBeNull();
}

describe('in-process results backend', () => {
  it('serves a head and makes reads of the whole result wait for it', async () => {
    await headBehaviour((waitMs) => new MemoryResultsBackend(1024 * 1024, 60_000, waitMs));
  });

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

  it('serves a head and makes reads of the whole result wait for it, across processes', async () => {
    const prefix = `tessera:test:head:${Date.now()}:`;
    await headBehaviour((waitMs) => new RedisResultsBackend(redis!, prefix, waitMs));
  });
});
