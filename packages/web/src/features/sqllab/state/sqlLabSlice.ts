import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { QueryDict } from '@tessera/core';
import type { ClientErrorEntry } from '../../errors';
import type { CostEstimate, Query, QueryEditor, QueryResults, SqlLabConf, SqlLabDatabase, SqlLabState, SqlLabTable } from './types';

export const DEFAULT_CONF: SqlLabConf = {
  DEFAULT_SQLLAB_LIMIT: 1000,
  SQL_MAX_ROW: 100_000,
  DISPLAY_MAX_ROW: 10_000,
  SQLLAB_DEFAULT_DBID: null,
  SQLLAB_BACKEND_PERSISTENCE: true,
  SQLLAB_TIMEOUT: 30,
};

export const initialSqlLabState: SqlLabState = {
  bootstrapped: false,
  databases: {},
  conf: DEFAULT_CONF,
  queryEditors: [],
  tabHistory: [],
  queries: {},
  tables: [],
  queriesLastUpdate: 0,
  offline: false,
  queryCostEstimates: {},
  datasetCreation: 'idle',
};

/** Editor fields the user can change (spec §4 "Other editable properties"). */
export type QueryEditorChanges = Partial<
  Pick<
    QueryEditor,
    | 'dbId'
    | 'schema'
    | 'name'
    | 'sql'
    | 'cursorPosition'
    | 'queryLimit'
    | 'templateParams'
    | 'selectedText'
    | 'autorun'
    | 'northPercent'
    | 'southPercent'
    | 'hideLeftBar'
    | 'remoteId'
  >
>;

export interface BootstrapPayload {
  databases: Record<string, SqlLabDatabase>;
  conf: SqlLabConf;
  queryEditors: QueryEditor[];
  activeId: string | null;
  queries: Record<string, Query>;
  tables: SqlLabTable[];
}

const UNSTOPPABLE_FINAL = new Set(['stopped', 'failed']);
const KEEP_ON_SERVER_SUCCESS = new Set(['fetching', 'success', 'running']);

function findEditor(state: SqlLabState, id: string | null): QueryEditor | undefined {
  return id === null ? undefined : state.queryEditors.find((qe) => qe.id === id);
}

function activate(state: SqlLabState, id: string): void {
  state.tabHistory = state.tabHistory.filter((h) => h !== id);
  state.tabHistory.push(id);
}

/** A server query dict (updated_since / bootstrap) as a client query. */
export function queryFromDict(dict: QueryDict, previous?: Query): Query {
  return {
    ...(previous ?? {
      runAsync: true,
      tempTable: dict.tempTable ?? '',
      ctas: dict.ctas,
      ctas_method: 'TABLE' as const,
      templateParams: '',
      queryLimit: dict.limit ?? 0,
      cached: false,
      results: null,
      errors: null,
      link: null,
      isDataPreview: false,
      tableName: null,
    }),
    id: dict.id,
    dbId: dict.dbId,
    sql: dict.sql,
    sqlEditorId: dict.sqlEditorId,
    tab: dict.tab,
    schema: dict.schema,
    tempSchema: dict.tempSchema,
    tempTable: dict.tempTable ?? previous?.tempTable ?? '',
    progress: dict.progress,
    startDttm: Number(dict.startDttm),
    endDttm: dict.endDttm === null ? null : Number(dict.endDttm),
    state: dict.state,
    resultsKey: dict.resultsKey,
    rows: dict.rows,
    limitingFactor: dict.limitingFactor,
    errorMessage: dict.errorMessage,
    errors: Array.isArray(dict.extra?.errors) ? (dict.extra.errors as ClientErrorEntry[]) : (previous?.errors ?? null),
    executedSql: dict.executedSql,
    queryId: dict.queryId,
    changed_on: Date.parse(dict.changed_on) || null,
  };
}

