import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore, type AppStore } from '../../../app/store';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import type { QueryDict } from '@tessera/core';
import { POLL_WAIT_MS } from '../state/queryThunks';
import { refreshQueries } from '../state/sqlLabSlice';
import { createMockQueryDict } from '../test/factories';
import { LONG_POLL_GAP_MS, pollDelay, QUERY_POLL_INTERVAL_MS, useQueryAutoRefresh } from './useQueryAutoRefresh';

const POLL = '/api/v1/query/updated_since';
const sleep = (ms: number) => act(() => new Promise<void>((r) => setTimeout(r, ms)));

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
});

/** The hook over a real store holding one run in `state`. */
function polling(state: QueryDict['state']): AppStore {
  const store = createAppStore();
  const changedOn = new Date(Date.now() - 100).toISOString();
  store.dispatch(refreshQueries({ dicts: [createMockQueryDict({ id: 'q1', state, startDttm: Date.now() - 100, changed_on: changedOn })], now: Date.now() - 50 }));
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  unmount = renderHook(() => useQueryAutoRefresh(), { wrapper }).unmount;
  return store;
}

describe('query polling', () => {
  it('asks again right after a long poll answers, and every 2 s while offline', () => {
    expect(pollDelay(false)).toBe(LONG_POLL_GAP_MS);
    // The server holds each poll; the gap between them is small beside that wait.
    expect(LONG_POLL_GAP_MS * 10).toBeLessThanOrEqual(POLL_WAIT_MS);
    expect(pollDelay(true)).toBe(QUERY_POLL_INTERVAL_MS);
  });

  it('long-polls one request after another while a run is going, and stops once it has finished', async () => {
    const mock = installFetchMock();
    let polls = 0;
    const started = Date.now() - 100;
    // The server holds each poll 100 ms; the third answer says the run succeeded.
    mock.on('GET', POLL, async () => {
      polls++;
      await new Promise((r) => setTimeout(r, 100));
      const dict = { id: 'q1', state: polls >= 3 ? ('success' as const) : ('running' as const), rows: 1, startDttm: started, changed_on: new Date().toISOString() };
      return { body: { result: [createMockQueryDict(dict)] } };
    });
    mock.on('GET', '/api/v1/sqllab/results/', { body: { status: 'success', data: [{ a: 1 }], columns: [{ column_name: 'a', name: 'a', type: 'INT', is_dttm: false }] } });
    const start = Date.now();
    const store = polling('running');
    await waitFor(() => expect(store.getState().sqlLab.queries.q1?.state).toBe('success'), { timeout: 5000, interval: 20 });
    // Three polls held 100 ms each, back to back: well under the 2 s a single steady-pace poll would wait.
    expect(Date.now() - start).toBeLessThan(QUERY_POLL_INTERVAL_MS);
    expect(mock.callsTo('GET', POLL)).toHaveLength(3);
    // None after the success.
    await sleep(300);
    expect(mock.callsTo('GET', POLL)).toHaveLength(3);
  });

  it('marks the page offline when a poll cannot reach the server, and then asks only every 2 s', async () => {
    const mock = installFetchMock();
    mock.on('GET', POLL, () => Promise.reject(new TypeError('Failed to fetch')));
    const store = polling('running');
    await waitFor(() => expect(store.getState().sqlLab.offline).toBe(true), { timeout: 1500, interval: 20 });
    await sleep(500);
    // One failed poll, then the steady offline pace (2 s) instead of polling every 50 ms.
    expect(mock.callsTo('GET', POLL)).toHaveLength(1);
  });
});
