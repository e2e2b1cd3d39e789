import { promisify } from 'node:util';
import { gunzip, gzip, constants } from 'node:zlib';
import type { Redis } from 'ioredis';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Above this, compressing costs more time than the bytes saved are worth. */
const COMPRESS_MAX_BYTES = 50 * 1024 * 1024;
const RAW = 0;
const GZIP = 1;

/** Where finished results live (Superset's RESULTS_BACKEND); values are Arrow IPC stream bytes. */
export interface ResultsBackend {
  put(key: string, arrow: Uint8Array, ttlS: number): Promise<void>;
  /** Null when the key expired or never existed. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
}

/** A one-byte header says whether the rest is gzip (level 1: fast) or raw. */
async function pack(bytes: Uint8Array): Promise<Buffer> {
  if (bytes.byteLength > COMPRESS_MAX_BYTES) return Buffer.concat([Buffer.from([RAW]), bytes]);
  const z = await gzipAsync(bytes, { level: constants.Z_BEST_SPEED });
  return Buffer.concat([Buffer.from([GZIP]), z]);
}

async function unpack(stored: Buffer): Promise<Uint8Array> {
  const body = stored.subarray(1);
  return stored[0] === GZIP ? new Uint8Array(await gunzipAsync(body)) : body;
}

interface Entry {
  value: Buffer;
  expiresAt: number;
}

/** In-process LRU bounded by bytes; entries also expire by TTL. The default backend. */
export class MemoryResultsBackend implements ResultsBackend {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly budgetBytes = 512 * 1024 * 1024) {}

  async put(key: string, arrow: Uint8Array, ttlS: number): Promise<void> {
    const value = await pack(arrow);
    this.remove(key);
    if (value.length > this.budgetBytes) return;
    this.entries.set(key, { value, expiresAt: Date.now() + ttlS * 1000 });
    this.bytes += value.length;
    // Map iteration order is insertion order: the first entries are the least recently used.
    for (const [k] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.remove(k);
    }
  }

  async get(key: string): Promise<Uint8Array | null> {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= Date.now()) {
      this.remove(key);
      return null;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return unpack(entry.value);
  }

  async delete(key: string): Promise<void> {
    this.remove(key);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.value.length;
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
    return stored ? unpack(stored) : null;
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
