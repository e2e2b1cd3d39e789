import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { NativeFilterConfig } from '@tessera/core';
import { createAppStore } from '../../../../app/store';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { dashboardStateActions, selectDashboardState } from '../../state/dashboardStateSlice';
import { filterValueChanged, type FilterBarDispatch } from '../state/filterBarActions';
import { selectPendingMasks } from '../state/nativeFilterBarSlice';
import { FilterBar } from './FilterBar';

const timeFilter: NativeFilterConfig = { id: 'NATIVE_FILTER-t', type: 'NATIVE_FILTER', name: 'When', filterType: 'filter_time', targets: [], controlValues: {} };
const divider: NativeFilterConfig = { id: 'NATIVE_FILTER_DIVIDER-d', type: 'DIVIDER', title: 'Dates', description: 'Time filters below' };

function load(filters: NativeFilterConfig[]) {
  return dashboardStateActions.dashboardLoaded({
    info: null,
    metadata: { native_filter_configuration: filters },
    charts: [],
    datasets: [],
    editMode: false,
    lastModifiedTime: null,
    dataMask: {},
  });
}

/** A store with the dashboard loaded, as the page has it before the bar mounts. */
function loaded(filters: NativeFilterConfig[]) {
  const store = createAppStore();
  store.dispatch(load(filters));
  return store;
}

describe('FilterBar', () => {
  it('says when there are no filters, with the add button for editors only', () => {
    const view = renderWithProviders(<FilterBar canEdit />, { store: loaded([]) });
    expect(screen.getByText('No filters are currently added to this dashboard.')).toBeTruthy();
    expect(screen.getByText('+ Add or edit filters')).toBeTruthy();
    view.unmount();
    renderWithProviders(<FilterBar canEdit={false} />, { store: loaded([]) });
    expect(screen.queryByText('+ Add or edit filters')).toBeNull();
  });

  it('applies a pending value only on Apply, and Clear all empties and applies at once', () => {
    const view = renderWithProviders(<FilterBar canEdit={false} />, { store: loaded([divider, timeFilter]) });
    const dispatch = view.store.dispatch as FilterBarDispatch;
    expect(screen.getByText('Filters and options')).toBeTruthy();
    expect(screen.getByText('Dates')).toBeTruthy();
    expect(screen.getByText('Time filters below')).toBeTruthy();
    const apply = screen.getByRole('button', { name: 'Apply filters' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);

    const mask = { id: timeFilter.id, extraFormData: { time_range: 'Last week' }, filterState: { value: 'Last week' } };
    act(() => void dispatch(filterValueChanged(timeFilter, mask)));
    expect(selectDashboardState(view.store.getState()).dataMask[timeFilter.id]).toBeUndefined();
    expect(apply.disabled).toBe(false);
    fireEvent.click(apply);
    expect(selectDashboardState(view.store.getState()).dataMask[timeFilter.id]).toEqual(mask);
    expect(apply.disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    const cleared = { id: timeFilter.id, extraFormData: {}, filterState: { value: null } };
    expect(selectPendingMasks(view.store.getState())[timeFilter.id]).toEqual(cleared);
    expect(selectDashboardState(view.store.getState()).dataMask[timeFilter.id]).toEqual(cleared);
  });
});
