/**
 * A tiny bounded pool for drivers that give us bare connections (DuckDB). Waiters are served in order;
 * closing rejects the waiters and destroys idle resources (busy ones are destroyed when released).
 */
export class ResourcePool<T> {
  private idle: T[] = [];
  private total = 0;
  private waiters: { resolve: (r: T) => void; reject: (e: Error) => void }[] = [];
  private closed = false;
  private drained: (() => void) | null = null;

  constructor(
    private readonly create: () => Promise<T>,
    private readonly destroy: (resource: T) => void,
    private readonly max: number,
  ) {}

  async acquire(): Promise<T> {
    if (this.closed) throw new Error('The connection pool is closed');
    const idle = this.idle.pop();
    if (idle !== undefined) return idle;
    if (this.total < this.max) {
      this.total++;
      try {
        return await this.create();
      } catch (err) {
        this.total--;
        throw err;
      }
    }
    return new Promise<T>((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  release(resource: T): void {
    if (this.closed) {
      this.total--;
      this.destroy(resource);
      if (this.total === 0) this.drained?.();
      return;
    }
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(resource);
    else this.idle.push(resource);
  }

  async use<R>(fn: (resource: T) => Promise<R>): Promise<R> {
    const resource = await this.acquire();
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
      for (const w of this.waiters.splice(0)) w.reject(new Error('The connection pool is closed'));
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
}
