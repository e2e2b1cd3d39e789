import { useEffect } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartListItem, DashboardJsonMetadata } from '@tessera/core';
import { createAppStore, rootReducer, type AppStore } from '../../../app/store';
import { installFetchMock, type FetchMock } from '../../../test/mocks/fetchMock';
import { mockLoggedIn } from '../../../test/mocks/meMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { ChartPlugin, RendererProps } from '../../../viz/types';
import { dashboardStateActions, dashboardStateSlice, type DashboardRootState } from '../state/dashboardStateSlice';
import { ChartHolder } from './ChartHolder';

/** An interactive chart (viz type pie): a button stands for a click on the slice "boy"; it shows what it highlights. */
function FakePie({ onRendered, onCrossFilter, crossFilterSelection, onContextMenu }: RendererProps) {
  useEffect(() => onRendered?.(), [onRendered]);
  return (
    <div>
      <span>{`selected: ${JSON.stringify(crossFilterSelection?.values ?? null)}`}</span>
      {onCrossFilter ? (
        <button type="button" onClick={() => onCrossFilter({ columns: ['gender'], values: ['boy'], label: 'boy' })}>
          click boy
        </button>
      ) : null}
      <button
        type="button"
        onClick={() => onContextMenu?.({ clientX: 5, clientY: 5, filters: [{ col: 'gender', op: '==', val: 'boy' }], crossFilter: { columns: ['gender'], values: ['boy'], label: 'boy' } })}
      >
        right-click boy
      </button>
    </div>
  );
}

const fakePlugin: ChartPlugin = {
  metadata: { vizType: 'pie', name: 'Pie', category: 'Other', description: '', tags: [], thumbnail: '<svg/>' },
  controlPanel: { sections: [] },
  buildQuery: (formData) => ({ datasource: { id: 1, type: 'table' }, form_data: formData, queries: [{ metrics: ['count'] }] }),
  transformProps: () => ({}),
  loadRenderer: () => Promise.resolve(FakePie),
};

vi.mock('../../chart/utils/pluginRegistry', () => ({
  getChartPlugin: () => fakePlugin,
  listChartPlugins: () => [fakePlugin],
}));

rootReducer.inject(dashboardStateSlice);

const chart = (id: number, slice_name: string) =>
  ({ id, slice_name, viz_type: 'pie', description: null, datasource_id: 1, datasource_type: 'table', form_data: { datasource: '1__table', viz_type: 'pie', groupby: ['gender'] } }) as unknown as ChartListItem;

let mock: FetchMock;
let store: AppStore;
const dashboard = () => (store.getState() as unknown as DashboardRootState).dashboardState;
const holder = (chartId: number, editMode = false) => (
  <ChartHolder chartId={chartId} componentId={`CHART-${chartId}`} width={400} height={300} isComponentVisible editMode={editMode} />
);

function load(metadata: DashboardJsonMetadata = {}) {
  store.dispatch(
    dashboardStateActions.dashboardLoaded({ info: { id: 9 } as never, metadata, charts: [chart(5, 'Pie'), chart(6, 'Other')], datasets: [], editMode: false, lastModifiedTime: null }),
  );
}

beforeEach(() => {
  mock = installFetchMock();
  mockLoggedIn(mock);
  mock.on('POST', '/api/v1/chart/data', {
    body: { result: [{ status: 'success', error: null, data: [{ n: 1 }], colnames: ['n'], coltypes: [0], rowcount: 1, applied_filters: [{ column: 'gender' }], rejected_filters: [] }] },
  });
  store = createAppStore();
});

describe('ChartHolder cross-filters', () => {
  it('a click sets the chart mask, the renderer highlights it, the other chart counts it in its badge; a second click clears it', async () => {
    load();
    renderWithProviders(
      <>
        {holder(5)}
        {holder(6)}
      </>,
      { store },
    );
    fireEvent.click((await screen.findAllByText('click boy'))[0]!);
    expect(dashboard().dataMask['5']).toEqual({
      id: '5',
      extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] },
      filterState: { value: [['boy']], selectedValues: ['boy'], label: 'boy' },
    });
    expect(await screen.findByText('selected: [["boy"]]')).toBeTruthy();
    // Only the other chart gets the filter (and its badge); the emitter never filters itself.
    await waitFor(() => expect(document.querySelectorAll('[data-test="filter-badge-count"]')).toHaveLength(1));
    const filtered = () => mock.callsTo('POST', '/api/v1/chart/data').filter((c) => JSON.stringify(c.body).includes('"val":["boy"]'));
    await waitFor(() => expect(filtered().length).toBeGreaterThan(0));
    expect(filtered().map((c) => c.query.get('form_data'))).toEqual(filtered().map(() => JSON.stringify({ slice_id: 6 })));

    fireEvent.click(screen.getAllByText('click boy')[0]!);
    expect(dashboard().dataMask['5']).toEqual({ id: '5', extraFormData: {}, filterState: { value: null } });
    await waitFor(() => expect(document.querySelectorAll('[data-test="filter-badge-count"]')).toHaveLength(0));
  });

  it('emits nothing when the dashboard has cross-filters off, nor in edit mode', async () => {
    load({ cross_filters_enabled: false });
    const view = renderWithProviders(holder(5), { store });
    await screen.findByText('selected: null');
    expect(screen.queryByText('click boy')).toBeNull();
    store.dispatch(dashboardStateActions.metadataUpdated({ cross_filters_enabled: true }));
    expect(await screen.findByText('click boy')).toBeTruthy();
    view.rerender(holder(5, true));
    await waitFor(() => expect(screen.queryByText('click boy')).toBeNull());
  });

  it('the right-click menu adds the cross-filter, then offers to remove it', async () => {
    load();
    renderWithProviders(holder(5), { store });
    fireEvent.click(await screen.findByText('right-click boy'));
    const add = await screen.findByText('Add cross-filter');
    fireEvent.click(add);
    expect(dashboard().dataMask['5']?.extraFormData).toEqual({ filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] });
    await screen.findByText('selected: [["boy"]]');
    fireEvent.click(screen.getByText('right-click boy'));
    fireEvent.click(await screen.findByText('Remove cross-filter'));
    expect(dashboard().dataMask['5']?.extraFormData).toEqual({});
  });
});
