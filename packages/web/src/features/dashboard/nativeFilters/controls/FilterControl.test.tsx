import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataMask, ExtraFormData, NativeFilterConfig } from '@tessera/core';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { installFetchMock, type RecordedCall } from '../../../../test/mocks/fetchMock';
import { FilterControl } from './index';

const selectFilter = (controlValues: Record<string, unknown> = {}): NativeFilterConfig => ({
  id: 'NATIVE_FILTER-origin',
  type: 'NATIVE_FILTER',
  name: 'Origin',
  filterType: 'filter_select',
  targets: [{ datasetId: 3, column: { name: 'origin' } }],
  controlValues,
});

type Body = { queries: { filters?: { col: string; op: string; val: unknown }[]; metrics?: unknown[] }[] };

/** Answers options queries with the values matching their ILIKE search, and bounds queries with min/max. */
function serve(values: string[]) {
  const mock = installFetchMock();
  mock.on('GET', '/api/v1/dataset/3', { body: { id: 3, result: { id: 3, columns: [{ column_name: 'origin', type_generic: 1, is_dttm: false }] } } });
  mock.on('POST', '/api/v1/chart/data', (call: RecordedCall) => {
    const query = (call.body as Body).queries[0]!;
    if ((query.metrics ?? []).length === 2) return { body: { result: [{ data: [{ min: 5, max: 900 }] }] } };
    const like = query.filters?.find((f) => f.op === 'ILIKE')?.val as string | undefined;
    const needle = like?.slice(1, -1).toLowerCase();
    return { body: { result: [{ data: values.filter((v) => !needle || v.toLowerCase().includes(needle)).map((origin) => ({ origin })) }] } };
  });
  return mock;
}

/** The control as the bar holds it: the pending mask it emitted comes back as its `dataMask`. */
function Harness({ filter, onChange, inConfigModal, parent = {} }: { filter: NativeFilterConfig; onChange: (m: DataMask) => void; inConfigModal?: boolean; parent?: ExtraFormData }) {
  const [mask, setMask] = useState<DataMask | undefined>();
  return (
    <FilterControl
      filter={filter}
      dataMask={mask}
      parentExtraFormData={parent}
      orientation="VERTICAL"
      inConfigModal={inConfigModal}
      onChange={(m) => {
        setMask(m);
        onChange(m);
      }}
    />
  );
}

const openSelect = async (name: string) => {
  const box = await screen.findByRole('combobox', { name });
  fireEvent.mouseDown(box);
  return box;
};

