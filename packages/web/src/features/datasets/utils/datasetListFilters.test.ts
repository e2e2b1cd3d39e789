import { describe, expect, it } from 'vitest';
import { buildDatasetFilters, datasetListSearchParams, EMPTY_DATASET_FILTERS, parseDatasetListParams } from './datasetListFilters';

describe('buildDatasetFilters', () => {
  it('maps search, database, schema, owner, type, certification and modified by', () => {
    expect(buildDatasetFilters({ search: ' fli ', databaseId: 1, schema: 'main', ownerId: 2, kind: 'physical', certified: false, changedById: 3 })).toEqual([
      { col: 'table_name', opr: 'ct', value: 'fli' },
      { col: 'database', opr: 'rel_o_m', value: 1 },
      { col: 'schema', opr: 'eq', value: 'main' },
      { col: 'owners', opr: 'rel_m_m', value: 2 },
      { col: 'sql', opr: 'dataset_is_null_or_empty', value: true },
      { col: 'id', opr: 'dataset_is_certified', value: false },
      { col: 'changed_by', opr: 'rel_o_m', value: 3 },
    ]);
    expect(buildDatasetFilters({ ...EMPTY_DATASET_FILTERS, kind: 'virtual' })).toEqual([{ col: 'sql', opr: 'dataset_is_null_or_empty', value: false }]);
  });

  it('round-trips through the address', () => {
    const state = { filters: { search: 'x', databaseId: 1, schema: null, ownerId: null, kind: 'virtual' as const, certified: true, changedById: 4 }, table: { page: 1, pageSize: 25, sortColumn: 'table_name', sortDirection: 'asc' as const } };
    expect(parseDatasetListParams(datasetListSearchParams(state))).toEqual(state);
  });
});
