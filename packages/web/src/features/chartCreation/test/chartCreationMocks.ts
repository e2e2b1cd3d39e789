import rison from 'rison';
import type { MeRolesResult } from '@tessera/core';
import type { DatasetOption } from '../../../api/exploreApi';
import type { FetchMock } from '../../../test/mocks/fetchMock';

/** May create charts but not datasets. */
export const CHART_WRITER_ROLES: MeRolesResult['roles'] = {
  Alpha: [
    ['can_read', 'Chart'],
    ['can_write', 'Chart'],
    ['can_read', 'Dataset'],
  ],
};

export function createMockDatasetOption(overrides: Partial<DatasetOption> = {}): DatasetOption {
  return { id: 3, table_name: 'flights', schema: 'main', database: { id: 1, database_name: 'examples' }, kind: 'physical', ...overrides };
}

interface ListQuery {
  filters?: { col: string; opr: string; value: string }[];
}

/**
 * `GET /api/v1/dataset/` answering the `table_name ct` filter over `datasets`, and `GET /api/v1/dataset/<id>` for
 * each of them (404 for others).
 */
export function mockDatasetSearch(mock: FetchMock, datasets: DatasetOption[]): void {
  mock.on('GET', '/api/v1/dataset/', (call) => {
    const query = rison.decode<ListQuery>(call.query.get('q') ?? '()');
    const needle = query.filters?.find((f) => f.col === 'table_name' && f.opr === 'ct')?.value.toLowerCase() ?? '';
    const result = datasets.filter((d) => d.table_name.toLowerCase().includes(needle));
    return { body: { count: result.length, ids: result.map((d) => d.id), result } };
  });
  mock.on('GET', /^\/api\/v1\/dataset\/\d+$/, (call) => {
    const id = Number(call.path.split('/').pop());
    const found = datasets.find((d) => d.id === id);
    if (!found) return { status: 404, body: { message: 'Not found' } };
    return { body: { id, result: { ...found, database: { ...found.database, backend: 'duckdb' }, columns: [], metrics: [] } } };
  });
}
