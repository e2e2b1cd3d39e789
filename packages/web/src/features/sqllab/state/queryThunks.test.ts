import rison from 'rison';
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../../app/store';
import { installFetchMock, type MockReply } from '../../../test/mocks/fetchMock';
import { createMockQueryDict } from '../test/factories';
import { resultCache } from '../utils/resultCache';
import { tableFromArrays, tableToIPC } from 'apache-arrow';
import { vi } from 'vitest';
import { FAILED_RESULTS, fetchResults, HEAD_ROWS, POLL_WAIT_MS, pollQueries, runQuery, stopQuery } from './queryThunks';
import { limitMessage } from '../utils/limitMessage';
import { refreshQueries } from './sqlLabSlice';

describe('pollQueries', () => {
  it('fetches rows of the queries that were running, not of recent finished ones a re-run cleared', async () => {
    const mock = installFetchMock();
    const store = createAppStore();
    const now = Date.now();
    // One query finished earlier (its results cleared by a re-run), one still running here.
    store.dispatch(
      refreshQueries({
        dicts: [
          createMockQueryDict({ id: 'old', state: 'success', resultsKey: 'rk-old', startDttm: now - 4000 }),
          createMockQueryDict({ id: 'new', state: 'running', resultsKey: null, startDttm: now - 500 }),
        ],
        now: now - 1000,
      }),
    );
    mock.on('GET', '/api/v1/query/updated_since', {
      body: {
        result: [
          createMockQueryDict({ id: 'old', state: 'success', resultsKey: 'rk-old', startDttm: now - 4000 }),
          createMockQueryDict({ id: 'new', state: 'success', resultsKey: 'rk-new', startDttm: now - 500, rows: 1 }),
        ],
      },
    });
    mock.on('GET', '/api/v1/sqllab/results/', {
      body: { status: 'success', data: [{ a: 1 }], columns: [{ column_name: 'a', name: 'a', type: 'INT', is_dttm: false }] },
    });
    await store.dispatch(pollQueries());
    const fetched = mock.callsTo('GET', '/api/v1/sqllab/results/').map((c) => c.url);
    expect(fetched).toHaveLength(1);
    expect(decodeURIComponent(fetched[0]!)).toContain('rk-new');
    expect(store.getState().sqlLab.queries.new?.state).toBe('success');
    expect(store.getState().sqlLab.queries.old?.results).toBeNull();
  });

  it('long-polls: asks the server to wait for a change newer than any run it has seen', async () => {
    const mock = installFetchMock();
    const store = createAppStore();
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    store.dispatch(refreshQueries({ dicts: [createMockQueryDict({ id: 'mine', state: 'running', startDttm: now - 500, changed_on: iso(now - 400) })], now: now - 300 }));
    // Another tab's run changed later than anything in this page's store.
    mock.on('GET', '/api/v1/query/updated_since', {
      body: {
        result: [
          createMockQueryDict({ id: 'mine', state: 'running', startDttm: now - 500, changed_on: iso(now - 400) }),
          createMockQueryDict({ id: 'other-tab', state: 'success', startDttm: now - 900, changed_on: iso(now - 100) }),
        ],
      },
    });
    await store.dispatch(pollQueries());
    await store.dispatch(pollQueries());
    const asked = mock.callsTo('GET', '/api/v1/query/updated_since').map((c) => rison.decode(c.query.get('q') ?? '()') as Record<string, number>);
    expect(asked[0]).toMatchObject({ wait_ms: POLL_WAIT_MS, changed_after_ms: now - 400 });
    // The second poll waits past the other tab's change too, so that finished run does not answer at once.
    expect(asked[1]).toMatchObject({ wait_ms: POLL_WAIT_MS, changed_after_ms: now - 100 });
    expect(asked[1]!.last_updated_ms).toBeLessThan(now - 500);
  });
});

const COLUMNS = [{ column_name: 'a', name: 'a', type: 'INT', is_dttm: false }];

/**
 * A finished query of 100,000 rows whose head (rows:…) answers at once; `full` answers the whole result.
 * Resolves `fullAsked` when the whole result is asked for.
 */
function bigQuery(full: () => Promise<MockReply> | MockReply) {
  const mock = installFetchMock();
  const store = createAppStore();
  store.dispatch(refreshQueries({ dicts: [createMockQueryDict({ id: 'big', state: 'running', resultsKey: 'rk-big', rows: 100_000 })], now: Date.now() }));
  const fullAsked = new Promise<void>((resolve) => {
    mock.on('GET', '/api/v1/sqllab/results/', (call) => {
      if (decodeURIComponent(call.url).includes('rows:')) return { body: { status: 'success', data: [{ a: 1 }, { a: 2 }], columns: COLUMNS } };
      resolve();
      return full();
    });
  });
  return { mock, store, fullAsked };
}

