import type { QueryDict } from '@tessera/core';
import { sqllabApi, type PermalinkState } from '../../../api/sqllabApi';
import { sqllabResourcesApi } from '../../../api/sqllabResourcesApi';
import { tabStateApi } from '../../../api/tabStateApi';
import { addToast } from '../../toasts';
import { readLocalState } from '../utils/localPersistence';
import { nanoid } from '../utils/nanoid';
import { cloneTabName, newTabName } from '../utils/newTabName';
import { resultCache } from '../utils/resultCache';
import { selectActiveEditor, selectEditor } from './selectors';
import { createEditor, editorFromTabState, newTabBody, placeholderEditor } from './serialize';
import {
  addQueryEditor,
  bootstrapLoaded,
  DEFAULT_CONF,
  migrateQueryEditor,
  queryEditorLoaded,
  queryFromDict,
  removeQuery,
  removeQueryEditor,
  setActiveQueryEditor,
} from './sqlLabSlice';
import { errorStatus, type SqlLabThunk } from './thunkTypes';
import type { Query, QueryEditor, SqlLabConf, SqlLabDatabase, SqlLabState } from './types';

export const MSG = {
  addTab: 'Unable to add a new tab to the backend. Please contact your administrator.',
  activate: 'An error occurred while setting the active tab. Please contact your administrator.',
  fetchTab: 'An error occurred while fetching tab state. Please contact your administrator.',
  removeTab: 'An error occurred while removing tab. Please contact your administrator.',
  removeQuery: 'An error occurred while removing query. Please contact your administrator.',
  migrate: (what: string) =>
    `Unable to migrate ${what} state to backend. The product will retry later. Please contact your administrator if this problem persists.`,
  queryNotLoaded: "The query couldn't be loaded",
};

export const NON_PERSISTENT_NOTE =
  '\n-- Note: Unless you save your query, these tabs will NOT persist if you clear your cookies or change browsers.';

function readConf(raw: Record<string, unknown> | undefined): SqlLabConf {
  const conf = { ...DEFAULT_CONF };
  if (!raw) return conf;
  const n = (key: keyof SqlLabConf) => (typeof raw[key] === 'number' ? (raw[key] as number) : undefined);
  conf.DEFAULT_SQLLAB_LIMIT = n('DEFAULT_SQLLAB_LIMIT') ?? conf.DEFAULT_SQLLAB_LIMIT;
  conf.SQL_MAX_ROW = n('SQL_MAX_ROW') ?? conf.SQL_MAX_ROW;
  conf.DISPLAY_MAX_ROW = n('DISPLAY_MAX_ROW') ?? conf.DISPLAY_MAX_ROW;
  conf.SQLLAB_TIMEOUT = n('SQLLAB_TIMEOUT') ?? conf.SQLLAB_TIMEOUT;
  conf.SQLLAB_DEFAULT_DBID = n('SQLLAB_DEFAULT_DBID') ?? null;
  if (typeof raw.SQLLAB_BACKEND_PERSISTENCE === 'boolean') conf.SQLLAB_BACKEND_PERSISTENCE = raw.SQLLAB_BACKEND_PERSISTENCE;
  return conf;
}

function readDatabases(raw: Record<string, Record<string, unknown>>): Record<string, SqlLabDatabase> {
  const out: Record<string, SqlLabDatabase> = {};
  for (const [key, db] of Object.entries(raw ?? {})) {
    out[key] = {
      id: Number(db.id ?? key),
      database_name: String(db.database_name ?? key),
      backend: String(db.backend ?? ''),
      allow_run_async: Boolean(db.allow_run_async),
      allow_dml: Boolean(db.allow_dml),
      allow_ctas: Boolean(db.allow_ctas),
      allow_cvas: Boolean(db.allow_cvas),
      expose_in_sqllab: db.expose_in_sqllab !== false,
      disable_data_preview: Boolean(db.disable_data_preview),
    };
  }
  return out;
}

