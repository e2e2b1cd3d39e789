import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DASHBOARD_MESSAGES, type ChartListItem } from '@tessera/core';
import { createAppStore, type AppStore } from '../../../../app/store';
import { installFetchMock, type FetchMock } from '../../../../test/mocks/fetchMock';
import { mockLoggedIn } from '../../../../test/mocks/meMocks';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { selectToasts } from '../../../toasts';
import { buildLayout, chart, row } from '../../layout/layoutTestUtils';
import { layoutLoaded } from '../../state/dashboardLayoutSlice';
import { dashboardStateActions, selectDashboardState } from '../../state/dashboardStateSlice';
import { CrossFilterScopingModal } from './CrossFilterScopingModal';
import { CrossFiltersToggle } from './CrossFiltersToggle';

const listItem = (id: number, slice_name: string) => ({ id, slice_name, viz_type: 'pie', form_data: {} }) as unknown as ChartListItem;

let mock: FetchMock;
let store: AppStore;

beforeEach(() => {
  mock = installFetchMock();
  mockLoggedIn(mock);
  store = createAppStore();
  store.dispatch(layoutLoaded(buildLayout([row('R1', [chart('C1', 1), chart('C2', 2), chart('C3', 3)])])));
  store.dispatch(
    dashboardStateActions.dashboardLoaded({
      info: { id: 9 } as never,
      metadata: { color_scheme: 'supersetColors' },
      charts: [listItem(1, 'Pie'), listItem(2, 'Bars'), listItem(3, 'Table')],
      datasets: [],
      editMode: false,
      lastModifiedTime: null,
    }),
  );
});

describe('CrossFilterScopingModal', () => {
  it("saves one chart's custom scope with the whole json_metadata, and the page takes it", async () => {
    mock.on('PUT', '/api/v1/dashboard/9', { body: { id: 9, result: {}, last_modified_time: 1700000000 } });
    let closed = false;
    renderWithProviders(<CrossFilterScopingModal open initialChartId={1} onClose={() => (closed = true)} />, { store });
    fireEvent.click(await screen.findByRole('radio', { name: 'Custom' }));
    // Out of the custom scope: the table.
    const tableNode = [...document.querySelectorAll('.ant-tree-treenode')].find((n) => n.textContent?.includes('Table'));
    fireEvent.click(tableNode!.querySelector('.ant-tree-checkbox')!);
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(closed).toBe(true));
    const sent = JSON.parse((mock.callsTo('PUT', '/api/v1/dashboard/9')[0]!.body as { json_metadata: string }).json_metadata) as Record<string, unknown>;
    expect(sent.color_scheme).toBe('supersetColors');
    expect(sent.global_chart_configuration).toEqual({ scope: { rootPath: ['ROOT_ID'], excluded: [] }, chartsInScope: [1, 2, 3] });
    expect(sent.chart_configuration).toEqual({
      '1': { id: 1, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [3] }, chartsInScope: [2] } },
      '2': { id: 2, crossFilters: { scope: 'global', chartsInScope: [1, 3] } },
      '3': { id: 3, crossFilters: { scope: 'global', chartsInScope: [1, 2] } },
    });
    expect(selectDashboardState(store.getState()).metadata.chart_configuration).toEqual(sent.chart_configuration);
  });

  it("shows 'Failed to save cross-filter scoping' when the save fails, and changes nothing", async () => {
    mock.on('PUT', '/api/v1/dashboard/9', { status: 500, body: { message: 'boom' } });
    renderWithProviders(<CrossFilterScopingModal open onClose={() => undefined} />, { store });
    fireEvent.click(await screen.findByText('Save'));
    await waitFor(() => expect(selectToasts(store.getState())).toEqual([expect.objectContaining({ toastType: 'DANGER_TOAST', text: DASHBOARD_MESSAGES.crossFilterScopingFailed })]));
    expect(selectDashboardState(store.getState()).metadata.chart_configuration).toBeUndefined();
  });
});

describe('CrossFiltersToggle', () => {
  it('saves cross_filters_enabled and drops the active cross-filters when switched off', async () => {
    mock.on('PUT', '/api/v1/dashboard/9', { body: { id: 9, result: {} } });
    store.dispatch(dashboardStateActions.updateDataMask({ id: '1', extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] }, filterState: { value: [['boy']] } }));
    renderWithProviders(<CrossFiltersToggle />, { store });
    fireEvent.click(screen.getByRole('switch'));
    await waitFor(() => expect(selectDashboardState(store.getState()).metadata.cross_filters_enabled).toBe(false));
    expect(JSON.parse((mock.callsTo('PUT', '/api/v1/dashboard/9')[0]!.body as { json_metadata: string }).json_metadata)).toMatchObject({ cross_filters_enabled: false });
    expect(selectDashboardState(store.getState()).dataMask['1']).toBeUndefined();
  });
});
