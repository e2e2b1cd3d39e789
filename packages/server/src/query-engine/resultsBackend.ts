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

/** Where finished results live (Superset's RESULTS_BACKEND); values are Arrow IPC stream bytes. */
export interface ResultsBackend {
  put(key: string, arrow: Uint8Array, ttlS: number): Promise<void>;
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

  constructor(
    private readonly budgetBytes = 512 * 1024 * 1024,
    private readonly compressAfterMs = COMPRESS_AFTER_MS,
  ) {}

  async put(key: string, arrow: Uint8Array, ttlS: number): Promise<void> {
    this.remove(key);
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

/** Redis: SETEX of the packed bytes, shared by web processes and workers. */
export class RedisResultsBackend implements ResultsBackend {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'tessera:sqllab:result:',
  ) {}

  async put(key: string, arrow: Uint8Array, ttlS: number): Promise<void> {
    await this.redis.setex(this.prefix + key, Math.max(1, Math.round(ttlS)), await pack(arrow));
  }

  async get(key: string): Promise<Uint8Array | null> {
    const stored = await this.redis.getBuffer(this.prefix + key);
    return stored ? inflate(storedOf(stored)) : null;
  }

  async getStored(key: string): Promise<StoredResult | null> {
    const stored = await this.redis.getBuffer(this.prefix + key);
    return stored ? storedOf(stored) : null;
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
