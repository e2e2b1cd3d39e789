import { useEffect } from 'react';
import { hasRunningQueries, pollQueries } from '../state/queryThunks';
import { useSqlLabDispatch, useSqlLabSelector } from './useSqlLabStore';

export const QUERY_POLL_INTERVAL_MS = 2000;

/** QueryAutoRefresh: while a query runs, polls `updated_since` every 2 s. */
export function useQueryAutoRefresh(): void {
  const dispatch = useSqlLabDispatch();
  const running = useSqlLabSelector((s) => hasRunningQueries(s.sqlLab.queries, Date.now()));
  const offline = useSqlLabSelector((s) => s.sqlLab.offline);
  useEffect(() => {
    if (!running || offline) return;
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      void dispatch(pollQueries()).finally(() => (busy = false));
    }, QUERY_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [running, offline, dispatch]);
}
