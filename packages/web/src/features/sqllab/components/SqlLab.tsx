import { useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorMessage } from '../../errors';
import { useEditorAutoSync } from '../hooks/useEditorAutoSync';
import { useLocalPersistence } from '../hooks/useLocalPersistence';
import { useQueryAutoRefresh } from '../hooks/useQueryAutoRefresh';
import { useSqlLabShortcuts } from '../hooks/useSqlLabShortcuts';
import { useSqlLabDispatch, useSqlLabSelector } from '../hooks/useSqlLabStore';
import { clearInactiveQueries } from '../state/sqlLabSlice';
import { addNewTab, bootstrapSqlLab, defaultDbId, loadSavedQuery, loadSharedQuery } from '../state/tabThunks';
import { TabbedEditors } from './TabbedEditors';

/** Explore's row limit for a query sent from the explorer. */
export const EXPLORE_ROW_LIMIT = 1000;

interface SqlLabProps {
  /** Key of a shared-query permalink (`/sqllab/p/:key/`). */
  permalinkKey?: string;
}

/** SQL Lab: bootstraps, opens what the URL asks for, and keeps tabs in sync with the backend. */
export function SqlLab({ permalinkKey }: SqlLabProps) {
  const dispatch = useSqlLabDispatch();
  const bootstrapped = useSqlLabSelector((s) => s.sqlLab.bootstrapped);
  const [error, setError] = useState<unknown>(null);
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const started = useRef(false);

  useSqlLabShortcuts();
  useQueryAutoRefresh();
  useEditorAutoSync();
  useLocalPersistence();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const savedQueryId = params.get('savedQueryId');
    const kvId = params.get('id');
    const requested = (location.state as { requestedQuery?: { sql?: string; datasourceKey?: string; dbId?: number; schema?: string | null } } | null)?.requestedQuery;
    void (async () => {
      try {
        await dispatch(bootstrapSqlLab());
      } catch (caught) {
        setError(caught);
        return;
      }
      const state = await dispatch((_d, getState) => getState().sqlLab);
      dispatch(clearInactiveQueries({ interval: Math.max(60_000, state.conf.SQLLAB_TIMEOUT * 2000), now: Date.now() }));
      if (permalinkKey) await dispatch(loadSharedQuery({ permalinkKey }));
      else if (kvId) await dispatch(loadSharedQuery({ kvId }));
      else if (savedQueryId && Number.isFinite(Number(savedQueryId))) await dispatch(loadSavedQuery(Number(savedQueryId)));
      else if (requested?.sql) {
        // A dataset's "View in SQL Lab" names its database and schema; other requests use the default database.
        await dispatch(addNewTab({ sql: requested.sql, dbId: requested.dbId ?? defaultDbId(state), queryLimit: EXPLORE_ROW_LIMIT, schema: requested.schema ?? null }));
      }
      if (permalinkKey || kvId || savedQueryId || requested) void navigate('/sqllab/', { replace: true, state: null });
    })();
  }, [dispatch, params, location.state, navigate, permalinkKey]);

  if (error) return <ErrorMessage error={error} title="SQL Lab could not be loaded" />;
  if (!bootstrapped) return <Spin size="large" style={{ display: 'block', margin: '64px auto' }} />;
  return (
    <div data-test="sqllab-page">
      <TabbedEditors />
    </div>
  );
}
