import { promisify } from 'node:util';
import { gunzip, gzip, constants } from 'node:zlib';
import type { Redis } from 'ioredis';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Above this, compressing on the way to Redis costs more time than the bytes saved are worth. */
const COMPRESS_MAX_BYTES = 50 * 1024 * 1024;
const RAW = 0;
const GZIP = 1;
/**
 * The in-process backend keeps a fresh result uncompressed this long, then gzips it off the request
 * path: the fetch that follows a run right away gets the bytes as they are, and memory is saved after.
 */
const COMPRESS_AFTER_MS = 3_000;

/** A stored result as kept: raw Arrow bytes, or gzip of them (sent as-is with `Content-Encoding: gzip`). */
export interface StoredResult {
  bytes: Uint8Array;
  encoding: 'gzip' | null;
}

/**
 * How long a read of a result whose head is stored waits for the whole result. Encoding a million rows
 * takes about a second; the margin covers a loaded machine.
 */
export const WHOLE_RESULT_WAIT_MS = 60_000;

/**
 * Where finished results live (Superset's RESULTS_BACKEND); values are Arrow IPC stream bytes.
 * A big result may first get its head (putHead): until the whole result is put, reads of the key wait
 * for it; a delete of the key ends the wait (null: expired).
 */
export interface ResultsBackend {
  put(key: string, arrow: Uint8Array, ttlS: number): Promise<void>;
  /** The first rows of a result whose whole is still being encoded; dropped once the whole is put. */
  putHead(key: string, arrow: Uint8Array, ttlS: number): Promise<void>;
  /** Null when there is no head (the whole result is there, or the key expired). */
  getHead(key: string): Promise<Uint8Array | null>;
  /**
   * Resolves once the head was read (or the whole result asked for), or after `timeoutMs`: the writer
   * waits for it so the client's first screen is not queued behind the whole encode.
   */
  headRead(key: string, timeoutMs: number): Promise<void>;
  /** Null when the key expired or never existed. */
  get(key: string): Promise<Uint8Array | null>;
  /** The bytes as stored, so a client that takes gzip gets them without a server-side inflate. */
  getStored(key: string): Promise<StoredResult | null>;
  delete(key: string): Promise<void>;
}

/** A one-byte header says whether the rest is gzip (level 1: fast) or raw. */
async function pack(bytes: Uint8Array): Promise<Buffer> {
  if (bytes.byteLength > COMPRESS_MAX_BYTES) return Buffer.concat([Buffer.from([RAW]), bytes]);
  const z = await gzipAsync(bytes, { level: constants.Z_BEST_SPEED });
  return Buffer.concat([Buffer.from([GZIP]), z]);
}

function storedOf(packed: Buffer): StoredResult {
  return { bytes: packed.subarray(1), encoding: packed[0] === GZIP ? 'gzip' : null };
}

async function inflate(stored: StoredResult): Promise<Uint8Array> {
  return stored.encoding === 'gzip' ? new Uint8Array(await gunzipAsync(stored.bytes)) : stored.bytes;
}

interface Entry {
  value: StoredResult;
  expiresAt: number;
}

/** In-process LRU bounded by bytes; entries also expire by TTL. The default backend. */
export class MemoryResultsBackend implements ResultsBackend {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  /** Heads of results still being encoded, and the reads waiting for those results. */
  private readonly heads = new Map<string, Entry>();
  private readonly waiting = new Map<string, (() => void)[]>();
  private readonly headReaders = new Map<string, () => void>();
  private readonly readHeads = new Set<string>();

  constructor(
    private readonly budgetBytes = 512 * 1024 * 1024,
    private readonly compressAfterMs = COMPRESS_AFTER_MS,
    private readonly wholeWaitMs = WHOLE_RESULT_WAIT_MS,
  ) {}

  async putHead(key: string, arrow: Uint8Array, ttlS: number): Promise<void> {
    this.heads.set(key, { value: { bytes: arrow, encoding: null }, expiresAt: Date.now() + ttlS * 1000 });
  }

  async getHead(key: string): Promise<Uint8Array | null> {
    const head = this.heads.get(key);
    if (!head || head.expiresAt <= Date.now()) return null;
    this.markRead(key);
    return head.value.bytes;
  }

  private markRead(key: string): void {
    this.readHeads.add(key);
    this.headReaders.get(key)?.();
  }