describe('fetchResults', () => {
  it('shows the head of a big result with the full row count, then replaces it with every row', async () => {
    let releaseFull: () => void = () => undefined;
    const { mock, store, fullAsked } = bigQuery(async () => {
      await new Promise<void>((r) => (releaseFull = r));
      return { body: { status: 'success', data: [{ a: 1 }, { a: 2 }, { a: 3 }], columns: COLUMNS } };
    });
    const done = store.dispatch(fetchResults('big'));
    await fullAsked;
    const head = store.getState().sqlLab.queries.big!;
    expect(head.state).toBe('success');
    expect(head.results?.rowCount).toBe(100_000);
    const headData = resultCache.get(head.results?.dataKey)!;
    expect([headData.rowCount, headData.loadedRows]).toEqual([100_000, 2]);
    expect(decodeURIComponent(mock.callsTo('GET', '/api/v1/sqllab/results/')[0]!.url)).toContain(`rows:${HEAD_ROWS}`);
    releaseFull();
    await done;
    const full = resultCache.get(store.getState().sqlLab.queries.big!.results?.dataKey)!;
    expect(full.loadedRows).toBeUndefined();
    expect(full.columns[0]!.get(2)).toBe(3);
    expect(resultCache.get(head.results?.dataKey)).toBeUndefined();
  });

  it('keeps the head on screen and says so when the whole result cannot be had', async () => {
    const { store } = bigQuery(() => ({
      status: 410,
      body: { errors: [{ error_type: 'RESULTS_BACKEND_ERROR', message: 'Data could not be retrieved from the results backend.', level: 'error' }] },
    }));
    await store.dispatch(fetchResults('big'));
    const state = store.getState();
    const query = state.sqlLab.queries.big!;
    expect(query.state).toBe('success');
    expect(resultCache.get(query.results?.dataKey)?.loadedRows).toBe(2);
    const toasts = (state as unknown as { messageToasts: { text: string }[] }).messageToasts;
    expect(toasts.map((t) => t.text)).toContain(FAILED_RESULTS);
  });
});

describe('a stop while the whole result downloads', () => {
  it('calls the download off quietly and keeps the query stopped', async () => {
    // The whole result never comes: only the abort ends this request.
    const { mock, store, fullAsked } = bigQuery(() => new Promise(() => undefined));
    mock.on('POST', '/api/v1/query/stop', { body: { result: 'OK' } });
    const done = store.dispatch(fetchResults('big'));
    await fullAsked;
    await store.dispatch(stopQuery('big'));
    await done;
    const state = store.getState();
    expect(state.sqlLab.queries.big?.state).toBe('stopped');
    expect(state.sqlLab.queries.big?.results).toBeNull();
    const toasts = (state as unknown as { messageToasts: { text: string }[] }).messageToasts;
    expect(toasts.map((t) => t.text)).not.toContain(FAILED_RESULTS);
  });
});

describe('an asynchronous run with Arrow results', () => {
  it("keeps the finished run's limiting factor, not the pending answer's (no 'limited to 1 by the limit dropdown' for one row)", async () => {
    const mock = installFetchMock();
    const store = createAppStore();
    mock.on('POST', '/api/v1/sqllab/execute/', (call) => {
      const id = (call.body as { client_id: string }).client_id;
      return { status: 202, body: { query: createMockQueryDict({ id, state: 'pending', rows: null, resultsKey: null, limitingFactor: 'DROPDOWN' }) } };
    });
    const id = await store.dispatch(runQuery({ dbId: 1, sql: 'SELECT 1 AS one', editorId: 'e1', schema: null, queryLimit: 1000 }));
    mock.on('GET', '/api/v1/query/updated_since', { body: { result: [createMockQueryDict({ id, state: 'success', rows: 1, resultsKey: 'rk-1', limitingFactor: 'NOT_LIMITED' })] } });
    const bytes = tableToIPC(tableFromArrays({ one: Int32Array.from([1]) }), 'stream');
    const inner = mock.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.startsWith('/api/v1/sqllab/results/')) return new Response(bytes.slice().buffer, { status: 200, headers: { 'Content-Type': 'application/vnd.apache.arrow.stream' } });
      return inner(input, init);
    });
    await store.dispatch(pollQueries());
    await vi.waitFor(() => expect(store.getState().sqlLab.queries[id]?.results).not.toBeNull());
    const query = store.getState().sqlLab.queries[id]!;
    expect(query.limitingFactor).toBe('NOT_LIMITED');
    expect(limitMessage(query, { DISPLAY_MAX_ROW: 10000, SQL_MAX_ROW: 100000 } as Parameters<typeof limitMessage>[1])).toBeNull();
    vi.unstubAllGlobals();
  });
});
