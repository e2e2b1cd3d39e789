import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChartPlugin } from '../../../viz/types';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { mockLoggedIn } from '../../../test/mocks/meMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ExploreView } from './ExploreView';

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
    renderWithProviders(<ExploreView />, { route: '/explore/?slice_id=12' });
    expect(await screen.findByText('Missing dataset')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Swap dataset' })).toBeTruthy();
    expect(document.querySelector('[data-test="datasource-panel"]')?.textContent).not.toContain('undefined');
  });
});
