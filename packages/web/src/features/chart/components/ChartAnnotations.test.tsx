import { useEffect } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FormData } from '@tessera/core';
import type { ChartPlugin, RendererProps } from '../../../viz/types';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ChartContainer } from './ChartContainer';

function FakeRenderer({ props, onRendered }: RendererProps) {
  useEffect(() => onRendered?.(), [onRendered]);
  return <div data-test="fake-chart">events: {String(props.events)}</div>;
}

/** A chart that sends its annotation layers and draws how many event records came back. */
const plugin: ChartPlugin = {
  metadata: { vizType: 'annotated', name: 'Annotated', category: 'Other', description: '', tags: [], thumbnail: '<svg/>' },
  controlPanel: { sections: [] },
  buildQuery: (formData) => ({ datasource: { id: 1, type: 'table' }, queries: [{ metrics: ['count'], annotation_layers: (formData.annotation_layers as unknown[]) ?? [] }] }),
  transformProps: ({ queriesData }) => {
    const data = (queriesData[0]?.annotation_data ?? {}) as Record<string, { records: unknown[] }>;
    return { events: Object.values(data).reduce((n, layer) => n + layer.records.length, 0) };
  },
  loadRenderer: () => Promise.resolve(FakeRenderer),
};

vi.mock('../utils/pluginRegistry', () => ({
  getChartPlugin: (vizType: string) => (vizType === 'annotated' ? plugin : undefined),
  listChartPlugins: () => [plugin],
}));

const layer = (name: string, value: number) => ({ name, annotationType: 'EVENT', sourceType: 'NATIVE', value, show: true, overrides: {} });
const formData: FormData = { datasource: '1__table', viz_type: 'annotated', annotation_layers: [layer('Releases', 1), layer('Gone', 2)] };
const answer = (annotationData: Record<string, unknown>) => ({
  result: [{ status: 'success', error: null, data: [{ count: 3 }], colnames: ['count'], coltypes: [0], rowcount: 1, annotation_data: annotationData }],
});

describe('ChartContainer annotation layers', () => {
  it('draws the chart with the layers that came back and warns about the one that failed', async () => {
    installFetchMock().on('POST', '/api/v1/chart/data', { body: answer({ Releases: { columns: [], records: [{ start_dttm: 1, end_dttm: 1, short_descr: 'v1' }] } }) });
    renderWithProviders(<ChartContainer formData={formData} width={400} height={300} />);
    expect(await screen.findByText('events: 1')).toBeTruthy();
    expect(await screen.findByText('Annotation layer "Gone" failed: The annotation layer was not found')).toBeTruthy();
    expect(screen.queryByText(/Annotation layer "Releases"/)).toBeNull();
    // Dismissing the warning leaves the chart in place.
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss Gone' }));
    await waitFor(() => expect(screen.queryByText(/Annotation layer "Gone"/)).toBeNull());
    expect(screen.getByText('events: 1')).toBeTruthy();
  });

  it('shows no annotation warning when every layer came back', async () => {
    installFetchMock().on('POST', '/api/v1/chart/data', { body: answer({ Releases: { records: [] }, Gone: { records: [{ start_dttm: 5 }] } }) });
    renderWithProviders(<ChartContainer formData={formData} width={400} height={300} />);
    expect(await screen.findByText('events: 1')).toBeTruthy();
    expect(document.querySelector('[data-test="annotation-alerts"]')).toBeNull();
  });

  it("says 'Query timeout' for each layer when the query timed out", async () => {
    installFetchMock().on('POST', '/api/v1/chart/data', {
      status: 408,
      body: { errors: [{ message: 'The query exceeded the 30 seconds timeout.', error_type: 'BACKEND_TIMEOUT_ERROR', level: 'error', extra: {} }] },
    });
    renderWithProviders(<ChartContainer formData={formData} width={400} height={300} />);
    expect(await screen.findByText('Annotation layer "Releases" failed: Query timeout')).toBeTruthy();
    expect(screen.getByText('Annotation layer "Gone" failed: Query timeout')).toBeTruthy();
    expect(document.querySelector('[data-test="chart-error"]')).toBeTruthy();
  });
});
