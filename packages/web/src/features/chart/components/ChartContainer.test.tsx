import { useEffect, useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FormData } from '@tessera/core';
import type { ChartPlugin, ExploreDatasource, RendererProps } from '../../../viz/types';
import { installFetchMock, type MockReply } from '../../../test/mocks/fetchMock';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { ChartRuntimeState } from '../state/chartRuntimeSlice';
import { ChartRenderQueueContext } from '../hooks/useRenderTurn';
import { createRenderQueue } from '../utils/renderQueue';
import { ChartContainer } from './ChartContainer';

function FakeRenderer({ props, onRendered }: RendererProps) {
  if (props.explode) throw new Error('boom');
  useEffect(() => onRendered?.(), [onRendered]);
  return <div data-test="fake-chart">rows: {String(props.rows)}</div>;
}

const fakePlugin: ChartPlugin = {
  metadata: { vizType: 'fake', name: 'Fake', category: 'Other', description: '', tags: [], thumbnail: '<svg/>' },
  controlPanel: { sections: [] },
  buildQuery: (formData) => ({ datasource: { id: 1, type: 'table' }, form_data: formData, queries: [{ metrics: ['count'] }] }),
  transformProps: ({ queriesData, formData, datasource }) => {
    // Stands for a chart that cannot draw without metadata of its datasource.
    if (typeof formData.needs === 'string' && !datasource?.columns.some((c) => c.column_name === formData.needs)) throw new Error(`no column ${formData.needs}`);
    return { rows: queriesData[0]?.data.length ?? 0, explode: Boolean(formData.explode) };
  },
  loadRenderer: () => Promise.resolve(FakeRenderer),
};

/** Stands for the table under server pagination: its page is own state, which buildQuery sends as row_offset. */
let pagedMounts = 0;
function PagedRenderer({ props, onRendered, ownState, setOwnState }: RendererProps) {
  const [draft, setDraft] = useState('');
  useState(() => (pagedMounts += 1));
  useEffect(() => onRendered?.(), [onRendered]);
  return (
    <div data-test="paged-chart">
      <span>{`first: ${String(props.first)}`}</span>
      <input aria-label="draft" value={draft} onChange={(e) => setDraft(e.target.value)} />
      <button type="button" onClick={() => setOwnState?.({ ...ownState, currentPage: Number(ownState?.currentPage ?? 0) + 1 })}>
        next
      </button>
    </div>
  );
}

const pagedPlugin: ChartPlugin = {
  ...fakePlugin,
  metadata: { ...fakePlugin.metadata, vizType: 'paged' },
  buildQuery: (formData, options) => ({
    datasource: { id: 1, type: 'table' },
    form_data: formData,
    queries: [{ metrics: ['count'], row_limit: 2, row_offset: 2 * Number(options?.ownState?.currentPage ?? 0) }],
  }),
  transformProps: ({ queriesData }) => ({ first: queriesData[0]?.data[0]?.n }),
  loadRenderer: () => Promise.resolve(PagedRenderer),
};

vi.mock('../utils/pluginRegistry', () => ({
  getChartPlugin: (vizType: string) => (vizType === 'fake' ? fakePlugin : vizType === 'paged' ? pagedPlugin : undefined),
  listChartPlugins: () => [fakePlugin],
}));

const formData: FormData = { datasource: '1__table', viz_type: 'fake' };
const answer = (data: Record<string, unknown>[]) => ({ result: [{ status: 'success', error: null, data, colnames: ['n'], coltypes: [0], rowcount: data.length }] });

function setup(props: Partial<Parameters<typeof ChartContainer>[0]> = {}) {
  const statuses: (string | null)[] = [];
  const last: { state: ChartRuntimeState | null } = { state: null };
  const onStatus = (state: ChartRuntimeState) => {
    if (state.chartStatus !== null && statuses.at(-1) !== state.chartStatus) statuses.push(state.chartStatus);
    last.state = state;
  };
  const view = renderWithProviders(<ChartContainer formData={formData} width={400} height={300} onStatus={onStatus} {...props} />);
  return { statuses, last, view };
}

