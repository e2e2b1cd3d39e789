import type { NewTabStateBody, TabStateUpdate } from '../../../api/tabStateApi';
import type { TableSchemaResponse, TabStateResponse } from '../../../api/sqllabApi';
import { queryFromDict } from './sqlLabSlice';
import type { Query, QueryEditor, SqlLabConf, SqlLabTable, TableColumn, TableKeyInfo } from './types';

export const DEFAULT_NORTH_PERCENT = 30;

/** A fresh editor with defaults; `id` is provisional until the backend gives one. */
export function createEditor(id: string, name: string, conf: SqlLabConf, overrides: Partial<QueryEditor> = {}): QueryEditor {
  return {
    id,
    remoteId: null,
    dbId: conf.SQLLAB_DEFAULT_DBID,
    schema: null,
    name,
    sql: 'SELECT ...',
    selectedText: null,
    templateParams: '',
    queryLimit: conf.DEFAULT_SQLLAB_LIMIT,
    autorun: false,
    latestQueryId: null,
    hideLeftBar: false,
    loaded: true,
    cursorPosition: null,
    northPercent: DEFAULT_NORTH_PERCENT,
    southPercent: 100 - DEFAULT_NORTH_PERCENT,
    updatedAt: Date.now(),
    version: 1,
    inLocalStorage: false,
    ...overrides,
  };
}

export function newTabBody(qe: QueryEditor): NewTabStateBody {
  return {
    name: qe.name,
    dbId: qe.dbId,
    schema: qe.schema,
    sql: qe.sql,
    queryLimit: qe.queryLimit,
    hideLeftBar: qe.hideLeftBar,
    remoteId: qe.remoteId,
    templateParams: qe.templateParams,
    autorun: qe.autorun,
  };
}

/** Full autosave payload of `PUT /tabstateview/{id}` (spec §3 "Tab state saved remotely"). */
export function tabStateUpdate(qe: QueryEditor): TabStateUpdate {
  return {
    database_id: qe.dbId,
    schema: qe.schema,
    sql: qe.sql,
    label: qe.name,
    query_limit: qe.queryLimit,
    latest_query_id: qe.latestQueryId,
    template_params: qe.templateParams,
    hide_left_bar: qe.hideLeftBar,
    autorun: qe.autorun,
    extra_json: {
      updatedAt: qe.updatedAt,
      version: 1,
      cursorPosition: qe.cursorPosition,
      northPercent: qe.northPercent,
      southPercent: qe.southPercent,
    },
  };
}

function parseObject(value: unknown): Record<string, unknown> {
  if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  if (typeof value !== 'string' || value === '') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const num = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** `GET /tabstateview/{id}` into an editor (and its tables and latest query). */
export function editorFromTabState(
  tab: TabStateResponse,
  conf: SqlLabConf,
): { editor: QueryEditor; tables: SqlLabTable[]; queries: Record<string, Query> } {
  const extra = parseObject(tab.extra_json);
  const id = String(tab.id);
  const cursor = extra.cursorPosition as QueryEditor['cursorPosition'] | undefined;
  const north = num(extra.northPercent, DEFAULT_NORTH_PERCENT);
  const editor = createEditor(id, tab.label, conf, {
    dbId: tab.database_id ?? conf.SQLLAB_DEFAULT_DBID,
    schema: tab.schema ?? null,
    sql: tab.sql ?? '',
    queryLimit: tab.query_limit ?? conf.DEFAULT_SQLLAB_LIMIT,
    latestQueryId: tab.latest_query?.id ?? null,
    autorun: Boolean(tab.autorun),
    templateParams: tab.template_params ?? '',
    hideLeftBar: Boolean(tab.hide_left_bar),
    remoteId: tab.saved_query?.id ?? null,
    cursorPosition: cursor && typeof cursor.anchor === 'number' ? cursor : null,
    northPercent: north,
    southPercent: num(extra.southPercent, 100 - north),
    updatedAt: num(extra.updatedAt, 0),
    loaded: true,
  });
  const queries: Record<string, Query> = {};
  if (tab.latest_query) queries[tab.latest_query.id] = queryFromDict(tab.latest_query);
  return { editor, tables: (tab.table_schemas ?? []).map((t) => tableFromSchema(t, id)), queries };
}

function keyList(value: unknown): TableKeyInfo[] {
  return Array.isArray(value) ? (value as TableKeyInfo[]) : [];
}

/** A stored `tableschemaview` row: its description holds the table metadata. */
export function tableFromSchema(row: TableSchemaResponse, queryEditorId: string): SqlLabTable {
  const description = parseObject(row.description);
  return {
    id: `remote-${row.id}`,
    remoteId: row.id,
    dbId: row.database_id,
    queryEditorId,
    schema: row.schema,
    name: row.table,
    expanded: Boolean(row.expanded),
    dataPreviewQueryId: typeof description.dataPreviewQueryId === 'string' ? description.dataPreviewQueryId : null,
    columns: Array.isArray(description.columns) ? (description.columns as TableColumn[]) : [],
    selectStar: typeof description.selectStar === 'string' ? description.selectStar : null,
    primaryKey: (description.primaryKey as TableKeyInfo | undefined) ?? null,
    foreignKeys: keyList(description.foreignKeys),
    indexes: keyList(description.indexes),
    initialized: Array.isArray(description.columns),
  };
}

/** An unloaded placeholder for a tab listed in `tab_state_ids`. */
export function placeholderEditor(id: string, label: string, conf: SqlLabConf): QueryEditor {
  return createEditor(id, label, conf, { loaded: false, sql: '', updatedAt: 0 });
}
