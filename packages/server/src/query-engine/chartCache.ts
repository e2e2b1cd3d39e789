import { LRUCache } from 'lru-cache';
import type { Redis } from 'ioredis';

/**
 * One cached chart data answer: the JSON text of a query's result (without the cache fields, which
 * are written per answer) and when it was stored. Kept as text so a hit is answered without parsing.
 */
export interface ChartCacheEntry {
  /** ISO time the entry was stored (`cached_dttm`). */
  cachedDttm: string;
  body: string;
}

/** Superset's data cache (DATA_CACHE_CONFIG): in-process LRU by default, Redis when REDIS_URL is set. */
export interface ChartCache {
  get(key: string): Promise<ChartCacheEntry | null>;
  set(key: string, entry: ChartCacheEntry, ttlS: number): Promise<void>;
  delete(key: string): Promise<void>;
}

/** A TTL of 0 means "do not cache" (Superset: cache_timeout 0 disables caching of that query). */
const cacheable = (ttlS: number) => ttlS > 0;

/** In-process LRU bounded by bytes (UTF-16 length x 2 is close enough for a budget). */
export class MemoryChartCache implements ChartCache {
  private readonly lru: LRUCache<string, ChartCacheEntry>;

  constructor(maxBytes: number) {
    this.lru = new LRUCache<string, ChartCacheEntry>({
      maxSize: maxBytes,
      sizeCalculation: (e) => Math.max(1, (e.body.length + e.cachedDttm.length) * 2),
      // Larger than the whole budget: not stored rather than evicting everything.
      maxEntrySize: maxBytes,
    });
  }

  async get(key: string): Promise<ChartCacheEntry | null> {
    return this.lru.get(key) ?? null;
  }

  async set(key: string, entry: ChartCacheEntry, ttlS: number): Promise<void> {
    if (!cacheable(ttlS)) return;
    this.lru.set(key, entry, { ttl: ttlS * 1000 });
  }

  async delete(key: string): Promise<void> {
    this.lru.delete(key);
  }
}

/** Redis: `<cachedDttm>\n<body>` under a prefixed key with SETEX, shared by every web process and worker. */
export class RedisChartCache implements ChartCache {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'tessera:chart:data:',
  ) {}

  async get(key: string): Promise<ChartCacheEntry | null> {
    const stored = await this.redis.get(this.prefix + key);
    if (stored === null) return null;
    const cut = stored.indexOf('\n');
    if (cut < 0) return null;
    return { cachedDttm: stored.slice(0, cut), body: stored.slice(cut + 1) };
  }

  async set(key: string, entry: ChartCacheEntry, ttlS: number): Promise<void> {
    if (!cacheable(ttlS)) return;
    await this.redis.setex(this.prefix + key, Math.max(1, Math.round(ttlS)), `${entry.cachedDttm}\n${entry.body}`);
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
