import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import rison from 'rison';
import { describe, expect, it } from 'vitest';
import type { ControlConfig } from '../../../viz/types';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { AnnotationLayerControl, type AnnotationLayer } from './AnnotationLayerControl';

const control: ControlConfig = { name: 'annotation_layers', type: 'AnnotationLayerControl', label: 'Annotation layers', default: [] };
const layerList = { count: 2, ids: [7, 9], result: [{ id: 7, name: 'Releases', descr: null }, { id: 9, name: 'Outages', descr: 'incidents' }] };

/** The control with its value held like the explorer holds form data; `seen` records every change. */
function setup(initial: AnnotationLayer[]) {
  const seen: AnnotationLayer[][] = [];
  function Harness() {
    const [value, setValue] = useState<AnnotationLayer[]>(initial);
    return (
      <AnnotationLayerControl
        control={control}
        value={value}
        datasource={null}
        formData={{ datasource: '1__table', viz_type: 'echarts_timeseries_line' }}
        onChange={(next) => {
          seen.push(next as AnnotationLayer[]);
          setValue(next as AnnotationLayer[]);
        }}
      />
    );
  }
  renderWithProviders(<Harness />);
  return seen;
}

const formula: AnnotationLayer = { name: 'Goal', annotationType: 'FORMULA', sourceType: '', value: '2 * x', show: true, overrides: {} };

