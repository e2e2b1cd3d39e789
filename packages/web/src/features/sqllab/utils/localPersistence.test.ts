import { describe, expect, it } from 'vitest';
import { createMockEditor, createMockQuery } from '../test/factories';
import { initialSqlLabState } from '../state/sqlLabSlice';
import type { QueryResults, SqlLabState } from '../state/types';
import { fromColumnArrays } from './columnarResult';
import { keepStoredResults, LOCAL_RESULTS_MAX_AGE_MS, readLocalState, toLocalState, writeLocalState } from './localPersistence';
import { resultCache } from './resultCache';

const results = (dataKey: string, rowCount: number): QueryResults => ({
  status: 'success',
  columns: [{ column_name: 'v', name: 'v', type: 'STRING', type_generic: 1, is_dttm: false }],
  selected_columns: [],
  expanded_columns: [],
  rowCount,
  displayLimitReached: false,
  dataKey,
});

describe('local storage limits', () => {
  it('drops results older than 864e5 ms or larger than 5120 kB', () => {
    const query = createMockQuery({ endDttm: 1_000 });
    expect(keepStoredResults(query, '[]', 1_000 + LOCAL_RESULTS_MAX_AGE_MS)).toBe(true);
    expect(keepStoredResults(query, '[]', 1_001 + LOCAL_RESULTS_MAX_AGE_MS)).toBe(false);
    expect(keepStoredResults(query, 'x'.repeat(5120 * 1024), 1_000)).toBe(true);
    expect(keepStoredResults(query, 'x'.repeat(5120 * 1024 + 1), 1_000)).toBe(false);
  });

  it('keeps small recent results and restores them; drops big ones', () => {
    const now = 10_000;
    resultCache.set('small', fromColumnArrays(['v'], [['a', 'b']]));
    resultCache.set('big', fromColumnArrays(['v'], [Array.from({ length: 6000 }, () => 'x'.repeat(1000))]));
    const state: SqlLabState = {
      ...initialSqlLabState,
      queryEditors: [createMockEditor({ id: 'e1' })],
      tabHistory: ['e1'],
      queries: {
        small: createMockQuery({ id: 'small', state: 'success', endDttm: now, results: results('small', 2) }),
        big: createMockQuery({ id: 'big', state: 'success', endDttm: now, results: results('big', 6000) }),
      },
    };
    const local = toLocalState(state, new Set(['e1']), now);
    expect(local.queries.small!.storedRows).toEqual([{ v: 'a' }, { v: 'b' }]);
    expect(local.queries.big!.results).toBeNull();
    // 6 MB does not fit jsdom's quota either way; store the small part only.
    delete local.queries.big;
    expect(writeLocalState(local)).toBe(true);
    resultCache.clear();
    const restored = readLocalState(now)!;
    expect(restored.queryEditors[0]!.id).toBe('e1');
    const data = resultCache.get(restored.queries.small!.results!.dataKey);
    expect(data?.columns[0]!.get(1)).toBe('b');
  });
});
