import { useEffect } from 'react';
import { hasRunningQueries, pollQueries } from '../state/queryThunks';
import { useSqlLabDispatch, useSqlLabSelector } from './useSqlLabStore';

/** Superset polls every 2 s: the pace while the server cannot be reached. */
export const QUERY_POLL_INTERVAL_MS = 2000;
/**
 * Each poll is a long poll (the server holds it until a run changes, up to POLL_WAIT_MS), so the next one
 * can follow right away: a finished run is seen as soon as it is stored, at about one request per 2 s
 * while nothing happens.
 */
export const LONG_POLL_GAP_MS = 50;

/** Delay before the next poll: right after the last long poll answered, or the steady 2 s when offline. */
export function pollDelay(offline: boolean): number {
  return offline ? QUERY_POLL_INTERVAL_MS : LONG_POLL_GAP_MS;
}

/**
 * QueryAutoRefresh: while a query runs, long-polls `updated_since`. A poll that cannot reach the server sets the
 * offline flag; polling goes on at the steady interval and the first answer clears it.
 */
export function useQueryAutoRefresh(): void {
  const dispatch = useSqlLabDispatch();
  const running = useSqlLabSelector((s) => hasRunningQueries(s.sqlLab.queries, Date.now()));
  const offline = useSqlLabSelector((s) => s.sqlLab.offline);
  useEffect(() => {
    if (!running) return;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const schedule = () => {
      timer = setTimeout(() => {
        void dispatch(pollQueries()).finally(() => {
          if (!stopped) schedule();
        });
      }, pollDelay(offline));
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [running, offline, dispatch]);
}
