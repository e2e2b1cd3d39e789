import { ConnectionClosedError, PoolWaitTimeoutError } from './poolErrors.js';

/** How a pool shares its resources between the users it serves (see ResourcePool). */
export interface PoolLimits {
  /** Resources one user may hold at once; 0: half the pool, at least one. */
  maxPerUser: number;
  /** How long a request may wait for a resource before it fails with PoolWaitTimeoutError. */
  queueTimeoutMs: number;
}

const DEFAULT_POOL_LIMITS: PoolLimits = { maxPerUser: 0, queueTimeoutMs: 30_000 };

/**
 * Who a resource is for: a user id, null for an anonymous caller (all of them share one share), or
 * undefined for the server's own work (metadata reads, probes), which is not capped.
 */
export type PoolUser = number | null | undefined;

/** The key of the server's own work in the queues: never capped. */
const SERVER = Symbol('server');
type UserKey = number | null | typeof SERVER;

interface Waiter<T> {
  resolve: (resource: T) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * A bounded pool for drivers that give us bare connections (DuckDB), shared fairly between users:
 * - a user holds at most `maxPerUser` resources at once, so one user's slow queries always leave
 *   room for others (a running query cannot be taken back, so the cap holds even when nobody else waits);
 * - when a resource frees up, it goes to the waiting user holding the fewest, then to the one served longest
 *   ago (round-robin), not to whoever asked first, so a user with many queued requests does not delay the others';
 * - a request waits at most `queueTimeoutMs`, then fails with PoolWaitTimeoutError.
 * Closing rejects the waiters and destroys idle resources (busy ones are destroyed when released).
 */
export class ResourcePool<T> {
  private idle: T[] = [];
  private total = 0;
  private readonly queues = new Map<UserKey, Waiter<T>[]>();
  private readonly held = new Map<UserKey, number>();
  /** When each user holding or awaiting a resource was last served (a turn count): ties go to the longest ago. */
  private readonly lastServed = new Map<UserKey, number>();
  private turn = 0;
  private readonly holders = new Map<T, UserKey>();
  private readonly perUser: number;
  private closed = false;
  private drained: (() => void) | null = null;

  constructor(
    private readonly create: () => Promise<T>,
    private readonly destroy: (resource: T) => void,
    private readonly max: number,
    private readonly limits: PoolLimits = DEFAULT_POOL_LIMITS,
  ) {
    this.perUser = limits.maxPerUser > 0 ? Math.min(limits.maxPerUser, max) : Math.max(1, Math.floor(max / 2));
  }

  /** Resources one user may hold at once. */
  get maxPerUser(): number {
    return this.perUser;
  }

  async acquire(user?: PoolUser): Promise<T> {
    if (this.closed) throw new ConnectionClosedError();
    const key: UserKey = user === undefined ? SERVER : user;
    // No waiter can take a free resource (dispatch hands them out at once), so one free now is this caller's.
    if (this.mayTake(key)) {
      const idle = this.idle.pop();
      if (idle !== undefined) {
        this.count(key, 1);
        this.holders.set(idle, key);
        return idle;
      }
      if (this.total < this.max) return new Promise<T>((resolve, reject) => this.grant(key, resolve, reject));
    }
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter<T> = {
        resolve,
        reject,
        timer: setTimeout(() => this.expire(key, waiter), this.limits.queueTimeoutMs),
      };
      waiter.timer.unref();
      const queue = this.queues.get(key);
      if (queue) queue.push(waiter);
      else this.queues.set(key, [waiter]);
    });
  }

  release(resource: T): void {
    const key = this.holders.get(resource);
    if (key !== undefined) {
      this.holders.delete(resource);
      this.count(key, -1);
    }
    if (this.closed) {
      this.total--;
      this.destroy(resource);
      if (this.total === 0) this.drained?.();
      return;
    }
    this.idle.push(resource);
    this.dispatch();
  }

  async use<R>(fn: (resource: T) => Promise<R>, user?: PoolUser): Promise<R> {
    const resource = await this.acquire(user);
    try {
      return await fn(resource);
    } finally {
      this.release(resource);
    }
  }

  /** Resolves once every resource is destroyed, i.e. after the busy ones have been released. */
  close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      for (const queue of this.queues.values()) {
        for (const w of queue) {
          clearTimeout(w.timer);
          w.reject(new ConnectionClosedError());
        }
      }
      this.queues.clear();
      for (const r of this.idle.splice(0)) {
        this.total--;
        this.destroy(r);
      }
    }
    if (this.total === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const previous = this.drained;
      this.drained = () => {
        previous?.();
        resolve();
      };
    });
  }

  /** Counts a resource given to (+1) or given back by (-1) a user; a grant is that user's turn. */
  private count(key: UserKey, delta: number): void {
    const n = (this.held.get(key) ?? 0) + delta;
    if (n > 0) this.held.set(key, n);
    else this.held.delete(key);
    if (delta > 0) this.lastServed.set(key, this.turn++);
    // A user holding and awaiting nothing needs no turn history.
    else if (n <= 0 && !this.queues.has(key)) this.lastServed.delete(key);
  }

  private mayTake(key: UserKey): boolean {
    return key === SERVER || (this.held.get(key) ?? 0) < this.perUser;
  }

  /** Gives free resources to waiters: the user holding the fewest first, then the one served longest ago. */
  private dispatch(): void {
    while (this.idle.length > 0 || this.total < this.max) {
      let chosen: UserKey | undefined;
      let fewest = Infinity;
      let oldest = Infinity;
      for (const key of this.queues.keys()) {
        if (!this.mayTake(key)) continue;
        const holds = key === SERVER ? 0 : (this.held.get(key) ?? 0);
        const served = this.lastServed.get(key) ?? -1;
        if (holds < fewest || (holds === fewest && served < oldest)) {
          chosen = key;
          fewest = holds;
          oldest = served;
        }
      }
      if (chosen === undefined) return;
      const queue = this.queues.get(chosen)!;
      const waiter = queue.shift()!;
      if (queue.length === 0) this.queues.delete(chosen);
      clearTimeout(waiter.timer);
      this.grant(chosen, waiter.resolve, waiter.reject);
    }
  }

  /** Counts the resource against the user at once (so dispatch sees it), then hands an idle one or creates one. */
  private grant(key: UserKey, resolve: (r: T) => void, reject: (e: Error) => void): void {
    this.count(key, 1);
    const idle = this.idle.pop();
    if (idle !== undefined) {
      this.holders.set(idle, key);
      resolve(idle);
      return;
    }
    this.total++;
    this.create().then(
      (resource) => {
        this.holders.set(resource, key);
        resolve(resource);
      },
      (err: unknown) => {
        this.total--;
        this.count(key, -1);
        reject(err instanceof Error ? err : new Error(String(err)));
        if (!this.closed) this.dispatch();
      },
    );
  }

  private expire(key: UserKey, waiter: Waiter<T>): void {
    const queue = this.queues.get(key);
    const at = queue?.indexOf(waiter) ?? -1;
    if (!queue || at < 0) return;
    queue.splice(at, 1);
    if (queue.length === 0) {
      this.queues.delete(key);
      if (!this.held.has(key)) this.lastServed.delete(key);
    }
    const atCap = key !== SERVER && !this.mayTake(key);
    waiter.reject(new PoolWaitTimeoutError(atCap, this.limits.queueTimeoutMs, this.perUser));
  }
}
