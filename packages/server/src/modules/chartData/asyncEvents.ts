import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** One global-async-query event (facts §2.8): a job finished or failed. */
export interface AsyncEvent {
  id: string;
  channel_id: string;
  job_id: string;
  user_id: number | null;
  status: 'pending' | 'running' | 'done' | 'error';
  errors: unknown[];
  result_url: string | null;
}

/** Per-user event streams, read with `last_id` (Superset: Redis streams `async-events-<channel>`, capped). */
export interface AsyncEventStore {
  add(event: Omit<AsyncEvent, 'id'>): Promise<void>;
  /** Events of the channel after `lastId` (all kept ones when null), oldest first. */
  since(channelId: string, lastId: string | null): Promise<AsyncEvent[]>;
}

const STREAM_CAP = 1000;

/** The channel of a user: stable, so polling from any tab or process reads the same stream. */
export function channelOf(userId: number | null): string {
  return createHash('sha256').update(`tessera-async-channel:${userId ?? 'anonymous'}`).digest('hex').slice(0, 32);
}

/** Redis stream ids look like `<ms>-<seq>`; compares them as Redis does. */
function idAfter(a: string, b: string): boolean {
  const [am, as] = a.split('-').map(Number) as [number, number];
  const [bm, bs] = b.split('-').map(Number) as [number, number];
  return am > bm || (am === bm && as > bs);
}

export class MemoryAsyncEventStore implements AsyncEventStore {
  private readonly streams = new Map<string, AsyncEvent[]>();
  private lastMs = 0;
  private seq = 0;

  private nextId(): string {
    const now = Date.now();
    if (now > this.lastMs) {
      this.lastMs = now;
      this.seq = 0;
    } else {
      this.seq++;
    }
    return `${this.lastMs}-${this.seq}`;
  }

  async add(event: Omit<AsyncEvent, 'id'>): Promise<void> {
    const stream = this.streams.get(event.channel_id) ?? [];
    stream.push({ id: this.nextId(), ...event });
    if (stream.length > STREAM_CAP) stream.splice(0, stream.length - STREAM_CAP);
    this.streams.set(event.channel_id, stream);
  }

  async since(channelId: string, lastId: string | null): Promise<AsyncEvent[]> {
    const stream = this.streams.get(channelId) ?? [];
    return lastId ? stream.filter((e) => idAfter(e.id, lastId)) : [...stream];
  }
}

export class RedisAsyncEventStore implements AsyncEventStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'tessera:async-events-',
  ) {}

  async add(event: Omit<AsyncEvent, 'id'>): Promise<void> {
    await this.redis.xadd(this.prefix + event.channel_id, 'MAXLEN', '~', String(STREAM_CAP), '*', 'data', JSON.stringify(event));
  }

  async since(channelId: string, lastId: string | null): Promise<AsyncEvent[]> {
    const start = lastId && /^\d+-\d+$/.test(lastId) ? `(${lastId}` : '-';
    const entries = await this.redis.xrange(this.prefix + channelId, start, '+');
    return entries.map(([id, fields]) => {
      const data = fields[fields.indexOf('data') + 1] ?? '{}';
      return { ...(JSON.parse(data) as Omit<AsyncEvent, 'id'>), id };
    });
  }
}
