import type { Redis } from 'ioredis';

/**
 * Who queues the render of a picture: two requests that both find nothing cached must not both queue one. The
 * first to claim the key does; the claim is released when the job ends, or lapses if the job is lost.
 */
export interface RenderClaims {
  claim(key: string, ttlS: number): Promise<boolean>;
  release(key: string): Promise<void>;
}

/** One process: the queue runs here too, so a map is the whole truth. */
export class MemoryRenderClaims implements RenderClaims {
  private readonly until = new Map<string, number>();

  async claim(key: string, ttlS: number): Promise<boolean> {
    const now = Date.now();
    const held = this.until.get(key);
    if (held !== undefined && held > now) return false;
    this.until.set(key, now + ttlS * 1000);
    return true;
  }

  async release(key: string): Promise<void> {
    this.until.delete(key);
  }
}

/** Several web processes and workers: SET NX EX decides in one step. */
export class RedisRenderClaims implements RenderClaims {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'tessera:thumbnail:claim:',
  ) {}

  async claim(key: string, ttlS: number): Promise<boolean> {
    return (await this.redis.set(this.prefix + key, '1', 'EX', Math.max(1, Math.round(ttlS)), 'NX')) === 'OK';
  }

  async release(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
