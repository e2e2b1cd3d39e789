import type { Redis } from 'ioredis';

export interface ThrottleDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

const WINDOW_S = 300;

/**
 * Counts failed logins per (username, IP) and per IP over a 5-minute window.
 * In-process by default; in Redis when configured so every server process shares the count.
 */
export class LoginThrottle {
  private readonly memory = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly redis: Redis | null,
  ) {}

  private keys(username: string, ip: string): string[] {
    // The per-IP limit is wider so one user behind a shared NAT does not lock out the others.
    return [`login:u:${username.toLowerCase()}|${ip}`, `login:ip:${ip}`];
  }

  private limitFor(key: string): number {
    return key.startsWith('login:ip:') ? this.limit * 5 : this.limit;
  }

  async check(username: string, ip: string): Promise<ThrottleDecision> {
    let retry = 0;
    for (const key of this.keys(username, ip)) {
      const { count, ttl } = await this.read(key);
      if (count >= this.limitFor(key)) retry = Math.max(retry, ttl);
    }
    return { allowed: retry === 0, retryAfterSeconds: retry };
  }

  async fail(username: string, ip: string): Promise<void> {
    for (const key of this.keys(username, ip)) await this.increment(key);
  }

  async succeed(username: string, ip: string): Promise<void> {
    const [userKey] = this.keys(username, ip);
    if (!userKey) return;
    if (this.redis) await this.redis.del(userKey);
    else this.memory.delete(userKey);
  }

  private async read(key: string): Promise<{ count: number; ttl: number }> {
    if (this.redis) {
      const [count, ttl] = await Promise.all([this.redis.get(key), this.redis.ttl(key)]);
      return { count: Number(count ?? 0), ttl: Math.max(ttl, 1) };
    }
    const entry = this.memory.get(key);
    if (!entry || entry.resetAt <= Date.now()) return { count: 0, ttl: 0 };
    return { count: entry.count, ttl: Math.ceil((entry.resetAt - Date.now()) / 1000) };
  }

  private async increment(key: string): Promise<void> {
    if (this.redis) {
      const n = await this.redis.incr(key);
      if (n === 1) await this.redis.expire(key, WINDOW_S);
      return;
    }
    const now = Date.now();
    const entry = this.memory.get(key);
    if (!entry || entry.resetAt <= now) this.memory.set(key, { count: 1, resetAt: now + WINDOW_S * 1000 });
    else entry.count += 1;
  }
}
