import type { QueryDict } from '@tessera/core';
import { createEditor } from '../state/serialize';
import { DEFAULT_CONF } from '../state/sqlLabSlice';
import type { Query, QueryEditor, SqlLabTable } from '../state/types';

export function createMockEditor(overrides: Partial<QueryEditor> = {}): QueryEditor {
  return createEditor(overrides.id ?? 'e1', overrides.name ?? 'Untitled Query 1', DEFAULT_CONF, { dbId: 1, updatedAt: 1, ...overrides });
}

export function createMockQuery(overrides: Partial<Query> = {}): Query {
  return {
    id: 'q1',
    dbId: 1,
    sql: 'SELECT 1',
    sqlEditorId: 'e1',
    tab: 'Untitled Query 1',
    schema: null,
    runAsync: false,
    tempTable: '',
    tempSchema: null,
    ctas: false,
    ctas_method: 'TABLE',
    templateParams: '',
    queryLimit: 1000,
    progress: 0,
    startDttm: 1000,
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
    isDataPreview: false,
    tableName: null,
    executedSql: null,
    queryId: null,
    changed_on: null,
    ...overrides,
  };
}

export function createMockQueryDict(overrides: Partial<QueryDict> = {}): QueryDict {
  return {
    changed_on: '2026-01-01T00:00:00',
    dbId: 1,
    db: 'examples',
    endDttm: 2000,
    errorMessage: null,
    executedSql: 'SELECT 1',
    id: 'q1',
    queryId: 7,
    limit: 1000,
    limitingFactor: 'NOT_LIMITED',
    progress: 100,
    rows: 1,
    catalog: null,
    schema: null,
    ctas: false,
    serverId: 7,
    sql: 'SELECT 1',
    sqlEditorId: 'e1',
    startDttm: 1000,
    state: 'success',
    tab: 'Untitled Query 1',
    tempSchema: null,
    tempTable: null,
    userId: 1,
    user: 'admin',
    resultsKey: 'rk1',
    trackingUrl: null,
    extra: {},
    ...overrides,
  };
}

export function createMockTable(overrides: Partial<SqlLabTable> = {}): SqlLabTable {
  return {
    id: 't1',
    remoteId: null,
    dbId: 1,
    queryEditorId: 'e1',
    schema: 'main',
    name: 'birth_names',
    expanded: true,
    dataPreviewQueryId: null,
    columns: [],
    selectStar: null,
    primaryKey: null,
    foreignKeys: [],
    indexes: [],
    initialized: false,
    ...overrides,
  };
}
