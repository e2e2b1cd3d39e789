import { describe, expect, it } from 'vitest';
import { createMockEditor, createMockQuery, createMockQueryDict, createMockTable } from '../test/factories';
import {
  addQueryEditor,
  bootstrapLoaded,
  clearInactiveQueries,
  DEFAULT_CONF,
  initialSqlLabState,
  queryFailed,
  querySuccess,
  queryStopped,
  refreshQueries,
  removeQueryEditor,
  setActiveQueryEditor,
  sqlLabSlice,
  startQuery,
  updateQueryEditor,
} from './sqlLabSlice';
import type { QueryResults, SqlLabState } from './types';

const reduce = sqlLabSlice.reducer;
const results: QueryResults = {
  status: 'success',
  columns: [],
  selected_columns: [],
  expanded_columns: [],
  rowCount: 3,
  displayLimitReached: false,
  dataKey: 'k',
};

function withEditors(...ids: string[]): SqlLabState {
  return reduce(
    initialSqlLabState,
    bootstrapLoaded({
      databases: {},
      conf: DEFAULT_CONF,
      queryEditors: ids.map((id, i) => createMockEditor({ id, name: `Untitled Query ${i + 1}` })),
      activeId: ids[0] ?? null,
      queries: {},
      tables: [],
    }),
  );
}

describe('sqlLab slice: query transitions (spec §4)', () => {
  it('starting is pending when async, running when sync, progress 0, and clears the previous results of the latest query', () => {
    let state = withEditors('e1');
    state = reduce(state, startQuery(createMockQuery({ id: 'a' })));
    expect(state.queries.a!.state).toBe('running');
    state = reduce(state, querySuccess({ id: 'a', results, endDttm: 5 }));
    expect(state.queries.a!.results).not.toBeNull();
    state = reduce(state, startQuery(createMockQuery({ id: 'b', runAsync: true, progress: 40 })));
    expect(state.queries.b!.state).toBe('pending');
    expect(state.queries.b!.progress).toBe(0);
    expect(state.queries.a!.results).toBeNull();
    expect(state.queryEditors[0]!.latestQueryId).toBe('b');
  });

  it('a data preview does not become the latest query', () => {
    let state = withEditors('e1');
    state = reduce(state, startQuery(createMockQuery({ id: 'p', isDataPreview: true })));
    expect(state.queryEditors[0]!.latestQueryId).toBeNull();
  });

  it('success sets progress 100 and records rows, limitingFactor, temp table and resultsKey', () => {
    let state = reduce(withEditors('e1'), startQuery(createMockQuery({ id: 'a' })));
    state = reduce(
      state,
      querySuccess({
        id: 'a',
        results,
        dict: { rows: 3, limitingFactor: 'DROPDOWN', tempSchema: 's', tempTable: 't', resultsKey: 'rk' },
        endDttm: 9,
      }),
    );
    expect(state.queries.a).toMatchObject({ state: 'success', progress: 100, rows: 3, limitingFactor: 'DROPDOWN', tempSchema: 's', tempTable: 't', resultsKey: 'rk' });
  });

  it('a success does not replace a stopped or failed query', () => {
    let state = reduce(withEditors('e1'), startQuery(createMockQuery({ id: 'a' })));
    state = reduce(state, queryStopped({ id: 'a', endDttm: 2 }));
    state = reduce(state, querySuccess({ id: 'a', results, endDttm: 3 }));
    expect(state.queries.a!.state).toBe('stopped');
    state = reduce(state, startQuery(createMockQuery({ id: 'b' })));
    state = reduce(state, queryFailed({ id: 'b', message: 'boom', errors: null, link: null, endDttm: 4 }));
    state = reduce(state, querySuccess({ id: 'b', results, endDttm: 5 }));
    expect(state.queries.b!.state).toBe('failed');
  });

  it('failure stores errors, message, link and end time', () => {
    let state = reduce(withEditors('e1'), startQuery(createMockQuery({ id: 'a' })));
    const errors = [{ message: 'no table', error_type: 'TABLE_DOES_NOT_EXIST_ERROR' }];
    state = reduce(state, queryFailed({ id: 'a', message: 'no table', errors, link: 'http://x', endDttm: 42 }));
    expect(state.queries.a).toMatchObject({ state: 'failed', errorMessage: 'no table', errors, link: 'http://x', endDttm: 42 });
  });

  it('stopping sets stopped and empties results', () => {
    let state = reduce(withEditors('e1'), startQuery(createMockQuery({ id: 'a' })));
    state = reduce(state, querySuccess({ id: 'a', results, endDttm: 3 }));
    state = reduce(state, queryStopped({ id: 'a', endDttm: 4 }));
    expect(state.queries.a!.state).toBe('stopped');
    expect(state.queries.a!.results).toBeNull();
  });

  it('on refresh, fetching/success/running stay so when the server reports success; others take the server state', () => {
    let state = withEditors('e1');
    for (const [id, s] of [['f', 'fetching'], ['r', 'running'], ['p', 'pending']] as const) {
      state = reduce(state, startQuery(createMockQuery({ id, sqlEditorId: null })));
      state = { ...state, queries: { ...state.queries, [id]: { ...state.queries[id]!, state: s } } };
    }
    state = reduce(
      state,
      refreshQueries({ dicts: ['f', 'r', 'p'].map((id) => createMockQueryDict({ id, state: 'success', sqlEditorId: null })), now: 10 }),
    );
    expect(state.queries.f!.state).toBe('fetching');
    expect(state.queries.r!.state).toBe('running');
    expect(state.queries.p!.state).toBe('success');
    expect(state.queriesLastUpdate).toBe(10);
  });

  it('stale inactive queries are cleared; others take their state from saved results', () => {
    let state = withEditors('e1');
    state = reduce(state, startQuery(createMockQuery({ id: 'stale', startDttm: 0, sqlEditorId: null })));
    state = reduce(state, startQuery(createMockQuery({ id: 'fresh', startDttm: 9_000, sqlEditorId: null })));
    state = {
      ...state,
      queries: { ...state.queries, done: createMockQuery({ id: 'done', state: 'fetching', resultsKey: 'k', results, sqlEditorId: null }) },
    };
    state = reduce(state, clearInactiveQueries({ interval: 5_000, now: 10_000 }));
    expect(state.queries.stale).toBeUndefined();
    expect(state.queries.fresh).toBeDefined();
    expect(state.queries.done!.state).toBe('success');
  });
});