describe('FilterControl', () => {
  it('lists the column values from an options query and emits IN when one is picked', async () => {
    const mock = serve(['ATL', 'JFK', 'SFO']);
    const onChange = vi.fn();
    const { container } = renderWithProviders(<Harness filter={selectFilter()} onChange={onChange} />);
    expect(container.querySelector('[data-test="filter-control-NATIVE_FILTER-origin"]')).not.toBeNull();
    await openSelect('Origin');
    fireEvent.click(await screen.findByTitle('JFK'));
    expect(onChange).toHaveBeenLastCalledWith({
      id: 'NATIVE_FILTER-origin',
      extraFormData: { filters: [{ col: 'origin', op: 'IN', val: ['JFK'] }] },
      filterState: { value: ['JFK'], label: 'JFK' },
    });
    const [options] = mock.callsTo('POST', '/api/v1/chart/data');
    expect((options!.body as Body).queries[0]).toMatchObject({ columns: ['origin'], row_limit: 1000 });
    expect(options!.url).not.toContain('slice_id');
  });

  it('searches all values on the server, debounced, when "Dynamically search all filter values" is on', async () => {
    const mock = serve(['ATL', 'JFK', 'SFO']);
    renderWithProviders(<Harness filter={selectFilter({ searchAllOptions: true })} onChange={vi.fn()} />);
    const box = await openSelect('Origin');
    await waitFor(() => expect(mock.callsTo('POST', '/api/v1/chart/data')).toHaveLength(1));
    fireEvent.change(box, { target: { value: 'j' } });
    fireEvent.change(box, { target: { value: 'jf' } });
    await waitFor(() => expect(mock.callsTo('POST', '/api/v1/chart/data')).toHaveLength(2));
    const searched = (mock.callsTo('POST', '/api/v1/chart/data')[1]!.body as Body).queries[0]!.filters;
    expect(searched).toContainEqual({ col: 'origin', op: 'ILIKE', val: '%jf%' });
    await screen.findByTitle('JFK');
    await waitFor(() => expect(within(document.body).queryByTitle('ATL')).toBeNull());
  });

  it('re-queries with the parents\' values and drops chosen values that are no longer options', async () => {
    const mock = installFetchMock();
    mock.on('POST', '/api/v1/chart/data', (call: RecordedCall) => {
      const narrowed = ((call.body as Body).queries[0]!.filters ?? []).some((f) => f.col === 'carrier');
      return { body: { result: [{ data: (narrowed ? ['ATL'] : ['ATL', 'JFK']).map((origin) => ({ origin })) }] } };
    });
    const onChange = vi.fn();
    const { rerender } = renderWithProviders(<Harness filter={selectFilter()} onChange={onChange} />);
    await openSelect('Origin');
    fireEvent.click(await screen.findByTitle('JFK'));
    fireEvent.click(await screen.findByTitle('ATL'));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ filterState: { value: ['JFK', 'ATL'], label: 'JFK, ATL' } }));
    rerender(<Harness filter={selectFilter()} onChange={onChange} parent={{ filters: [{ col: 'carrier', op: 'IN', val: ['DL'] }] }} />);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ filterState: { value: ['ATL'], label: 'ATL' } })));
    const last = mock.callsTo('POST', '/api/v1/chart/data').at(-1)!;
    expect((last.body as Body).queries[0]!.filters).toContainEqual({ col: 'carrier', op: 'IN', val: ['DL'] });
  });

  it('selects the first value once the options load when "select first value by default" is on', async () => {
    serve(['ATL', 'JFK']);
    const onChange = vi.fn();
    renderWithProviders(<Harness filter={selectFilter({ defaultToFirstItem: true })} onChange={onChange} />);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ filterState: { value: ['ATL'], label: 'ATL' } })));
  });

  it('says "Value is required" for a required filter with no value', async () => {
    serve(['ATL']);
    renderWithProviders(<Harness filter={selectFilter({ enableEmptyFilter: true })} onChange={vi.fn()} />);
    expect((await screen.findByText('Value is required')).textContent).toBe('Value is required');
  });

  it('range filter: bounds from MIN/MAX, inputs emit >= and <=', async () => {
    serve([]);
    const onChange = vi.fn();
    const range: NativeFilterConfig = { ...selectFilter({ rangeDisplayMode: 'input' }), id: 'NATIVE_FILTER-dist', name: 'Distance', filterType: 'filter_range', targets: [{ datasetId: 3, column: { name: 'distance' } }] };
    const { container } = renderWithProviders(<Harness filter={range} onChange={onChange} />);
    await waitFor(() => expect(container.querySelector('[data-test="range-filter"]')?.getAttribute('data-max')).toBe('900'));
    const from = screen.getByRole('spinbutton', { name: 'Distance from' });
    const to = screen.getByRole('spinbutton', { name: 'Distance to' });
    act(() => void fireEvent.change(from, { target: { value: '10' } }));
    act(() => void fireEvent.change(to, { target: { value: '20' } }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        expect.objectContaining({
          extraFormData: {
            filters: [
              { col: 'distance', op: '>=', val: 10 },
              { col: 'distance', op: '<=', val: 20 },
            ],
          },
        }),
      ),
    );
  });

  it('time grain filter emits time_grain_sqla with the grain name as label', async () => {
    installFetchMock();
    const onChange = vi.fn();
    const grain: NativeFilterConfig = { id: 'NATIVE_FILTER-grain', type: 'NATIVE_FILTER', name: 'Grain', filterType: 'filter_timegrain', targets: [], controlValues: {} };
    renderWithProviders(<Harness filter={grain} onChange={onChange} />);
    await openSelect('Grain');
    fireEvent.click(await screen.findByTitle('Hour'));
    expect(onChange).toHaveBeenLastCalledWith({ id: 'NATIVE_FILTER-grain', extraFormData: { time_grain_sqla: 'PT1H' }, filterState: { value: ['PT1H'], label: 'Hour' } });
  });
});
