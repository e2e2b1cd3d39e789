import { useEffect } from 'react';
import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChartPlugin, RendererProps } from '../../../viz/types';
import { installFetchMock, type FetchMock } from '../../../test/mocks/fetchMock';
import { mockLoggedIn } from '../../../test/mocks/meMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ExploreView } from './ExploreView';

function DrawnTable({ props, onRendered }: RendererProps) {
  useEffect(() => onRendered?.(), [onRendered]);
  return <div data-test="drawn-table">{String(props.rows)} rows drawn</div>;
}

const table: ChartPlugin = {
  metadata: { vizType: 'table', name: 'Table', category: 'Table', description: 'Rows', tags: [], thumbnail: '<svg/>' },
  controlPanel: { sections: [{ label: 'Query', controlSetRows: [[{ name: 'metrics', type: 'MetricsControl', label: 'Metrics', validators: [{ type: 'nonEmpty' }] }]] }] },
  buildQuery: (formData) => ({ datasource: { id: 7, type: 'table' }, form_data: formData, queries: [{ metrics: (formData.metrics ?? []) as string[] }] }),
  transformProps: ({ queriesData }) => ({ rows: queriesData[0]?.data.length ?? 0 }),
  loadRenderer: () => Promise.resolve(DrawnTable),
};

vi.mock('../../chart/utils/pluginRegistry', () => ({
  getChartPlugin: (vizType: string) => (vizType === 'table' ? table : undefined),
  listChartPlugins: () => [table],
}));

const dataset = { id: 7, uid: '7__table', type: 'table', name: 'flights', columns: [], metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }] };

function setup(formData: Record<string, unknown>, chartData: { status?: number; body: unknown }): FetchMock {
  const mock = installFetchMock();
  mockLoggedIn(mock);
  mock.on('GET', '/api/v1/explore/', {
    body: { result: { form_data: { datasource: '7__table', viz_type: 'table', ...formData }, dataset, slice: { slice_id: 5, slice_name: 'Flights', owners: [1] }, message: null } },
  });
  mock.on('POST', '/api/v1/chart/data', chartData);
  renderWithProviders(<ExploreView />, { route: '/explore/?slice_id=5&standalone=1' });
  return mock;
}

const frame = () => document.querySelector<HTMLElement>('[data-test="standalone-chart"]');

describe('standalone chart view', { timeout: 30_000 }, () => {
  it('draws only the chart and says when it is rendered', async () => {
    const mock = setup({ metrics: ['count'] }, { body: { result: [{ status: 'success', error: null, data: [{ count: 2 }], colnames: ['count'], coltypes: [0], rowcount: 1 }] } });
    await waitFor(() => expect(frame()?.getAttribute('data-render-state')).toBe('rendered'));
    expect(frame()?.textContent).toContain('1 rows drawn');
    expect(frame()?.getAttribute('data-render-error')).toBeNull();
    // No explorer around it: no header, control panel or datasource panel.
    expect(document.querySelector('[data-test="explore-view"]')).toBeNull();
    expect(document.querySelector('[data-test="query-save-button"]')).toBeNull();
    expect(mock.callsTo('GET', '/api/v1/explore/')[0]?.query.get('slice_id')).toBe('5');
  });

  it('says failed, with the reason, when the query fails', async () => {
    setup({ metrics: ['count'] }, { status: 400, body: { message: 'Column "nope" does not exist' } });
    await waitFor(() => expect(frame()?.getAttribute('data-render-state')).toBe('failed'));
    expect(frame()?.getAttribute('data-render-error')).toMatch(/nope/);
  });

  it('says failed at once when the chart cannot run (a required control is empty)', async () => {
    const mock = setup({ metrics: [] }, { body: { result: [] } });
    await waitFor(() => expect(frame()?.getAttribute('data-render-state')).toBe('failed'));
    expect(frame()?.getAttribute('data-render-error')).toBe('The chart is missing required control values');
    expect(mock.callsTo('POST', '/api/v1/chart/data')).toHaveLength(0);
  });
});
