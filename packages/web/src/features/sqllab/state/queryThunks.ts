import { RESULT_HEAD_MIN_ROWS, RESULT_HEAD_ROWS, type QueryDict } from '@tessera/core';
import { fetchQueryResults, ResultsFetchError, sqllabApi, type ExecuteBody, type ExecuteResponse } from '../../../api/sqllabApi';
import { getClientErrorObject } from '../../errors';
import { addToast } from '../../toasts';
import { buildFromJson, buildFromRaw, type BuiltResults } from '../utils/buildResults';
import { asHead } from '../utils/columnarResult';
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

/** Downloads of whole results behind a head on screen, by the head's dataKey. */
const downloads = new Map<string, AbortController>();

/** Results with more rows than this show their first HEAD_ROWS while the rest downloads. */
export const HEAD_MIN_ROWS = RESULT_HEAD_MIN_ROWS;
export const HEAD_ROWS = RESULT_HEAD_ROWS;

/**
 * Fetches a finished query's rows by resultsKey (Arrow), then marks it successful. A big result comes
 * in two steps: its head (the first screens, a few kB) is shown at once with the full row count, then
 * the whole result replaces it, unless a re-run or a stop let go of the head meanwhile.
 */
export function fetchResults(id: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const query = getState().sqlLab.queries[id];
    if (!query?.resultsKey) return;
    const key = query.resultsKey;
    dispatch(requestQueryResults(id));
    const known = knownResponses.get(id);
    knownResponses.delete(id);
    // The execute answer of an asynchronous run describes the query while pending (no rows, the dropdown as
    // limiting factor): only a finished one may speak for the result; otherwise the polled state stands.
    const knownDict = known?.query?.state === 'success' ? known.query : undefined;
    const total = query.rows ?? 0;
    let headKey: string | null = null;
    let endDttm = Date.now();
    const download = new AbortController();
    try {
      if (total > HEAD_MIN_ROWS) {
        const rawHead = await fetchQueryResults(key, { rows: HEAD_ROWS });
        const head = buildFromRaw(rawHead, known);
        const dict = rawHead.kind === 'json' ? rawHead.body.query : knownDict;
        endDttm = Date.now();
        const results = storeResults(id, { data: asHead(head.data, total), meta: { ...head.meta, rowCount: total } });
        headKey = results.dataKey;
        downloads.set(headKey, download);
        dispatch(querySuccess({ id, results, dict: dict ?? null, endDttm }));
      }
      const raw = await fetchQueryResults(key, { offMainThread: headKey !== null, signal: download.signal });
      const built = buildFromRaw(raw, known);
      const dict = raw.kind === 'json' ? raw.body.query : knownDict;
      if (headKey !== null) {
        const current = getState().sqlLab.queries[id];
        resultCache.delete(headKey);
        if (current?.results?.dataKey !== headKey) return;
      }
      dispatch(querySuccess({ id, results: storeResults(id, built), dict: dict ?? null, endDttm: headKey !== null ? endDttm : Date.now() }));
    } catch (caught) {
      // A re-run or a stop let go of the head: its download was called off, nothing went wrong.
      if (download.signal.aborted) return;
      if (headKey !== null) {
        // The head stays on screen; the rest could not be had.
        dispatch(addToast('DANGER_TOAST', FAILED_RESULTS));
        return;
      }
      dispatch(queryFailed({ id, ...failureOf(caught, FAILED_RESULTS), endDttm: Date.now() }));
    } finally {
      if (headKey !== null) downloads.delete(headKey);
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
  for (const [headKey, download] of downloads) if (!live.has(headKey)) download.abort();
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
    const request = dispatch(sqllabApi.endpoints.executeSql.initiate({ body, search: window.location.search }));
    // The request goes out before the page re-renders for the run (clearing a big grid takes a frame or
    // more); its answer is read only after the query is in the store.
    await new Promise((resolve) => setTimeout(resolve, 0));
    dispatch(startQuery(query));
    releaseUnreferencedResults(getState().sqlLab);
    try {
      const response = await request.unwrap();
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

/** How long the server may hold a poll until a run changes (it answers at once when one does). */
export const POLL_WAIT_MS = 2000;
/** The newest `changed_on` (ms) among the runs polls returned on this page. */
let newestChangeSeen = 0;

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
      // A long poll: the server answers as soon as a run changes after the newest change this page has
      // seen (any of the user's runs, so another tab's finished run does not answer every poll at once).
      const changedAfterMs = Math.max(since, newestChangeSeen, ...Object.values(queries).map((q) => q.changed_on ?? 0));
      dicts = await dispatch(sqllabApi.endpoints.getQueriesUpdatedSince.initiate({ lastUpdatedMs: since, waitMs: POLL_WAIT_MS, changedAfterMs })).unwrap();
      for (const dict of dicts) newestChangeSeen = Math.max(newestChangeSeen, Date.parse(dict.changed_on) || 0);
    } catch (caught) {
      // No HTTP status means the server could not be reached: the user is offline until a poll answers again.
      if (errorStatus(caught) === undefined && !getState().sqlLab.offline) dispatch(setOffline(true));
      return;
    }
    if (getState().sqlLab.offline) dispatch(setOffline(false));
    const before = getState().sqlLab.queries;
    const mine = dicts.filter((d) => before[d.id]);
    // Only queries this page saw unfinished get their rows: `updated_since` also returns recent finished
    // ones, whose results a re-run cleared on purpose (fetching them again would undo that).
    const finishing = new Set(mine.filter((d) => UNFINISHED.has(before[d.id]!.state) && before[d.id]!.state !== 'fetching').map((d) => d.id));
    if (mine.length) dispatch(refreshQueries({ dicts: mine, now }));
    for (const dict of mine) {
      const local = getState().sqlLab.queries[dict.id];
      if (finishing.has(dict.id) && dict.state === 'success' && dict.resultsKey && local && !local.results && local.state !== 'fetching') {
        await dispatch(fetchResults(dict.id));
      }
    }
  };
}