  headRead(key: string, timeoutMs: number): Promise<void> {
    if (this.readHeads.has(key)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.headReaders.delete(key);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      timer.unref();
      this.headReaders.set(key, done);
    });
  }

  async put(key: string, arrow: Uint8Array, ttlS: number): Promise<void> {
    this.remove(key);
    this.settle(key);
    if (arrow.byteLength > this.budgetBytes) return;
    const entry: Entry = { value: { bytes: arrow, encoding: null }, expiresAt: Date.now() + ttlS * 1000 };
    this.entries.set(key, entry);
    this.bytes += arrow.byteLength;
    this.evict();
    const timer = setTimeout(() => void this.compress(key, entry), this.compressAfterMs);
    timer.unref();
  }

  /** Swaps a kept result for its gzip (on the thread pool), unless it was replaced or dropped meanwhile. */
  private async compress(key: string, entry: Entry): Promise<void> {
    if (this.entries.get(key) !== entry || entry.value.encoding) return;
    const z = await gzipAsync(entry.value.bytes, { level: constants.Z_BEST_SPEED });
    if (this.entries.get(key) !== entry) return;
    this.bytes += z.byteLength - entry.value.bytes.byteLength;
    entry.value = { bytes: z, encoding: 'gzip' };
  }

  async get(key: string): Promise<Uint8Array | null> {
    const stored = await this.getStored(key);
    return stored ? inflate(stored) : null;
  }

  async getStored(key: string): Promise<StoredResult | null> {
    if (!this.entries.has(key) && this.heads.has(key)) {
      this.markRead(key);
      await this.whole(key);
    }
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= Date.now()) {
      this.remove(key);
      return null;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  async delete(key: string): Promise<void> {
    this.remove(key);
    this.settle(key);
  }

  /** Resolves once the whole result of a stored head is put or dropped, or the wait ran out. */
  private whole(key: string): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, this.wholeWaitMs);
      timer.unref();
      const list = this.waiting.get(key) ?? [];
      list.push(() => {
        clearTimeout(timer);
        resolve();
      });
      this.waiting.set(key, list);
    });
  }

  private settle(key: string): void {
    this.heads.delete(key);
    this.readHeads.delete(key);
    const list = this.waiting.get(key);
    this.waiting.delete(key);
    for (const wake of list ?? []) wake();
  }

  /** Map iteration order is insertion order: the first entries are the least recently used. */
  private evict(): void {
    for (const [k] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.remove(k);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.value.bytes.byteLength;
    this.entries.delete(key);
  }
}

/** How often a read waiting for a whole result looks again (the writer may be another process). */
const WHOLE_POLL_MS = 25;

/** Redis: SETEX of the packed bytes, shared by web processes and workers. */
export class RedisResultsBackend implements ResultsBackend {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'tessera:sqllab:result:',
    private readonly wholeWaitMs = WHOLE_RESULT_WAIT_MS,
  ) {}

  private headKey(key: string): string {
    return `${this.prefix}${key}:head`;
  }

  /** Set when a head was read or its whole result asked for (see headRead). */
  private readKey(key: string): string {
    return `${this.prefix}${key}:read`;
  }

  private async markRead(key: string): Promise<void> {
    await this.redis.set(this.readKey(key), '1', 'EX', 60);
  }

  async headRead(key: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && (await this.redis.exists(this.readKey(key))) === 0) {
      await new Promise((resolve) => setTimeout(resolve, WHOLE_POLL_MS));
    }
  }

  async put(key: string, arrow: Uint8Array, ttlS: number): Promise<void> {
    await this.redis.setex(this.prefix + key, Math.max(1, Math.round(ttlS)), await pack(arrow));
    await this.redis.del(this.headKey(key), this.readKey(key));
  }

  async putHead(key: string, arrow: Uint8Array, ttlS: number): Promise<void> {
    await this.redis.setex(this.headKey(key), Math.max(1, Math.round(ttlS)), Buffer.from(arrow.buffer, arrow.byteOffset, arrow.byteLength));
  }

  async getHead(key: string): Promise<Uint8Array | null> {
    const head = await this.redis.getBuffer(this.headKey(key));
    if (!head) return null;
    await this.markRead(key);
    return new Uint8Array(head.buffer, head.byteOffset, head.byteLength);
  }

  async get(key: string): Promise<Uint8Array | null> {
    const stored = await this.getStored(key);
    return stored ? inflate(stored) : null;
  }

  /** While only the head is there, the whole result is on its way from the process that ran the query. */
  async getStored(key: string): Promise<StoredResult | null> {
    const deadline = Date.now() + this.wholeWaitMs;
    for (let first = true; ; first = false) {
      const stored = await this.redis.getBuffer(this.prefix + key);
      if (stored) return storedOf(stored);
      if (Date.now() >= deadline || (await this.redis.exists(this.headKey(key))) === 0) return null;
      if (first) await this.markRead(key);
      await new Promise((resolve) => setTimeout(resolve, WHOLE_POLL_MS));
    }
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key, this.headKey(key), this.readKey(key));
  }
}
