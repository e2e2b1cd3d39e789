import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChartPlugin } from '../../../viz/types';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { mockLoggedIn } from '../../../test/mocks/meMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ExploreView } from './ExploreView';
import { FLIGHTS_DATASOURCE } from '../../../test/fixtures/exploreDatasource';

const table: ChartPlugin = {
  metadata: { vizType: 'table', name: 'Table', category: 'Table', description: 'Rows', tags: [], thumbnail: '<svg/>' },
  controlPanel: { sections: [{ label: 'Query', controlSetRows: [[{ name: 'metrics', type: 'MetricsControl', label: 'Metrics', validators: [{ type: 'nonEmpty' }] }]] }] },
  buildQuery: (formData) => ({ datasource: { id: 4, type: 'table' }, form_data: formData, queries: [{}] }),
  transformProps: () => ({}),
  loadRenderer: () => Promise.resolve(() => null),
};

vi.mock('../../chart/utils/pluginRegistry', () => ({
  getChartPlugin: (vizType: string) => (vizType === 'table' ? table : undefined),
  listChartPlugins: () => [table],
}));

describe('DatasourcePanel', () => {
  it('names a deleted dataset "Missing dataset" and offers to swap it, never "undefined"', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock);
    mock.on('GET', '/api/v1/explore/', {
      body: {
        result: {
          form_data: { datasource: '4__table', viz_type: 'table', metrics: ['count'] },
          dataset: {},
          slice: { slice_id: 12, slice_name: 'Energy by source', owners: [1], dashboards: [] },
          message: 'The dataset associated with this chart no longer exists',
          can_add: true,
          can_download: true,
          can_overwrite: true,
        },
      },
    });
    mock.on('GET', '/api/v1/chart/favorite_status/', { body: { result: [{ id: 12, value: false }] } });
    mock.on('POST', '/api/v1/chart/data', { status: 404, body: { message: 'Not found' } });
    renderWithProviders(<ExploreView />, { route: '/explore/?slice_id=12' });
    expect(await screen.findByText('Missing dataset')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Swap dataset' })).toBeTruthy();
    expect(document.querySelector('[data-test="datasource-panel"]')?.textContent).not.toContain('undefined');
    // There is nothing to query: the chart must not ask for data it cannot get (a 404 and a console error).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mock.callsTo('POST', '/api/v1/chart/data')).toHaveLength(0);
  });

  it('lists an untyped calculated column under its own group with a function icon, not as a string', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock);
    const dataset = {
      ...FLIGHTS_DATASOURCE,
      id: 4,
      uid: '4__table',
      columns: [
        ...FLIGHTS_DATASOURCE.columns,
        { column_name: 'total_delay', type: null, type_generic: null, is_dttm: false, expression: 'dep_delay + arr_delay' },
        { column_name: 'mystery', type: null, type_generic: null, is_dttm: false },
      ],
    };
    mock.on('GET', '/api/v1/explore/', {
      body: { result: { form_data: { datasource: '4__table', viz_type: 'table', metrics: [] }, dataset, slice: null, message: null, can_add: true, can_download: true, can_overwrite: false } },
    });
    renderWithProviders(<ExploreView />, { route: '/explore/?datasource_type=table&datasource_id=4' });
    const row = (name: string) => screen.getAllByText((_, el) => el?.getAttribute('data-test') === 'datasource-column' && !!el.textContent?.includes(name))[0]!;
    await waitFor(() => expect(document.querySelectorAll('[data-test="datasource-column"]')).toHaveLength(5));
    expect(within(row('total_delay')).getByLabelText('function type icon')).toBeTruthy();
    expect(within(row('mystery')).getByLabelText('unknown type icon')).toBeTruthy();
    expect(within(row('airline')).getByLabelText('string type icon')).toBeTruthy();
    const groupOf = (name: string) => row(name).parentElement?.firstElementChild?.textContent;
    expect(groupOf('total_delay')).toBe('Unknown type');
    expect(groupOf('airline')).toBe('String');
    expect(groupOf('distance')).toBe('Numeric');
    expect(groupOf('ds')).toBe('Temporal');
  });
});
