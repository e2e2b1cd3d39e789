import { describe, expect, it } from 'vitest';
import { encodeListQuery } from '../../../api/listQuery';
import { buildQueryHistoryFilters, EMPTY_QUERY_HISTORY_FILTERS } from './buildQueryHistoryFilters';

describe('buildQueryHistoryFilters', () => {
  it('sends nothing for empty filters', () => {
    expect(buildQueryHistoryFilters(EMPTY_QUERY_HISTORY_FILTERS)).toEqual([]);
  });

  it('composes every filter in order, with the time range as start_time gt / lt in epoch ms', () => {
    const filters = buildQueryHistoryFilters({
      databaseId: 1,
      status: 'timed_out',
      search: ' from t ',
      startAfter: 1_764_000_000_000,
      startBefore: 1_764_086_400_000,
    });
    expect(encodeListQuery({ filters })).toBe(
      "(filters:!((col:database,opr:rel_o_m,value:1),(col:status,opr:eq,value:timed_out),(col:sql,opr:ct,value:'from t'),(col:start_time,opr:gt,value:1764000000000),(col:start_time,opr:lt,value:1764086400000)))",
    );
  });

  it('accepts an open-ended time range', () => {
    expect(buildQueryHistoryFilters({ ...EMPTY_QUERY_HISTORY_FILTERS, startBefore: 5 })).toEqual([{ col: 'start_time', opr: 'lt', value: 5 }]);
  });
});
