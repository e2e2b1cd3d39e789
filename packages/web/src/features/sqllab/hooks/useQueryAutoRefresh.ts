import { useEffect } from 'react';
import { hasRunningQueries, pollQueries } from '../state/queryThunks';
import { useSqlLabDispatch, useSqlLabSelector } from './useSqlLabStore';

/** Superset polls every 2 s; most queries finish well before that, so the first polls come sooner. */
export const QUERY_POLL_INTERVAL_MS = 2000;
/**
 * A poll is one indexed read of the query table: cheap enough to ask every 100 ms while a query is young,
 * so a result is on screen within ~100 ms of being stored, not up to 2 s later.
 */
const FIRST_POLL_DELAYS_MS = [100, 100, 100, 100, 100, 150, 150, 200, 250, 300, 400, 500, 750, 1000, 1500];

/** Delay before the n-th poll of one running period: quick at first, then the steady 2 s. */
export function pollDelay(attempt: number): number {
  return FIRST_POLL_DELAYS_MS[attempt] ?? QUERY_POLL_INTERVAL_MS;
}

/**
 * QueryAutoRefresh: while a query runs, polls `updated_since`, backing off to every 2 s. A poll that cannot reach
 * the server sets the offline flag; polling goes on at the steady interval and the first answer clears it.
 */
export function useQueryAutoRefresh(): void {
  const dispatch = useSqlLabDispatch();
  const running = useSqlLabSelector((s) => hasRunningQueries(s.sqlLab.queries, Date.now()));
  const offline = useSqlLabSelector((s) => s.sqlLab.offline);
  useEffect(() => {
    if (!running) return;
    let attempt = offline ? FIRST_POLL_DELAYS_MS.length : 0;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const schedule = () => {
      timer = setTimeout(() => {
        void dispatch(pollQueries()).finally(() => {
          attempt += 1;
          if (!stopped) schedule();
        });
      }, pollDelay(attempt));
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [running, offline, dispatch]);
}
