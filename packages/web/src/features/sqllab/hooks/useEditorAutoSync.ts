import { useEffect, useRef } from 'react';
import { getCsrfToken } from '../../../api/csrfToken';
import { keepaliveJson } from '../../../api/sqllabApi';
import { TAB_STATE_URL, tabStateApi, type TabStateUpdate } from '../../../api/tabStateApi';
import { tabStateUpdate } from '../state/serialize';
import { createAutoSaver, type AutoSaver } from '../utils/autoSaver';
import { useSqlLabDispatch, useSqlLabSelector } from './useSqlLabStore';

/**
 * EditorAutoSync: with backend persistence, each edited tab is PUT 5 s after its last edit. Pending saves are
 * flushed with keepalive requests when the page is hidden or unloaded, so at most the debounce window is lost.
 */
export function useEditorAutoSync(): void {
  const dispatch = useSqlLabDispatch();
  const editors = useSqlLabSelector((s) => s.sqlLab.queryEditors);
  const enabled = useSqlLabSelector((s) => s.sqlLab.bootstrapped && s.sqlLab.conf.SQLLAB_BACKEND_PERSISTENCE);
  const saverRef = useRef<AutoSaver<TabStateUpdate> | null>(null);
  const seen = useRef(new Map<string, string>());
  const token = useRef<string | null>(null);

  useEffect(() => {
    const saver = createAutoSaver<TabStateUpdate>((id, changes) =>
      dispatch(tabStateApi.endpoints.updateTabState.initiate({ id, changes })).unwrap(),
    );
    saverRef.current = saver;
    void getCsrfToken().then((t) => (token.current = t));
    const flush = () => saver.flush((id, changes) => keepaliveJson(`${TAB_STATE_URL}${id}`, 'PUT', changes, token.current));
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('beforeunload', flush);
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('beforeunload', flush);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      saver.flush();
      saver.dispose();
    };
  }, [dispatch]);

  useEffect(() => {
    if (!enabled) return;
    const saver = saverRef.current;
    if (!saver) return;
    for (const qe of editors) {
      if (!qe.loaded || qe.inLocalStorage) continue;
      const signature = `${qe.updatedAt}|${qe.latestQueryId ?? ''}`;
      const previous = seen.current.get(qe.id);
      seen.current.set(qe.id, signature);
      if (previous !== undefined && previous !== signature) saver.schedule(qe.id, tabStateUpdate(qe));
    }
    for (const id of saver.pendingIds()) if (!editors.some((qe) => qe.id === id)) saver.cancel(id);
  }, [editors, enabled]);
}
