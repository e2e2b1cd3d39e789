import type { QueryHistoryItem } from '../../api/queryApi';
import { listResponse } from './factories';
import type { FetchMock } from './fetchMock';

export function createMockQueryHistoryItem(overrides: Partial<QueryHistoryItem> = {}): QueryHistoryItem {
  return {
    id: 1,
    client_id: 'aBcD1234',
    database: { id: 1, database_name: 'examples' },
    schema: 'main',
    sql: 'SELECT 1 AS test_col',
    executed_sql: 'SELECT 1 AS test_col\nLIMIT 1001',
    status: 'success',
    start_time: 1_764_000_000_000,
    end_time: 1_764_000_001_234,
    rows: 1,
    tab_name: 'Untitled Query 1',
    user: { first_name: 'Ada', last_name: 'Admin' },
    tracking_url: null,
    sql_tables: [],
    ...overrides,
  };
}

/** `GET /api/v1/query/` answering a fixed page (tests read the recorded `q`). */
export function mockQueryHistory(mock: FetchMock, queries: QueryHistoryItem[] = [createMockQueryHistoryItem()]): void {
  mock.on('GET', '/api/v1/query/', { body: listResponse(queries) });
}
