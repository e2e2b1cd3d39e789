import rison from 'rison';
import type { SavedQueryListItem } from '../../api/savedQueryApi';
import { listResponse } from './factories';
import type { FetchMock } from './fetchMock';

export function createMockSavedQuery(overrides: Partial<SavedQueryListItem> = {}): SavedQueryListItem {
  return {
    id: 1,
    label: 'Top names',
    description: 'Most popular names',
    db_id: 1,
    database: { id: 1, database_name: 'examples' },
    schema: 'main',
    sql: 'SELECT name, SUM(num) AS total FROM birth_names GROUP BY name ORDER BY total DESC',
    sql_tables: [{ table: 'birth_names', schema: 'main', catalog: null }],
    changed_on_delta_humanized: '2 days ago',
    created_on: '2026-11-20T10:00:00',
    created_by: { id: 1, first_name: 'Ada', last_name: 'Admin' },
    last_run_delta_humanized: '2 days ago',
    rows: 100,
    template_parameters: null,
    ...overrides,
  };
}

/** The saved query endpoints over an in-memory list (the list answer ignores filters; tests read the recorded `q`). */
export function mockSavedQueries(mock: FetchMock, queries: SavedQueryListItem[] = [createMockSavedQuery()]): void {
  mock.on('GET', '/api/v1/saved_query/', { body: listResponse(queries) });
  mock.on('GET', '/api/v1/saved_query/related/database', {
    body: { count: 2, result: [{ value: 1, text: 'examples' }, { value: 2, text: 'warehouse' }] },
  });
  mock.on('GET', '/api/v1/saved_query/distinct/schema', {
    body: { count: 2, result: [{ text: 'main', value: 'main' }, { text: 'public', value: 'public' }] },
  });
  mock.on('DELETE', /^\/api\/v1\/saved_query\/\d+$/, { body: { message: 'OK' } });
  mock.on('DELETE', '/api/v1/saved_query/', (call) => {
    const ids = rison.decode<number[]>(call.query.get('q') ?? '!()');
    return { body: { message: `Deleted ${ids.length} saved queries` } };
  });
}