export const sqlLabSlice = createSlice({
  name: 'sqlLab',
  initialState: initialSqlLabState,
  reducers: {
    bootstrapLoaded(state, { payload }: PayloadAction<BootstrapPayload>) {
      state.bootstrapped = true;
      state.databases = payload.databases;
      state.conf = payload.conf;
      state.queryEditors = payload.queryEditors;
      state.queries = { ...state.queries, ...payload.queries };
      state.tables = payload.tables;
      state.tabHistory = payload.activeId ? [payload.activeId] : payload.queryEditors.slice(-1).map((qe) => qe.id);
    },
    addQueryEditor(state, { payload }: PayloadAction<QueryEditor>) {
      state.queryEditors.push(payload);
      activate(state, payload.id);
    },
    /** Removes a tab, its tables and its queries; falls back to the last tab when history is empty. */
    removeQueryEditor(state, { payload: id }: PayloadAction<string>) {
      state.queryEditors = state.queryEditors.filter((qe) => qe.id !== id);
      state.tabHistory = state.tabHistory.filter((h) => h !== id);
      if (state.tabHistory.length === 0 && state.queryEditors.length > 0) {
        state.tabHistory.push(state.queryEditors[state.queryEditors.length - 1]!.id);
      }
      state.tables = state.tables.filter((t) => t.queryEditorId !== id);
      for (const [qid, query] of Object.entries(state.queries)) {
        if (query.sqlEditorId === id) delete state.queries[qid];
      }
    },
    setActiveQueryEditor(state, { payload: id }: PayloadAction<string>) {
      if (findEditor(state, id)) activate(state, id);
    },
    updateQueryEditor: {
      reducer(state, { payload }: PayloadAction<{ id: string; changes: QueryEditorChanges; updatedAt: number }>) {
        const qe = findEditor(state, payload.id);
        if (!qe) return;
        Object.assign(qe, payload.changes);
        qe.updatedAt = payload.updatedAt;
      },
      prepare(id: string, changes: QueryEditorChanges, updatedAt = Date.now()) {
        return { payload: { id, changes, updatedAt } };
      },
    },
    /** Server state of a tab arrived (GET /tabstateview/{id}). */
    queryEditorLoaded(state, { payload }: PayloadAction<{ editor: QueryEditor; tables: SqlLabTable[]; queries: Record<string, Query> }>) {
      const index = state.queryEditors.findIndex((qe) => qe.id === payload.editor.id);
      if (index < 0) return;
      state.queryEditors[index] = { ...payload.editor, loaded: true };
      state.tables = [...state.tables.filter((t) => t.queryEditorId !== payload.editor.id), ...payload.tables];
      Object.assign(state.queries, payload.queries);
    },
    /** A local tab got a backend id. */
    migrateQueryEditor(state, { payload }: PayloadAction<{ oldId: string; newId: string }>) {
      const qe = findEditor(state, payload.oldId);
      if (!qe) return;
      qe.id = payload.newId;
      qe.inLocalStorage = false;
      state.tabHistory = state.tabHistory.map((h) => (h === payload.oldId ? payload.newId : h));
      for (const table of state.tables) if (table.queryEditorId === payload.oldId) table.queryEditorId = payload.newId;
      for (const query of Object.values(state.queries)) if (query.sqlEditorId === payload.oldId) query.sqlEditorId = payload.newId;
    },
    /** Starting clears the previous results of the editor's latest query; state is pending when async, else running. */
    startQuery(state, { payload }: PayloadAction<Query>) {
      const qe = findEditor(state, payload.sqlEditorId);
      if (qe && !payload.isDataPreview) {
        const previous = qe.latestQueryId ? state.queries[qe.latestQueryId] : undefined;
        if (previous) previous.results = null;
        qe.latestQueryId = payload.id;
      }
      state.queries[payload.id] = {
        ...payload,
        progress: 0,
        state: payload.runAsync ? 'pending' : 'running',
        cached: false,
        results: null,
      };
    },
    /** Rows are being fetched by resultsKey. */
    requestQueryResults(state, { payload: id }: PayloadAction<string>) {
      const query = state.queries[id];
      if (query && !UNSTOPPABLE_FINAL.has(query.state)) query.state = 'fetching';
    },
    querySuccess(
      state,
      {
        payload,
      }: PayloadAction<{ id: string; results: QueryResults; dict?: Partial<QueryDict> | null; endDttm: number }>,
    ) {
      const query = state.queries[payload.id];
      // A success never replaces a stopped or failed query.
      if (!query || UNSTOPPABLE_FINAL.has(query.state)) return;
      const dict = payload.dict ?? {};
      query.state = 'success';
      query.progress = 100;
      query.results = payload.results;
      query.rows = dict.rows ?? payload.results.rowCount;
      query.limitingFactor = dict.limitingFactor ?? query.limitingFactor;
      query.tempSchema = dict.tempSchema ?? query.tempSchema;
      query.tempTable = dict.tempTable ?? query.tempTable;
      query.resultsKey = dict.resultsKey ?? query.resultsKey;
      query.executedSql = dict.executedSql ?? query.executedSql;
      query.queryId = dict.queryId ?? query.queryId;
      query.endDttm = dict.endDttm ? Number(dict.endDttm) : payload.endDttm;
    },
    queryFailed(
      state,
      { payload }: PayloadAction<{ id: string; message: string; errors: ClientErrorEntry[] | null; link: string | null; endDttm: number }>,
    ) {
      const query = state.queries[payload.id];
      if (!query || query.state === 'stopped') return;
      query.state = 'failed';
      query.errorMessage = payload.message;
      query.errors = payload.errors;
      query.link = payload.link;
      query.endDttm = payload.endDttm;
    },
    /** Stopping sets state stopped and empties results. */
    queryStopped(state, { payload }: PayloadAction<{ id: string; endDttm: number }>) {
      const query = state.queries[payload.id];
      if (!query) return;
      query.state = 'stopped';
      query.results = null;
      query.endDttm = query.endDttm ?? payload.endDttm;
    },
    /** Results that could not be kept (e.g. dropped from local storage) are forgotten. */
    clearQueryResults(state, { payload: id }: PayloadAction<string>) {
      const query = state.queries[id];
      if (query) query.results = null;
    },
    removeQuery(state, { payload: id }: PayloadAction<string>) {
      delete state.queries[id];
    },
    /** Polled changes (`updated_since`): a local fetching/success/running query stays so when the server says success. */
    refreshQueries(state, { payload }: PayloadAction<{ dicts: QueryDict[]; now: number }>) {
      for (const dict of payload.dicts) {
        const previous = state.queries[dict.id];
        const next = queryFromDict(dict, previous);
        if (previous && dict.state === 'success' && KEEP_ON_SERVER_SUCCESS.has(previous.state)) next.state = previous.state;
        if (previous && UNSTOPPABLE_FINAL.has(previous.state)) next.state = previous.state;
        state.queries[dict.id] = next;
      }
      state.queriesLastUpdate = payload.now;
    },
    /** Drops running/pending queries that made no progress for `interval` ms; others take their state from saved results. */
    clearInactiveQueries(state, { payload }: PayloadAction<{ interval: number; now: number }>) {
      for (const [id, query] of Object.entries(state.queries)) {
        const stale =
          (query.state === 'running' || query.state === 'pending') && query.progress === 0 && payload.now - query.startDttm > payload.interval;
        if (stale) {
          delete state.queries[id];
        } else if (query.resultsKey && query.results?.status) {
          query.state = query.results.status;
        }
      }
    },
    addTable(state, { payload }: PayloadAction<SqlLabTable>) {
      const existing = state.tables.find(
        (t) => t.queryEditorId === payload.queryEditorId && t.dbId === payload.dbId && t.schema === payload.schema && t.name === payload.name,
      );
      if (existing) Object.assign(existing, { ...payload, id: existing.id, remoteId: existing.remoteId ?? payload.remoteId });
      else state.tables.push(payload);
    },
    mergeTable(state, { payload }: PayloadAction<{ id: string; changes: Partial<SqlLabTable> }>) {
      const table = state.tables.find((t) => t.id === payload.id);
      if (table) Object.assign(table, payload.changes);
    },
    removeTables(state, { payload: ids }: PayloadAction<string[]>) {
      state.tables = state.tables.filter((t) => !ids.includes(t.id));
    },
    setCostEstimate(state, { payload }: PayloadAction<{ editorId: string; estimate: CostEstimate }>) {
      state.queryCostEstimates[payload.editorId] = payload.estimate;
    },
    setDatasetCreation(state, { payload }: PayloadAction<SqlLabState['datasetCreation']>) {
      state.datasetCreation = payload;
    },
    setOffline(state, { payload }: PayloadAction<boolean>) {
      state.offline = payload;
    },
  },
});

export const {
  bootstrapLoaded,
  addQueryEditor,
  removeQueryEditor,
  setActiveQueryEditor,
  updateQueryEditor,
  queryEditorLoaded,
  migrateQueryEditor,
  startQuery,
  requestQueryResults,
  querySuccess,
  queryFailed,
  queryStopped,
  clearQueryResults,
  removeQuery,
  refreshQueries,
  clearInactiveQueries,
  addTable,
  mergeTable,
  removeTables,
  setCostEstimate,
  setDatasetCreation,
  setOffline,
} = sqlLabSlice.actions;
