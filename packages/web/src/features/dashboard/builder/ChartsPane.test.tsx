import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import rison from 'rison';
import { DASHBOARD_MESSAGES, GRID_ID, type ChartListItem } from '@tessera/core';
import { createAppStore } from '../../../app/store';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { listResponse } from '../../../test/mocks/factories';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { selectToasts } from '../../toasts';
import { buildLayout, chart, row } from '../layout/layoutTestUtils';
import { layoutLoaded, selectLayout } from '../state/dashboardLayoutSlice';
import { selectDashboardState } from '../state/dashboardStateSlice';
import { ChartsPane } from './ChartsPane';

function listItem(id: number, name: string, extra: Partial<ChartListItem> = {}): ChartListItem {
  return {
    id,
    uuid: `uuid-${id}`,
    slice_name: name,
    viz_type: 'table',
    params: '{}',
    query_context: null,
    description: null,
    description_markeddown: '',
    cache_timeout: null,
    certified_by: null,
    certification_details: null,
    is_managed_externally: false,
    datasource_id: 3,
    datasource_type: 'table',
    datasource_name_text: 'birth_names',
    datasource_url: null,
    slice_url: `/explore/?slice_id=${id}`,
    url: `/explore/?slice_id=${id}`,
    edit_url: '',
    thumbnail_url: null,
    form_data: { datasource: '3__table', viz_type: 'table' },
    table: null,
    dashboards: [],
    owners: [],
    created_by: null,
    created_by_name: '',
    created_on_delta_humanized: '',
    changed_by: null,
    changed_by_name: '',
    changed_on_utc: '',
    changed_on_dttm: 0,
    changed_on_delta_humanized: 'a day ago',
    last_saved_at: null,
    last_saved_by: null,
    tags: [],
    ...extra,
  };
}

function setup(charts: ChartListItem[]) {
  const fetchMock = installFetchMock();
  fetchMock.on('GET', '/api/v1/chart/', { body: listResponse(charts) });
  fetchMock.on('GET', '/api/v1/explore/', (call) => ({
    body: { result: { form_data: {}, slice: null, message: null, dataset: { id: 3, type: 'table', uid: '3__table', name: 'birth_names', columns: [], metrics: [], slice_id: call.query.get('slice_id') } } },
  }));
  const store = createAppStore();
  store.dispatch(layoutLoaded(buildLayout([row('R1', [chart('C1', 1)])])));
  renderWithProviders(<ChartsPane />, { store });
  return { fetchMock, store };
}

describe('ChartsPane', () => {
  it('lists 200 charts a page, recent first, and marks the ones already on the dashboard', async () => {
    const { fetchMock } = setup([listItem(1, 'On the board'), listItem(2, 'Not yet')]);
    const added = await screen.findByText('On the board');
    expect(within(added.closest('[data-test="chart-card"]')!).getByText('Added')).toBeTruthy();
    expect(within(screen.getByText('Not yet').closest('[data-test="chart-card"]')!).queryByText('Added')).toBeNull();
    const query = rison.decode(fetchMock.callsTo('GET', '/api/v1/chart/')[0]!.query.get('q')!) as Record<string, unknown>;
    expect(query).toMatchObject({ page_size: 200, order_column: 'changed_on', order_direction: 'desc' });
  });

  it('searches by name', async () => {
    const { fetchMock } = setup([listItem(2, 'Not yet')]);
    await screen.findByText('Not yet');
    fireEvent.change(screen.getByLabelText('Filter your charts'), { target: { value: 'sales' } });
    await waitFor(() => {
      const last = fetchMock.callsTo('GET', '/api/v1/chart/').at(-1)!;
      expect(rison.decode(last.query.get('q')!)).toMatchObject({ filters: [{ col: 'slice_name', opr: 'chart_all_text', value: 'sales' }] });
    });
  });

  it('adds a chart with its dataset to the dashboard', async () => {
    const { store } = setup([listItem(2, 'Not yet')]);
    await screen.findByText('Not yet');
    fireEvent.click(screen.getByLabelText('Add Not yet'));
    await waitFor(() => expect(selectDashboardState(store.getState()).datasets['3__table']).toBeDefined());
    expect(selectDashboardState(store.getState()).charts[2]!.slice_name).toBe('Not yet');
    const layout = selectLayout(store.getState());
    const lastRow = layout[layout[GRID_ID]!.children.at(-1)!]!;
    expect(layout[lastRow.children[0]!]!.meta).toMatchObject({ chartId: 2, sliceName: 'Not yet', uuid: 'uuid-2' });
    expect(await screen.findByText('Added')).toBeTruthy();
  });

  it('warns when the chart has no definition', async () => {
    const { store } = setup([listItem(5, 'Broken', { form_data: {} })]);
    await screen.findByText('Broken');
    fireEvent.click(screen.getByLabelText('Add Broken'));
    await waitFor(() =>
      expect(selectToasts(store.getState())).toEqual([expect.objectContaining({ toastType: 'WARNING_TOAST', text: DASHBOARD_MESSAGES.missingChartDefinition })]),
    );
    expect(Object.keys(selectLayout(store.getState()))).toHaveLength(4);
  });
});
