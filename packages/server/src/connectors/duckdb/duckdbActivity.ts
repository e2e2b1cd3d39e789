import type { DuckDBConnection } from '@duckdb/node-api';

/**
 * DuckDB connections with a statement in flight, process-wide. DuckDB runs statements on libuv's thread
 * pool, and Node's exit joins those threads: `process.exit()` with a long statement still running blocks the
 * main thread until the statement ends (for good, for a runaway query), with no timer able to fire. The
 * shutdown (main.ts) therefore interrupts what is left here and waits for it before it exits.
 */
const busy = new Set<DuckDBConnection>();
let idleWaiters: (() => void)[] = [];

/** Runs `fn` with `conn` counted as busy until the promise it returns settles. */
export function duringNativeWork<R>(conn: DuckDBConnection, fn: () => Promise<R>): Promise<R> {
  busy.add(conn);
  return fn().finally(() => {
    busy.delete(conn);
    if (busy.size === 0 && idleWaiters.length > 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const wake of waiters) wake();
    }
  });
}

/** Interrupts every statement in flight (they end with an interrupt error) and resolves true once none is left, false after `timeoutMs`. */
export function interruptDuckdbWork(timeoutMs: number): Promise<boolean> {
  if (busy.size === 0) return Promise.resolve(true);
  for (const conn of busy) conn.interrupt();
  return new Promise((resolve) => {
    // DuckDB drops an interrupt that lands just before a statement starts: repeat until the work is gone.
    const again = setInterval(() => {
      for (const conn of busy) conn.interrupt();
    }, 50);
    const timer = setTimeout(() => {
      clearInterval(again);
      resolve(busy.size === 0);
    }, timeoutMs);
    idleWaiters.push(() => {
      clearInterval(again);
      clearTimeout(timer);
      resolve(true);
    });
  });
}