/** The default database: configured one, else the exposed database with the lowest id. */
export function defaultDbId(state: Pick<SqlLabState, 'conf' | 'databases'>): number | null {
  const exposed = Object.values(state.databases).filter((db) => db.expose_in_sqllab);
  const configured = state.conf.SQLLAB_DEFAULT_DBID;
  if (configured !== null && exposed.some((db) => db.id === configured)) return configured;
  return exposed.length ? Math.min(...exposed.map((db) => db.id)) : null;
}

const persistent = (state: { sqlLab: SqlLabState }) => state.sqlLab.conf.SQLLAB_BACKEND_PERSISTENCE;

/** Adds a tab (POST /tabstateview/ when persistence is on; kept locally, to migrate later, when that fails). */
export function addNewTab(overrides: Partial<QueryEditor> = {}): SqlLabThunk<Promise<string>> {
  return async (dispatch, getState) => {
    const state = getState();
    const { sqlLab } = state;
    const active = selectActiveEditor(state);
    const backend = persistent(state);
    const editor = createEditor(nanoid(), newTabName(sqlLab.queryEditors.map((qe) => qe.name)), sqlLab.conf, {
      dbId: active?.dbId ?? defaultDbId(sqlLab),
      schema: active?.schema ?? null,
      queryLimit: active?.queryLimit ?? sqlLab.conf.DEFAULT_SQLLAB_LIMIT,
      sql: backend ? 'SELECT ...' : `SELECT ...${NON_PERSISTENT_NOTE}`,
      inLocalStorage: !backend,
      ...overrides,
    });
    if (backend) {
      try {
        const { id } = await dispatch(tabStateApi.endpoints.createTabState.initiate(newTabBody(editor))).unwrap();
        editor.id = String(id);
      } catch {
        dispatch(addToast('DANGER_TOAST', MSG.addTab));
        editor.inLocalStorage = true;
      }
    }
    dispatch(addQueryEditor(editor));
    return editor.id;
  };
}

export function cloneTab(id: string): SqlLabThunk<Promise<string | null>> {
  return async (dispatch, getState) => {
    const qe = selectEditor(getState(), id);
    if (!qe) return null;
    return dispatch(
      addNewTab({
        name: cloneTabName(qe.name),
        sql: qe.sql,
        dbId: qe.dbId,
        schema: qe.schema,
        queryLimit: qe.queryLimit,
        templateParams: qe.templateParams,
        autorun: true,
      }),
    );
  };
}

function dropQueriesOf(state: SqlLabState, editorId: string) {
  for (const q of Object.values(state.queries)) if (q.sqlEditorId === editorId) resultCache.delete(q.results?.dataKey);
}

/** Closes a tab: DELETE /tabstateview/{id}; a 404 drops it silently, another failure keeps it. */
export function removeTab(id: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const qe = selectEditor(getState(), id);
    if (!qe) return;
    if (persistent(getState()) && !qe.inLocalStorage) {
      try {
        await dispatch(tabStateApi.endpoints.deleteTabState.initiate(id)).unwrap();
      } catch (caught) {
        if (errorStatus(caught) !== 404) {
          dispatch(addToast('DANGER_TOAST', MSG.removeTab));
          return;
        }
      }
    }
    dropQueriesOf(getState().sqlLab, id);
    dispatch(removeQueryEditor(id));
    if (getState().sqlLab.queryEditors.length === 0) await dispatch(addNewTab());
  };
}

/**
 * Removes one run from a tab's history: DELETE /tabstateview/{id}/query/{clientId} unlinks it from the tab (the
 * query stays in the user's query history). A 404 means the server no longer links it: drop it quietly.
 */
