import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DashboardLayout, NativeFilterConfig } from '@tessera/core';
import { createAppStore } from '../../../../../app/store';
import { installFetchMock } from '../../../../../test/mocks/fetchMock';
import { renderWithProviders } from '../../../../../test/renderWithProviders';
import { layoutLoaded } from '../../../page/layoutBridge';
import { dashboardStateActions, selectDashboardState } from '../../../state/dashboardStateSlice';
import { FiltersConfigModalView } from './FiltersConfigModalView';

const layout: DashboardLayout = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], meta: {} },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['CHART-1'], meta: {} },
  'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId: 31 } },
};

const filter = (id: string, name: string): NativeFilterConfig => ({
  id,
  type: 'NATIVE_FILTER',
  name,
  filterType: 'filter_time',
  targets: [{}],
  controlValues: { enableEmptyFilter: false },
  defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
  chartsInScope: [31],
  tabsInScope: [],
  description: '',
});

function setup(filters: NativeFilterConfig[]) {
  const mock = installFetchMock();
  mock.on('GET', /\/api\/v1\/dataset\//, { body: { result: [], count: 0 } });
  mock.on('PUT', '/api/v1/dashboard/7/filters', (call) => ({
    body: { result: (call.body as { modified: NativeFilterConfig[] }).modified, last_modified_time: 1700000000 },
  }));
  const onClose = vi.fn();
  // The modal starts from the stored filters: the page has loaded them before it opens.
  const store = createAppStore();
  store.dispatch(layoutLoaded(layout));
  store.dispatch(
    dashboardStateActions.dashboardLoaded({
      info: { id: 7 } as never,
      metadata: { native_filter_configuration: filters },
      charts: [],
      datasets: [],
      editMode: false,
      lastModifiedTime: 1,
    }),
  );
  const view = renderWithProviders(<FiltersConfigModalView open onClose={onClose} />, { store });
  return { mock, onClose, store: view.store };
}

const modal = () => document.querySelector<HTMLElement>('[data-test="filter-modal"]');

describe('FiltersConfigModalView', () => {
  it('saves an edited filter with PUT /filters and puts the answer in the store', async () => {
    const { mock, onClose, store } = setup([filter('NATIVE_FILTER-a', 'When')]);
    const name = await screen.findByLabelText('Filter name');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('When'));
    fireEvent.change(name, { target: { value: 'Period' } });
    fireEvent.click(within(modal()!).getByText('Save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [put] = mock.callsTo('PUT', '/api/v1/dashboard/7/filters');
    expect(put?.body).toMatchObject({ modified: [{ id: 'NATIVE_FILTER-a', name: 'Period', filterType: 'filter_time', chartsInScope: [31] }], deleted: [], reordered: [] });
    const state = selectDashboardState(store.getState());
    expect(state.metadata.native_filter_configuration?.[0]?.name).toBe('Period');
    expect(state.lastModifiedTime).toBe(1700000000);
  });

  it('refuses to save a filter without a name, and focuses the name', async () => {
    const { mock, onClose } = setup([filter('NATIVE_FILTER-a', 'When')]);
    const name = await screen.findByLabelText('Filter name');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('When'));
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.click(within(modal()!).getByText('Save'));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Filter name')));
    expect(mock.callsTo('PUT', '/api/v1/dashboard/7/filters')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers "Restore filter" for a deleted filter', async () => {
    setup([filter('NATIVE_FILTER-a', 'When'), filter('NATIVE_FILTER-b', 'Other')]);
    fireEvent.click(await screen.findByLabelText('Delete Other'));
    expect(await screen.findByText('You have removed this filter.')).toBeTruthy();
    fireEvent.click(screen.getByText('Restore filter'));
    await waitFor(() => expect((screen.getByLabelText('Filter name') as HTMLInputElement).value).toBe('Other'));
  });

  it('asks before cancelling edits', async () => {
    const { onClose } = setup([filter('NATIVE_FILTER-a', 'When')]);
    const name = await screen.findByLabelText('Filter name');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('When'));
    fireEvent.change(name, { target: { value: 'Other' } });
    fireEvent.click(within(modal()!).getByText('Cancel'));
    expect(await screen.findByText('There are unsaved changes.')).toBeTruthy();
    expect(screen.getByText('Are you sure you want to cancel?')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('Yes, cancel'));
    expect(onClose).toHaveBeenCalled();
  });
  it("shows the server's 400 reasons and marks the filter's field", async () => {
    const { mock, onClose } = setup([filter('NATIVE_FILTER-a', 'When')]);
    const reason = 'Filter "When": Column "gone" does not exist in dataset birth_names';
    mock.on('PUT', '/api/v1/dashboard/7/filters', {
      status: 400,
      body: {
        message: { native_filter_configuration: [reason] },
        errors: [{ message: reason, error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR', level: 'error', extra: { filter_errors: { 'NATIVE_FILTER-a': { name: 'Taken' } } } }],
      },
    });
    const name = await screen.findByLabelText('Filter name');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('When'));
    fireEvent.change(name, { target: { value: 'When2' } });
    fireEvent.click(within(modal()!).getByText('Save'));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(await screen.findByText('Taken')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    // Editing the filter drops the server's mark on it.
    fireEvent.change(screen.getByLabelText('Filter name'), { target: { value: 'When3' } });
    await waitFor(() => expect(screen.queryByText('Taken')).toBeNull());
  });
  it('starts on a new filter when there is none, and closes on Cancel without asking', async () => {
    const { onClose } = setup([]);
    expect(await screen.findByText('[untitled]')).toBeTruthy();
    expect((screen.getByLabelText('Filter name') as HTMLInputElement).value).toBe('');
    fireEvent.click(within(modal()!).getByText('Cancel'));
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByText('There are unsaved changes.')).toBeNull();
  });
});