describe('sqlLab slice: tabs', () => {
  it('removing the active tab falls back to the last tab and drops its tables and queries', () => {
    let state = withEditors('e1', 'e2', 'e3');
    state = reduce(state, setActiveQueryEditor('e2'));
    state = { ...state, tabHistory: ['e2'], tables: [createMockTable({ queryEditorId: 'e2' }), createMockTable({ id: 't2', queryEditorId: 'e1' })] };
    state = reduce(state, startQuery(createMockQuery({ id: 'q', sqlEditorId: 'e2' })));
    state = reduce(state, removeQueryEditor('e2'));
    expect(state.queryEditors.map((qe) => qe.id)).toEqual(['e1', 'e3']);
    expect(state.tabHistory.at(-1)).toBe('e3');
    expect(state.tables.map((t) => t.id)).toEqual(['t2']);
    expect(state.queries.q).toBeUndefined();
  });

  it('removing a tab goes back in history when there is some', () => {
    let state = withEditors('e1', 'e2', 'e3');
    state = reduce(state, setActiveQueryEditor('e1'));
    state = reduce(state, setActiveQueryEditor('e2'));
    state = reduce(state, removeQueryEditor('e2'));
    expect(state.tabHistory.at(-1)).toBe('e1');
  });

  it('adding activates; edits record updatedAt', () => {
    let state = withEditors('e1');
    state = reduce(state, addQueryEditor(createMockEditor({ id: 'e9' })));
    expect(state.tabHistory.at(-1)).toBe('e9');
    state = reduce(state, updateQueryEditor('e9', { sql: 'SELECT 2', northPercent: 40 }, 777));
    expect(state.queryEditors[1]).toMatchObject({ sql: 'SELECT 2', northPercent: 40, updatedAt: 777 });
  });
});