export function removeQueryFromTab(queryId: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const query = getState().sqlLab.queries[queryId];
    if (!query) return;
    const qe = query.sqlEditorId ? selectEditor(getState(), query.sqlEditorId) : undefined;
    if (qe && persistent(getState()) && !qe.inLocalStorage) {
      try {
        await dispatch(tabStateApi.endpoints.deleteTabQuery.initiate({ id: qe.id, clientId: queryId })).unwrap();
      } catch (caught) {
        if (errorStatus(caught) !== 404) {
          dispatch(addToast('DANGER_TOAST', MSG.removeQuery));
          return;
        }
      }
    }
    resultCache.delete(query.results?.dataKey);
    dispatch(removeQuery(queryId));
  };
}

/** Loads a tab's server state when not yet loaded (404 drops the tab). */
export function loadTab(id: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const qe = selectEditor(getState(), id);
    if (!qe || qe.loaded || qe.inLocalStorage || !persistent(getState())) return;
    try {
      const tab = await dispatch(tabStateApi.endpoints.getTabState.initiate(id)).unwrap();
      dispatch(queryEditorLoaded(editorFromTabState(tab, getState().sqlLab.conf)));
    } catch (caught) {
      if (errorStatus(caught) === 404) dispatch(removeQueryEditor(id));
      else dispatch(addToast('DANGER_TOAST', MSG.fetchTab));
    }
  };
}

/** Switches tab: activates it on the backend and loads it if needed. */
export function switchTab(id: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const qe = selectEditor(getState(), id);
    if (!qe) return;
    dispatch(setActiveQueryEditor(id));
    if (!persistent(getState()) || qe.inLocalStorage) return;
    await dispatch(loadTab(id));
    try {
      await dispatch(tabStateApi.endpoints.activateTabState.initiate(id)).unwrap();
    } catch (caught) {
      if (errorStatus(caught) === 404) dispatch(removeQueryEditor(id));
      else dispatch(addToast('DANGER_TOAST', MSG.activate));
    }
  };
}

/** Local tabs (persistence was off, or a POST failed) are moved to the backend; failures retry later. */
export function migrateLocalTabs(): SqlLabThunk<Promise<boolean>> {
  return async (dispatch, getState) => {
    if (!persistent(getState())) return true;
    let allDone = true;
    for (const qe of getState().sqlLab.queryEditors.filter((e) => e.inLocalStorage)) {
      try {
        const { id } = await dispatch(tabStateApi.endpoints.createTabState.initiate(newTabBody(qe))).unwrap();
        const newId = String(id);
        dispatch(migrateQueryEditor({ oldId: qe.id, newId }));
        for (const query of Object.values(getState().sqlLab.queries).filter((q) => q.sqlEditorId === newId)) {
          try {
            await dispatch(tabStateApi.endpoints.migrateTabQuery.initiate({ id: newId, queryId: query.id })).unwrap();
          } catch {
            dispatch(addToast('DANGER_TOAST', MSG.migrate('query')));
          }
        }
      } catch {
        allDone = false;
        dispatch(addToast('DANGER_TOAST', MSG.migrate('query editor'), { noDuplicate: true }));
      }
    }
    return allDone;
  };
}

