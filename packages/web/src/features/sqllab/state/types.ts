import type { LimitingFactor, QueryState, ResultColumn } from '@tessera/core';
import type { ClientErrorEntry } from '../../errors';

/** A database as `GET /api/v1/sqllab/` describes it (only the capabilities SQL Lab reads). */
export interface SqlLabDatabase {
  id: number;
  database_name: string;
  backend: string;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  expose_in_sqllab: boolean;
  disable_data_preview: boolean;
}

/** `common.conf` of the bootstrap. */
export interface SqlLabConf {
  DEFAULT_SQLLAB_LIMIT: number;
  SQL_MAX_ROW: number;
  DISPLAY_MAX_ROW: number;
  SQLLAB_DEFAULT_DBID: number | null;
  SQLLAB_BACKEND_PERSISTENCE: boolean;
  SQLLAB_TIMEOUT: number;
}

export interface CursorPosition {
  anchor: number;
  head: number;
}

/** One editor tab (spec §3 "Query editor"). */
export interface QueryEditor {
  id: string;
  /** Id of the linked saved query. */
  remoteId: number | null;
  dbId: number | null;
  schema: string | null;
  name: string;
  sql: string;
  selectedText: string | null;
  templateParams: string;
  queryLimit: number;
  autorun: boolean;
  latestQueryId: string | null;
  hideLeftBar: boolean;
  loaded: boolean;
  cursorPosition: CursorPosition | null;
  northPercent: number;
  southPercent: number;
  updatedAt: number;
  version: 1;
  /** Not (yet) stored by the backend: migrated when backend persistence is on. */
  inLocalStorage: boolean;
}

/** The results of a successful run. Rows live outside the store (see `utils/resultCache`). */
export interface QueryResults {
  status: 'success';
  columns: ResultColumn[];
  selected_columns: ResultColumn[];
  expanded_columns: ResultColumn[];
  rowCount: number;
  displayLimitReached: boolean;
  /** Key into the result cache; null when the rows were dropped (e.g. restored from local storage). */
  dataKey: string | null;
}

/** One run (spec §3 "Query"). */
export interface Query {
  id: string;
  dbId: number;
  sql: string;
  sqlEditorId: string | null;
  tab: string | null;
  schema: string | null;
  runAsync: boolean;
  tempTable: string;
  tempSchema: string | null;
  ctas: boolean;
  ctas_method: 'TABLE' | 'VIEW';
  templateParams: string;
  queryLimit: number;
  progress: number;
  startDttm: number;
  endDttm: number | null;
  state: QueryState;
  cached: boolean;
  resultsKey: string | null;
  rows: number | null;
  limitingFactor: LimitingFactor | null;
  results: QueryResults | null;
  errorMessage: string | null;
  errors: ClientErrorEntry[] | null;
  link: string | null;
  isDataPreview: boolean;
  tableName: string | null;
  executedSql: string | null;
  /** Server id of the query row. */
  queryId: number | null;
  changed_on: number | null;
}

export interface TableKeyInfo {
  column_names: string[];
  name: string | null;
  type: string;
}

export interface TableColumn {
  name: string;
  type: string;
  keys: TableKeyInfo[];
}

/** A table added to the left bar (spec §3 "Table schema entry"). */
export interface SqlLabTable {
  id: string;
  /** Id of the `tableschemaview` row. */
  remoteId: number | null;
  dbId: number;
  queryEditorId: string;
  schema: string | null;
  name: string;
  expanded: boolean;
  dataPreviewQueryId: string | null;
  columns: TableColumn[];
  selectStar: string | null;
  primaryKey: TableKeyInfo | null;
  foreignKeys: TableKeyInfo[];
  indexes: TableKeyInfo[];
  initialized: boolean;
}

export type CostEstimate =
  | { status: 'started' }
  | { status: 'returned'; result: Record<string, unknown>[] }
  | { status: 'failed'; error: string };

export interface SqlLabState {
  bootstrapped: boolean;
  databases: Record<string, SqlLabDatabase>;
  conf: SqlLabConf;
  queryEditors: QueryEditor[];
  /** Ids of tabs in the order they were activated; the last one is active. */
  tabHistory: string[];
  queries: Record<string, Query>;
  tables: SqlLabTable[];
  queriesLastUpdate: number;
  offline: boolean;
  queryCostEstimates: Record<string, CostEstimate>;
  datasetCreation: 'idle' | 'started' | 'success' | 'failed';
}
