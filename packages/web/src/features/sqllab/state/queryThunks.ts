import type { QueryDict } from '@tessera/core';
import { fetchQueryResults, ResultsFetchError, sqllabApi, type ExecuteBody, type ExecuteResponse } from '../../../api/sqllabApi';
import { getClientErrorObject } from '../../errors';
import { addToast } from '../../toasts';
import { buildFromJson, buildFromRaw, type BuiltResults } from '../utils/buildResults';
import { nanoid } from '../utils/nanoid';
import { resultCache } from '../utils/resultCache';
import { selectDatabase } from './selectors';
import { queryFailed, querySuccess, queryStopped, refreshQueries, requestQueryResults, setOffline, startQuery } from './sqlLabSlice';
import { errorStatus, type SqlLabThunk } from './thunkTypes';
import type { Query } from './types';

export const FAILED_RESULTS = 'Failed at retrieving results';
export const QUERY_STOPPED = 'Query was stopped.';
export const STOP_FAILED = 'Failed at stopping query.';

export interface RunQueryOptions {
  editorId: string | null;
  dbId: number;
  sql: string;
  schema: string | null;
  queryLimit: number;
  templateParams?: string;
  tab?: string | null;
  isDataPreview?: boolean;
  tableName?: string | null;
  ctas?: { tempTable: string; method: 'TABLE' | 'VIEW' } | null;
}

/** Columns/flags of execute, remembered to describe rows fetched later by resultsKey. */
const knownResponses = new Map<string, Partial<ExecuteResponse>>();

function storeResults(id: string, built: BuiltResults) {
  const dataKey = `${id}:${Date.now()}`;
  resultCache.set(dataKey, built.data);
  return { ...built.meta, dataKey };
}

function failureOf(caught: unknown, fallback?: string) {
  const source = caught instanceof ResultsFetchError ? { status: caught.status, statusText: caught.statusText, data: caught.data } : caught;
  const normalised = getClientErrorObject(source);
  return {
    message: fallback && !normalised.errors?.length ? fallback : normalised.error,
    errors: normalised.errors ?? null,
    link: normalised.link ?? null,
  };
}

/** Fetches a finished query's rows by resultsKey (Arrow), then marks it successful. */
export function fetchResults(id: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const query = getState().sqlLab.queries[id];
    if (!query?.resultsKey) return;
    dispatch(requestQueryResults(id));
    try {
      const raw = await fetchQueryResults(query.resultsKey);
      const known = knownResponses.get(id);
      const built = buildFromRaw(raw, known);
      knownResponses.delete(id);
      const dict = raw.kind === 'json' ? raw.body.query : known?.query;
      dispatch(querySuccess({ id, results: storeResults(id, built), dict: dict ?? null, endDttm: Date.now() }));
    } catch (caught) {
      dispatch(queryFailed({ id, ...failureOf(caught, FAILED_RESULTS), endDttm: Date.now() }));
    }
  };
}

/** Runs SQL (spec §4): async only when the database allows it; the page query string is passed on. */
/**
 * Starting a run clears the previous results of the editor's latest query (spec §4), and a stop empties
 * results: let go of their rows too, so re-running a big query does not keep every earlier result in memory.
 */
function releaseUnreferencedResults(state: { queries: Record<string, Query> }): void {
  const live = new Set<string>();
  for (const q of Object.values(state.queries)) if (q.results?.dataKey) live.add(q.results.dataKey);
  resultCache.retainOnly(live);
}

