import { useEffect } from 'react';
import { useStore } from 'react-redux';
import type { SqlLabRootState } from '../state/selectors';
import { migrateLocalTabs } from '../state/tabThunks';
import { clearLocalState, toLocalState, writeLocalState } from '../utils/localPersistence';
import { useSqlLabDispatch, useSqlLabSelector } from './useSqlLabStore';

const WRITE_THROTTLE_MS = 1000;
/** Retry interval of the migration of local tabs to the backend. */
export const MIGRATION_RETRY_MS = 30_000;

/**
 * Local storage: every tab when backend persistence is off, only not-yet-migrated tabs when it is on
 * (those are retried on an interval).
 */
export function useLocalPersistence(): void {
  const store = useStore<SqlLabRootState>();
  const dispatch = useSqlLabDispatch();
  const hasLocalTabs = useSqlLabSelector((s) => s.sqlLab.conf.SQLLAB_BACKEND_PERSISTENCE && s.sqlLab.queryEditors.some((qe) => qe.inLocalStorage));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last: unknown;
    const write = () => {
      timer = undefined;
      const { sqlLab } = store.getState();
      if (!sqlLab.bootstrapped) return;
      const ids = new Set(
        sqlLab.queryEditors.filter((qe) => !sqlLab.conf.SQLLAB_BACKEND_PERSISTENCE || qe.inLocalStorage).map((qe) => qe.id),
      );
      if (ids.size === 0) clearLocalState();
      else writeLocalState(toLocalState(sqlLab, ids, Date.now()));
    };
    const unsubscribe = store.subscribe(() => {
      const current = store.getState().sqlLab;
      if (current === last) return;
      last = current;
      timer ??= setTimeout(write, WRITE_THROTTLE_MS);
    });
    window.addEventListener('pagehide', write);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', write);
      if (timer) {
        clearTimeout(timer);
        write();
      }
    };
  }, [store]);

  useEffect(() => {
    if (!hasLocalTabs) return;
    const timer = setInterval(() => void dispatch(migrateLocalTabs()), MIGRATION_RETRY_MS);
    return () => clearInterval(timer);
  }, [hasLocalTabs, dispatch]);
}
