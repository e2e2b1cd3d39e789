import type { Query, QueryEditor, SqlLabDatabase, SqlLabState, SqlLabTable } from './types';

export interface SqlLabRootState {
  sqlLab: SqlLabState;
}

const EMPTY_TABLES: SqlLabTable[] = [];

export const selectSqlLab = (state: SqlLabRootState) => state.sqlLab;
export const selectQueryEditors = (state: SqlLabRootState) => state.sqlLab.queryEditors;

export function selectActiveEditorId(state: SqlLabRootState): string | null {
  const { tabHistory, queryEditors } = state.sqlLab;
  return tabHistory[tabHistory.length - 1] ?? queryEditors[0]?.id ?? null;
}

export function selectEditor(state: SqlLabRootState, id: string | null): QueryEditor | undefined {
  return id === null ? undefined : state.sqlLab.queryEditors.find((qe) => qe.id === id);
}

export function selectActiveEditor(state: SqlLabRootState): QueryEditor | undefined {
  return selectEditor(state, selectActiveEditorId(state));
}

export function selectLatestQuery(state: SqlLabRootState, editorId: string): Query | undefined {
  const qe = selectEditor(state, editorId);
  return qe?.latestQueryId ? state.sqlLab.queries[qe.latestQueryId] : undefined;
}

export function selectDatabase(state: SqlLabRootState, dbId: number | null): SqlLabDatabase | undefined {
  return dbId === null ? undefined : state.sqlLab.databases[String(dbId)];
}

export function selectEditorTables(state: SqlLabRootState, editorId: string): SqlLabTable[] {
  const tables = state.sqlLab.tables.filter((t) => t.queryEditorId === editorId);
  return tables.length ? tables : EMPTY_TABLES;
}