describe('ChartContainer', () => {
  it('goes loading → success → rendered and draws the answer', async () => {
    const mock = installFetchMock();
    mock.on('POST', '/api/v1/chart/data', { body: answer([{ n: 1 }, { n: 2 }]) });
    const { statuses } = setup({ force: true });
    expect(await screen.findByText('rows: 2')).toBeTruthy();
    await waitFor(() => expect(statuses).toEqual(['loading', 'success', 'rendered']));
    const call = mock.callsTo('POST', '/api/v1/chart/data')[0]!;
    expect((call.body as { force: boolean }).force).toBe(true);
    expect(call.query.get('force')).toBe('true');
  });

  it('on a page with a render queue, draws its answer only when its turn comes', async () => {
    installFetchMock().on('POST', '/api/v1/chart/data', { body: answer([{ n: 1 }, { n: 2 }]) });
    const slices: (() => void)[] = [];
    const queue = createRenderQueue({ schedule: (run) => slices.push(run) });
    renderWithProviders(
      <ChartRenderQueueContext value={queue}>
        <ChartContainer formData={formData} width={400} height={300} />
      </ChartRenderQueueContext>,
    );
    await waitFor(() => expect(slices).toHaveLength(1));
    expect(screen.queryByText('rows: 2')).toBeNull();
    act(() => slices.shift()!());
    expect(screen.getByText('rows: 2')).toBeTruthy();
  });

  it('shows the empty state when no rows came back', async () => {
    installFetchMock().on('POST', '/api/v1/chart/data', { body: answer([]) });
    setup();
    expect(await screen.findByText('No results were returned for this query')).toBeTruthy();
  });

  it('polls the async event stream on 202, then fetches the result url', async () => {
    const mock = installFetchMock();
    mock.on('POST', '/api/v1/chart/data', { status: 202, body: { channel_id: 'c', job_id: 'job-1', user_id: 1, status: 'pending', errors: [], result_url: null } });
    let polls = 0;
    mock.on('GET', '/api/v1/async_event/', () => {
      polls += 1;
      return polls < 2
        ? { body: { result: [{ id: '0-1', job_id: 'job-1', status: 'running', result_url: null }] } }
        : { body: { result: [{ id: '1-0', job_id: 'other', status: 'done', result_url: '/nope' }, { id: '2-0', job_id: 'job-1', status: 'done', result_url: '/api/v1/chart/data/key-1' }] } };
    });
    mock.on('GET', '/api/v1/chart/data/key-1', { body: answer([{ n: 5 }]) });
    setup();
    expect(await screen.findByText('rows: 1', {}, { timeout: 4000 })).toBeTruthy();
    const pollsMade = mock.callsTo('GET', '/api/v1/async_event/');
    expect(pollsMade[0]?.query.get('last_id')).toBeNull();
    expect(pollsMade[1]?.query.get('last_id')).toBe('0-1');
    expect(mock.callsTo('GET', '/nope')).toHaveLength(0);
  });

  it('shows the server error of a failed query and a network failure as "Network error."', async () => {
    const mock = installFetchMock();
    mock.on('POST', '/api/v1/chart/data', { status: 400, body: { message: 'Column "nope" does not exist' } });
    const { statuses } = setup();
    expect(await screen.findByText(/Column "nope" does not exist/)).toBeTruthy();
    expect(statuses).toEqual(['loading', 'failed']);

    mock.on('POST', '/api/v1/chart/data', () => Promise.reject(new TypeError('Failed to fetch')));
    const second = setup({ refreshKey: 1 });
    await waitFor(() => expect(second.last.state?.chartAlert).toBe('Network error.'));
  });

  it('raises "Received unexpected response status" on another 2xx', async () => {
    installFetchMock().on('POST', '/api/v1/chart/data', { status: 201, body: {} });
    const { last } = setup();
    await waitFor(() => expect(last.state?.chartAlert).toBe('Received unexpected response status'));
  });

  it('stops a running query: "Updating chart was stopped"', async () => {
    const mock = installFetchMock();
    const pending = vi.fn((_url: unknown, init: RequestInit = {}) => new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))));
    vi.stubGlobal('fetch', (url: RequestInfo | URL, init?: RequestInit) => (String(url).includes('/chart/data') ? pending(url, init) : mock.fetch(url, init)));
    const { view, statuses } = setup();
    await waitFor(() => expect(pending).toHaveBeenCalled());
    expect(document.querySelector('[data-test="chart-loading"]')).toBeTruthy();
    act(() => view.rerender(<ChartContainer formData={formData} width={400} height={300} stopKey={1} onStatus={() => undefined} />));
    expect(await screen.findAllByText('Updating chart was stopped')).not.toHaveLength(0);
    expect(statuses).toContain('loading');
  });

  it('draws again, without a new query, a chart that failed to draw when its datasource is set again', async () => {
    const mock = installFetchMock();
    mock.on('POST', '/api/v1/chart/data', { body: answer([{ n: 1 }]) });
    const withColumns = (...names: string[]): ExploreDatasource => ({ id: 1, type: 'table', uid: '1__table', name: 't', columns: names.map((column_name) => ({ column_name, type: 'INT', type_generic: 0, is_dttm: false })), metrics: [] });
    const needing = { ...formData, needs: 'n' };
    const { view, last } = setup({ formData: needing, datasource: withColumns('m') });
    expect(await screen.findByText(/An error occurred while rendering the visualization: no column n/)).toBeTruthy();
    expect(last.state?.chartStackTrace).toBeTruthy();

    // The same datasource rebuilt by the caller changes nothing.
    act(() => view.rerender(<ChartContainer formData={needing} datasource={withColumns('m')} width={400} height={300} />));
    expect(screen.getByText(/no column n/)).toBeTruthy();

    act(() => view.rerender(<ChartContainer formData={needing} datasource={withColumns('m', 'n')} width={400} height={300} />));
    expect(await screen.findByText('rows: 1')).toBeTruthy();
    expect(mock.callsTo('POST', '/api/v1/chart/data')).toHaveLength(1);
  });

  it('keeps a failed query failed when the datasource is set again (no answer to draw)', async () => {
    const mock = installFetchMock();
    mock.on('POST', '/api/v1/chart/data', { status: 500, body: { message: 'engine exploded', stack: 'at engine' } });
    const datasource: ExploreDatasource = { id: 1, type: 'table', uid: '1__table', name: 't', columns: [], metrics: [] };
    const { view, last } = setup({ datasource });
    await waitFor(() => expect(last.state?.chartStackTrace).toBe('at engine'));
    expect(document.querySelector('[data-test="chart-error"]')).toBeTruthy();
    act(() => view.rerender(<ChartContainer formData={formData} datasource={{ ...datasource, uid: '2__table', id: 2 }} width={400} height={300} />));
    expect(document.querySelector('[data-test="chart-error"]')).toBeTruthy();
    expect(last.state?.chartStatus).toBe('failed');
    expect(document.querySelector('[data-test="chart-loading"]')).toBeNull();
  });

  it('runs the query again with the own state the chart sets, keeping the chart drawn while it loads', async () => {
    pagedMounts = 0;
    const mock = installFetchMock();
    let release: (() => void) | null = null;
    mock.on('POST', '/api/v1/chart/data', (call) => {
      const offset = (call.body as { queries: { row_offset: number }[] }).queries[0]!.row_offset;
      const reply = { body: answer([{ n: offset + 1 }, { n: offset + 2 }]) };
      return offset === 0 ? reply : new Promise<MockReply>((resolve) => (release = () => resolve(reply)));
    });
    const paged = { datasource: '1__table', viz_type: 'paged' };
    const { view, last } = setup({ formData: paged, refreshKey: 1 });
    expect(await screen.findByText('first: 1')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('draft'), { target: { value: 'typed' } });

    fireEvent.click(screen.getByText('next'));
    await waitFor(() => expect(mock.callsTo('POST', '/api/v1/chart/data')).toHaveLength(2));
    expect((mock.callsTo('POST', '/api/v1/chart/data')[1]!.body as { queries: { row_offset: number }[] }).queries[0]!.row_offset).toBe(2);
    // Loading the next page: the chart stays (with what was typed in it) under a spinner.
    await waitFor(() => expect(last.state?.chartStatus).toBe('loading'));
    expect(document.querySelector('[data-test="chart-loading-overlay"]')).toBeTruthy();
    expect(screen.getByText('first: 1')).toBeTruthy();
    act(() => release!());
    expect(await screen.findByText('first: 3')).toBeTruthy();
    expect(document.querySelector('[data-test="chart-loading-overlay"]')).toBeNull();
    expect((screen.getByLabelText('draft') as HTMLInputElement).value).toBe('typed');
    expect(pagedMounts).toBe(1);

    // A refresh keeps the page; new form data starts from the first page again.
    act(() => view.rerender(<ChartContainer formData={paged} width={400} height={300} refreshKey={2} />));
    await waitFor(() => expect(mock.callsTo('POST', '/api/v1/chart/data')).toHaveLength(3));
    expect((mock.callsTo('POST', '/api/v1/chart/data')[2]!.body as { queries: { row_offset: number }[] }).queries[0]!.row_offset).toBe(2);
    act(() => release!());
    expect(await screen.findByText('first: 3')).toBeTruthy();
    act(() => view.rerender(<ChartContainer formData={{ ...paged, other: 1 }} width={400} height={300} refreshKey={3} />));
    await waitFor(() => expect(mock.callsTo('POST', '/api/v1/chart/data')).toHaveLength(4));
    expect((mock.callsTo('POST', '/api/v1/chart/data')[3]!.body as { queries: { row_offset: number }[] }).queries[0]!.row_offset).toBe(0);
    expect(await screen.findByText('first: 1')).toBeTruthy();
  });

  it('reports a renderer exception as a render error', async () => {
    installFetchMock().on('POST', '/api/v1/chart/data', { body: answer([{ n: 1 }]) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { last } = setup({ formData: { ...formData, explode: true } });
    expect(await screen.findByText(/An error occurred while rendering the visualization: boom/)).toBeTruthy();
    expect(last.state?.chartStatus).toBe('failed');
  });
});