export function runQuery(options: RunQueryOptions): SqlLabThunk<Promise<string>> {
  return async (dispatch, getState) => {
    const database = selectDatabase(getState(), options.dbId);
    const runAsync = Boolean(database?.allow_run_async);
    const id = nanoid(11);
    const query: Query = {
      id,
      dbId: options.dbId,
      sql: options.sql,
      sqlEditorId: options.editorId,
      tab: options.tab ?? null,
      schema: options.schema,
      runAsync,
      tempTable: options.ctas?.tempTable ?? '',
      tempSchema: null,
      ctas: Boolean(options.ctas),
      ctas_method: options.ctas?.method ?? 'TABLE',
      templateParams: options.templateParams ?? '',
      queryLimit: options.queryLimit,
      progress: 0,
      startDttm: Date.now(),
      endDttm: null,
      state: 'running',
      cached: false,
      resultsKey: null,
      rows: null,
      limitingFactor: null,
      results: null,
      errorMessage: null,
      errors: null,
      link: null,
      isDataPreview: Boolean(options.isDataPreview),
      tableName: options.tableName ?? null,
      executedSql: null,
      queryId: null,
      changed_on: null,
    };
    dispatch(startQuery(query));
    releaseUnreferencedResults(getState().sqlLab);
    const body: ExecuteBody = {
      client_id: id,
      database_id: options.dbId,
      json: true,
      runAsync,
      schema: options.schema,
      sql: options.sql,
      sql_editor_id: options.editorId,
      tab: options.tab ?? null,
      tmp_table_name: query.tempTable,
      select_as_cta: query.ctas,
      ctas_method: query.ctas_method,
      templateParams: query.templateParams,
      queryLimit: options.queryLimit,
      expand_data: true,
      result_format: 'arrow',
    };
    try {
      const response = await dispatch(
        sqllabApi.endpoints.executeSql.initiate({ body, search: window.location.search }),
      ).unwrap();
      const dict = response.query as QueryDict | undefined;
      if (dict && (dict.state === 'pending' || dict.state === 'running' || dict.state === 'scheduled' || dict.state === 'started')) {
        // Asynchronous: QueryAutoRefresh polls until it finishes.
        knownResponses.set(id, response);
        dispatch(refreshQueries({ dicts: [dict], now: Date.now() }));
        return id;
      }
      if (dict?.resultsKey && !(response.data && response.data.length)) {
        knownResponses.set(id, response);
        dispatch(refreshQueries({ dicts: [{ ...dict, state: 'running' }], now: Date.now() }));
        await dispatch(fetchResults(id));
        return id;
      }
      dispatch(querySuccess({ id, results: storeResults(id, buildFromJson(response)), dict: dict ?? null, endDttm: Date.now() }));
    } catch (caught) {
      dispatch(queryFailed({ id, ...failureOf(caught), endDttm: Date.now() }));
    }
    return id;
  };
}

/** `POST /api/v1/query/stop`: the query is stopped only when the server accepted. */
export function stopQuery(id: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    try {
      await dispatch(sqllabApi.endpoints.stopSqlQuery.initiate(id)).unwrap();
      dispatch(queryStopped({ id, endDttm: Date.now() }));
      releaseUnreferencedResults(getState().sqlLab);
      dispatch(addToast('SUCCESS_TOAST', QUERY_STOPPED));
    } catch {
      dispatch(addToast('DANGER_TOAST', STOP_FAILED));
    }
  };
}

const UNFINISHED = new Set(['running', 'started', 'pending', 'fetching', 'scheduled']);
/** Queries older than this are not polled (Superset: 6 h). */
export const MAX_POLL_AGE_MS = 6 * 3600 * 1000;

export function hasRunningQueries(queries: Record<string, Query>, now: number): boolean {
  return Object.values(queries).some((q) => UNFINISHED.has(q.state) && q.state !== 'fetching' && now - q.startDttm < MAX_POLL_AGE_MS);
}

/** One QueryAutoRefresh tick: `updated_since` (5 s buffer), then fetch rows of those that finished. */
export function pollQueries(): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const { queries, queriesLastUpdate } = getState().sqlLab;
    const now = Date.now();
    const oldestRunning = Math.min(
      ...Object.values(queries)
        .filter((q) => UNFINISHED.has(q.state))
        .map((q) => q.startDttm),
    );
    const since = Math.max(0, Math.min(queriesLastUpdate || oldestRunning, oldestRunning) - 5000);
    let dicts: QueryDict[];
    try {
      dicts = await dispatch(sqllabApi.endpoints.getQueriesUpdatedSince.initiate(since)).unwrap();
    } catch (caught) {
      // No HTTP status means the server could not be reached: the user is offline until a poll answers again.
      if (errorStatus(caught) === undefined && !getState().sqlLab.offline) dispatch(setOffline(true));
      return;
    }
    if (getState().sqlLab.offline) dispatch(setOffline(false));
    const before = getState().sqlLab.queries;
    const mine = dicts.filter((d) => before[d.id]);
    if (mine.length) dispatch(refreshQueries({ dicts: mine, now }));
    for (const dict of mine) {
      const local = getState().sqlLab.queries[dict.id];
      if (dict.state === 'success' && dict.resultsKey && local && !local.results && local.state !== 'fetching') {
        await dispatch(fetchResults(dict.id));
      }
    }
  };
}
