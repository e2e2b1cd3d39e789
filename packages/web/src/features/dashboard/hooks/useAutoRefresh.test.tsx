import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChartListItem } from '@tessera/core';
import { createAppStore } from '../../../app/store';
import { dashboardStateActions, selectDashboardState } from '../state/dashboardStateSlice';
import { useAutoRefresh } from './useAutoRefresh';

function Refresher() {
  useAutoRefresh();
  return null;
}

function setup(metadata: Record<string, unknown>) {
  const store = createAppStore();
  store.dispatch(
    dashboardStateActions.dashboardLoaded({
      info: null,
      metadata,
      charts: [{ id: 1 }, { id: 2 }, { id: 3 }] as ChartListItem[],
      datasets: [],
      editMode: false,
      lastModifiedTime: null,
    }),
  );
  render(
    <Provider store={store}>
      <Refresher />
    </Provider>,
  );
  const key = (id: number) => selectDashboardState(store.getState()).chartRefresh[id];
  return { store, key };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useAutoRefresh', () => {
  it('refreshes the charts every interval, staggered, skipping immune ones', () => {
    vi.useFakeTimers();
    const { key } = setup({ refresh_frequency: 10, timed_refresh_immune_slices: [3] });
    act(() => vi.advanceTimersByTime(9999));
    expect(key(1)).toBeUndefined();
    act(() => vi.advanceTimersByTime(1));
    expect(key(1)).toEqual({ key: 1, force: true });
    expect(key(2)).toBeUndefined();
    // Two charts due: the second starts half of the 5 s minimum stagger later.
    act(() => vi.advanceTimersByTime(2500));
    expect(key(2)).toEqual({ key: 1, force: true });
    expect(key(3)).toBeUndefined();
    act(() => vi.advanceTimersByTime(7500));
    expect(key(1)).toEqual({ key: 2, force: true });
  });

  it('stops when the interval is set back to "Don\'t refresh"', () => {
    vi.useFakeTimers();
    const { store, key } = setup({ refresh_frequency: 10, stagger_refresh: false });
    act(() => vi.advanceTimersByTime(10000));
    expect(key(3)).toEqual({ key: 1, force: true });
    act(() => {
      store.dispatch(dashboardStateActions.setRefreshFrequency({ seconds: 0, persist: false }));
    });
    act(() => vi.advanceTimersByTime(60000));
    expect(key(3)).toEqual({ key: 1, force: true });
  });
});