describe('AnnotationLayerControl', () => {
  it('does not ask for native layers while every layer is a formula', async () => {
    const mock = installFetchMock();
    setup([formula]);
    expect(screen.getByLabelText('Formula')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mock.callsTo('GET', '/api/v1/annotation_layer/')).toHaveLength(0);
  });

  it('says a formula it cannot draw is not a formula of x', () => {
    installFetchMock();
    setup([formula, { ...formula, name: 'Broken', value: '2*x +' }, { ...formula, name: 'Unknown', value: 'foo(x)' }]);
    expect(document.querySelectorAll('[data-test="annotation-formula-error"]')).toHaveLength(2);
    expect(screen.getAllByText(/Not a formula of x/)).toHaveLength(2);
  });

  it('turns a formula into an event layer and picks a native layer by name', async () => {
    const mock = installFetchMock();
    mock.on('GET', '/api/v1/annotation_layer/', { body: layerList });
    const seen = setup([formula]);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Layer type' }));
    fireEvent.click(await screen.findByTitle('Event'));
    // The formula text is no layer id: the native layer starts unpicked.
    expect(seen.at(-1)).toEqual([{ ...formula, annotationType: 'EVENT', sourceType: 'NATIVE', value: '' }]);
    expect(screen.getByText(/Choose an annotation layer/)).toBeTruthy();

    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Annotation layer' }));
    fireEvent.click(await screen.findByTitle('Outages'));
    expect(seen.at(-1)).toEqual([{ ...formula, annotationType: 'EVENT', sourceType: 'NATIVE', value: 9 }]);
    expect(screen.queryByText(/Choose an annotation layer/)).toBeNull();

    const q = mock.callsTo('GET', '/api/v1/annotation_layer/')[0]!.query.get('q') ?? '()';
    expect(rison.decode(q)).toMatchObject({ order_column: 'name', order_direction: 'asc' });

    // Event ↔ interval keeps the picked layer; back to formula clears it.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Layer type' }));
    fireEvent.click(await screen.findByTitle('Interval'));
    expect(seen.at(-1)?.[0]).toMatchObject({ annotationType: 'INTERVAL', sourceType: 'NATIVE', value: 9 });
  });

  it('finds layers past the first page by name on the server, and names a picked layer not listed', async () => {
    const mock = installFetchMock();
    // 150 layers: the first page (100, by name) holds neither 'Zeta 149' nor the picked 'Zeta 140'.
    const all = Array.from({ length: 150 }, (_, i) => ({ id: 1000 + i, name: `${i < 100 ? 'Alpha' : 'Zeta'} ${i}`, descr: null }));
    mock.on('GET', '/api/v1/annotation_layer/', (call) => {
      const q = rison.decode(call.query.get('q') ?? '()') as { filters?: { col: string; opr: string; value: string }[]; page_size: number };
      const text = q.filters?.find((f) => f.col === 'name' && f.opr === 'ct')?.value.toLowerCase() ?? '';
      const hits = all.filter((layer) => layer.name.toLowerCase().includes(text));
      return { body: { count: hits.length, ids: hits.slice(0, q.page_size).map((l) => l.id), result: hits.slice(0, q.page_size) } };
    });
    mock.on('GET', '/api/v1/annotation_layer/1140', { body: { id: 1140, result: { id: 1140, name: 'Zeta 140', descr: null } } });
    const seen = setup([{ name: 'Late', annotationType: 'EVENT', sourceType: 'NATIVE', value: 1140, show: true, overrides: {} }]);
    expect(await screen.findByText('Zeta 140')).toBeTruthy();

    const picker = screen.getByRole('combobox', { name: 'Annotation layer' });
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'zeta 149' } });
    fireEvent.click(await screen.findByTitle('Zeta 149'));
    expect(seen.at(-1)?.[0]).toMatchObject({ value: 1149 });
    const searched = mock.callsTo('GET', '/api/v1/annotation_layer/').map((c) => rison.decode(c.query.get('q') ?? '()') as { filters?: unknown[] });
    expect(searched.some((q) => JSON.stringify(q.filters) === JSON.stringify([{ col: 'name', opr: 'ct', value: 'zeta 149' }]))).toBe(true);
  });

  it('shows the picked layer by name and says when the layers cannot be loaded', async () => {
    const mock = installFetchMock();
    mock.on('GET', '/api/v1/annotation_layer/', { body: layerList });
    setup([{ name: 'Ship dates', annotationType: 'EVENT', sourceType: 'NATIVE', value: 7, show: true, overrides: {} }]);
    expect(await screen.findByText('Releases')).toBeTruthy();

    const failing = installFetchMock();
    failing.on('GET', '/api/v1/annotation_layer/', { status: 403, body: { message: 'Forbidden' } });
    setup([{ name: 'Other', annotationType: 'INTERVAL', sourceType: 'NATIVE', value: '', show: true, overrides: {} }]);
    await waitFor(() => expect(screen.getByText(/Annotation layers could not be loaded: Forbidden/)).toBeTruthy());
  });

  it('reads a time series from a line chart: only chart sources, charts of that type, and the override checkboxes', async () => {
    const mock = installFetchMock();
    mock.on('GET', '/api/v1/chart/', { body: { count: 1, ids: [13], result: [{ id: 13, slice_name: 'Weekly births' }] } });
    const seen = setup([formula]);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Layer type' }));
    fireEvent.click(await screen.findByTitle('Time series'));
    expect(seen.at(-1)?.[0]).toMatchObject({ annotationType: 'TIME_SERIES', sourceType: '', value: '' });
    expect(screen.getByText(/Choose a source chart/)).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Annotation source' }));
    expect(screen.queryByTitle('Superset annotation')).toBeNull();
    expect(screen.queryByTitle('Table')).toBeNull();
    fireEvent.click(await screen.findByTitle('Line Chart'));
    // Stored as Superset stores a line chart source.
    expect(seen.at(-1)?.[0]).toMatchObject({ sourceType: 'line', value: '' });

    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Annotation chart' }));
    fireEvent.click(await screen.findByTitle('Weekly births'));
    expect(seen.at(-1)?.[0]).toMatchObject({ annotationType: 'TIME_SERIES', sourceType: 'line', value: 13 });
    const q = rison.decode(mock.callsTo('GET', '/api/v1/chart/')[0]!.query.get('q') ?? '()');
    expect(q).toMatchObject({ filters: [{ col: 'viz_type', opr: 'eq', value: 'echarts_timeseries_line' }], columns: ['id', 'slice_name'] });

    fireEvent.click(screen.getByLabelText('Override time range'));
    expect(seen.at(-1)?.[0]?.overrides).toEqual({ time_range: null });
    fireEvent.click(screen.getByLabelText('Override time grain'));
    fireEvent.click(screen.getByLabelText('Override time range'));
    expect(seen.at(-1)?.[0]?.overrides).toEqual({ time_grain_sqla: null });
    // Time series layers map no columns.
    expect(screen.queryByRole('combobox', { name: 'Title column' })).toBeNull();
  });

  it('maps a table chart source of an interval layer onto the chart columns', async () => {
    const mock = installFetchMock();
    mock.on('GET', '/api/v1/chart/', { body: { count: 1, ids: [12], result: [{ id: 12, slice_name: 'Deploys' }] } });
    const queryContext = JSON.stringify({ queries: [{ columns: ['start', 'end', { label: 'title', sqlExpression: 'x' }], metrics: [] }] });
    mock.on('GET', '/api/v1/chart/12', { body: { id: 12, result: { id: 12, slice_name: 'Deploys', viz_type: 'table', params: '{}', query_context: queryContext } } });
    const seen = setup([{ name: 'Windows', annotationType: 'INTERVAL', sourceType: 'table', value: 12, show: true, overrides: {} }]);

    expect(await screen.findByText('Deploys')).toBeTruthy();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Interval start column' }));
    fireEvent.click(await screen.findByTitle('start'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Interval end column' }));
    fireEvent.click((await screen.findAllByTitle('end')).at(-1)!);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Title column' }));
    fireEvent.click((await screen.findAllByTitle('title')).at(-1)!);
    expect(seen.at(-1)?.[0]).toMatchObject({ timeColumn: 'start', intervalEndColumn: 'end', titleColumn: 'title' });

    // A table cannot feed a time series: switching there starts over, without the mapping.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Layer type' }));
    fireEvent.click(await screen.findByTitle('Time series'));
    expect(seen.at(-1)?.[0]).toEqual({ name: 'Windows', annotationType: 'TIME_SERIES', sourceType: '', value: '', show: true, overrides: {} });
  });

  it('offers the native source and the chart types that feed events', async () => {
    installFetchMock().on('GET', '/api/v1/annotation_layer/', { body: layerList });
    setup([{ name: 'E', annotationType: 'EVENT', sourceType: 'NATIVE', value: 7, show: true, overrides: {} }]);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Annotation source' }));
    for (const title of ['Table', 'Line Chart', 'Bar Chart']) expect(await screen.findByTitle(title)).toBeTruthy();
    expect(screen.getAllByText('Superset annotation').length).toBeGreaterThan(0);
  });
});
