import { describe, expect, it } from 'vitest';
import { buildDatasetFilters, datasetListSearchParams, EMPTY_DATASET_FILTERS, parseDatasetListParams } from './datasetListFilters';

describe('buildDatasetFilters', () => {
  it('maps search, database, schema, owner and type', () => {
    expect(buildDatasetFilters({ search: ' fli ', databaseId: 1, schema: 'main', ownerId: 2, kind: 'physical' })).toEqual([
      { col: 'table_name', opr: 'ct', value: 'fli' },
      { col: 'database', opr: 'rel_o_m', value: 1 },
      { col: 'schema', opr: 'eq', value: 'main' },
      { col: 'owners', opr: 'rel_m_m', value: 2 },
      { col: 'sql', opr: 'dataset_is_null_or_empty', value: true },
    ]);
    expect(buildDatasetFilters({ ...EMPTY_DATASET_FILTERS, kind: 'virtual' })).toEqual([{ col: 'sql', opr: 'dataset_is_null_or_empty', value: false }]);
  });

  it('round-trips through the address', () => {
    const state = { filters: { search: 'x', databaseId: 1, schema: null, ownerId: null, kind: 'virtual' as const }, table: { page: 1, pageSize: 25, sortColumn: 'table_name', sortDirection: 'asc' as const } };
    expect(parseDatasetListParams(datasetListSearchParams(state))).toEqual(state);
  });
});