/** `GET /api/v1/sqllab/`, then tabs from the backend (or local storage), local tabs to migrate, a first tab if none. */
export function bootstrapSqlLab(): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const bootstrap = await dispatch(
      sqllabApi.endpoints.getSqlLabBootstrap.initiate(undefined, { subscribe: false, forceRefetch: true }),
    ).unwrap();
    const conf = readConf(bootstrap.common?.conf);
    const databases = readDatabases(bootstrap.databases);
    const local = readLocalState();
    let queryEditors: QueryEditor[] = [];
    let tables = local?.tables ?? [];
    const queries: Record<string, Query> = { ...(local?.queries ?? {}) };
    let activeId: string | null = local?.tabHistory.at(-1) ?? null;

    if (conf.SQLLAB_BACKEND_PERSISTENCE) {
      queryEditors = (bootstrap.tab_state_ids ?? []).map(([id, label]) => placeholderEditor(String(id), label, conf));
      if (bootstrap.active_tab) {
        const loaded = editorFromTabState(bootstrap.active_tab, conf);
        activeId = loaded.editor.id;
        queryEditors = queryEditors.some((qe) => qe.id === activeId)
          ? queryEditors.map((qe) => (qe.id === activeId ? loaded.editor : qe))
          : [...queryEditors, loaded.editor];
        Object.assign(queries, loaded.queries);
        tables = [...tables.filter((t) => local?.queryEditors.some((qe) => qe.id === t.queryEditorId)), ...loaded.tables];
      } else {
        activeId = queryEditors.at(-1)?.id ?? null;
      }
      const localEditors = (local?.queryEditors ?? []).map((qe) => ({ ...qe, inLocalStorage: true }));
      queryEditors = [...queryEditors, ...localEditors.filter((qe) => !queryEditors.some((e) => e.id === qe.id))];
    } else {
      queryEditors = local?.queryEditors ?? [];
    }
    for (const [id, dict] of Object.entries(bootstrap.queries ?? {})) queries[id] = queryFromDict(dict as QueryDict, queries[id]);
    if (activeId && !queryEditors.some((qe) => qe.id === activeId)) activeId = null;

    dispatch(bootstrapLoaded({ databases, conf, queryEditors, activeId, queries, tables }));
    if (getState().sqlLab.queryEditors.some((qe) => qe.inLocalStorage)) await dispatch(migrateLocalTabs());
    if (getState().sqlLab.queryEditors.length === 0) await dispatch(addNewTab());
  };
}

/** Opens a stored query (saved query, permalink, history entry) in a new tab. */
export function openInNewTab(init: Partial<QueryEditor>): SqlLabThunk<Promise<string>> {
  return (dispatch) => dispatch(addNewTab(init));
}

/** `?savedQueryId=N`: the tab already linked to it, else a new tab with its name, database, schema and SQL. */
export function loadSavedQuery(savedQueryId: number): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const existing = getState().sqlLab.queryEditors.find((qe) => qe.remoteId === savedQueryId);
    if (existing) {
      await dispatch(switchTab(existing.id));
      return;
    }
    try {
      const saved = await dispatch(sqllabResourcesApi.endpoints.sqlLabGetSavedQuery.initiate(savedQueryId)).unwrap();
      await dispatch(
        openInNewTab({
          name: saved.label,
          remoteId: saved.id,
          dbId: saved.db_id ?? saved.database?.id ?? null,
          schema: saved.schema,
          sql: saved.sql,
          templateParams: saved.template_parameters ?? '',
        }),
      );
    } catch {
      dispatch(addToast('DANGER_TOAST', MSG.queryNotLoaded));
    }
  };
}

function fromPermalink(state: PermalinkState): Partial<QueryEditor> {
  return {
    name: state.name,
    dbId: state.dbId,
    schema: state.schema,
    sql: state.sql,
    templateParams: typeof state.templateParams === 'string' ? state.templateParams : JSON.stringify(state.templateParams ?? ''),
    autorun: Boolean(state.autorun),
  };
}

/** `/sqllab/p/:key/` (permalink) or `?id=<kvid>` (legacy key-value store). */
export function loadSharedQuery(source: { permalinkKey: string } | { kvId: string }): SqlLabThunk<Promise<void>> {
  return async (dispatch) => {
    try {
      const state =
        'permalinkKey' in source
          ? await dispatch(sqllabApi.endpoints.getSqlPermalink.initiate(source.permalinkKey)).unwrap()
          : await dispatch(sqllabApi.endpoints.getLegacyKv.initiate(source.kvId)).unwrap();
      await dispatch(openInNewTab(fromPermalink(state)));
    } catch {
      dispatch(addToast('DANGER_TOAST', MSG.queryNotLoaded));
    }
  };
}
