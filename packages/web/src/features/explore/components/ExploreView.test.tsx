import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChartPlugin, ControlConfig, RendererProps } from '../../../viz/types';
import { installFetchMock, type FetchMock } from '../../../test/mocks/fetchMock';
import { mockLoggedIn } from '../../../test/mocks/meMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ToastContainer } from '../../toasts';
import { ExploreView } from './ExploreView';
import { FLIGHTS_DATASOURCE } from '../../../test/fixtures/exploreDatasource';

const controls: ControlConfig[] = [
  { name: 'metrics', type: 'MetricsControl', label: 'Metrics', validators: [{ type: 'nonEmpty' }] },
  { name: 'groupby', type: 'GroupByControl', label: 'Dimensions' },
  { name: 'row_limit', type: 'SelectControl', label: 'Row limit', freeForm: true, default: 1000, choices: [[1000, '1000']], validators: [{ type: 'integer' }] },
];

function FakeTable({ props }: RendererProps) {
  return <div data-test="fake-table">{String(props.rows)} rows drawn</div>;
}

const fakeTable: ChartPlugin = {
  metadata: { vizType: 'table', name: 'Table', category: 'Table', description: 'Rows', tags: [], thumbnail: '<svg/>' },
  controlPanel: {
    sections: [
      { label: 'Query', controlSetRows: controls.map((c) => [c]) },
      // Shown only in a mode these tests never pick: the section must not appear empty.
      { label: 'Time Comparison', controlSetRows: [[{ name: 'time_compare', type: 'SelectControl', label: 'Time shift', visibility: (fd) => fd.query_mode === 'compare' }]] },
    ],
  },
  buildQuery: (formData) => ({ datasource: { id: 7, type: 'table' }, form_data: formData, queries: [{ metrics: (formData.metrics ?? []) as string[], columns: (formData.groupby ?? []) as string[] }] }),
  transformProps: ({ queriesData }) => ({ rows: queriesData[0]?.data.length ?? 0 }),
  loadRenderer: () => Promise.resolve(FakeTable),
};

vi.mock('../../chart/utils/pluginRegistry', () => ({
  getChartPlugin: (vizType: string) => (vizType === 'table' ? fakeTable : undefined),
  listChartPlugins: () => [fakeTable],
}));

const dataset = { ...FLIGHTS_DATASOURCE, id: 7, uid: '7__table' };
const slice = { slice_id: 5, slice_name: 'Flights by airline', owners: [1], dashboards: [3] };

function setup(route: string, formData: Record<string, unknown>, withSlice = true): FetchMock {
  const mock = installFetchMock();
  mockLoggedIn(mock);
  mock.on('GET', '/api/v1/explore/', {
    body: { result: { form_data: { datasource: '7__table', viz_type: 'table', ...formData }, dataset, slice: withSlice ? slice : null, message: null, can_add: true, can_download: true, can_overwrite: withSlice } },
  });
  mock.on('POST', '/api/v1/chart/data', { body: { result: [{ status: 'success', error: null, data: [{ airline: 'AA', count: 2 }], colnames: ['airline', 'count'], coltypes: [1, 0], rowcount: 1 }] } });
  mock.on('GET', '/api/v1/chart/favorite_status/', { body: { result: [{ id: 5, value: false }] } });
  mock.on('GET', '/api/v1/dashboard/', { body: { count: 1, result: [{ id: 3, dashboard_title: 'Ops', slug: null, url: '/superset/dashboard/3/', published: true }] } });
  mock.on('POST', '/api/v1/dashboard/', { status: 201, body: { id: 11, result: { dashboard_title: 'Brand new' } } });
  mock.on('POST', '/api/v1/chart/', { status: 201, body: { id: 42, result: {} } });
  mock.on('PUT', '/api/v1/chart/5', { body: { id: 5, result: {} } });
  renderWithProviders(
    <>
      <ExploreView />
      <ToastContainer />
    </>,
    { route },
  );
  return mock;
}

const openSaveModal = async () => {
  fireEvent.click(await waitFor(() => document.querySelector<HTMLElement>('[data-test="query-save-button"]') ?? Promise.reject(new Error('no save'))));
  return (await screen.findByText('Save chart')).closest('[data-test="save-modal"]') as HTMLElement;
};

describe('ExploreView', { timeout: 60_000 }, () => {
  it('blocks the run while a control has errors, and runs once they are fixed', async () => {
    const mock = setup('/explore/?datasource_type=table&datasource_id=7', { metrics: [] }, false);
    const runButton = () => document.querySelector<HTMLButtonElement>('[data-test="run-query-button"]');
    const run = await waitFor(() => runButton() ?? Promise.reject(new Error('no run button')));
    expect(run.textContent).toBe('Create chart');
    expect(run.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Metrics cannot be empty')).toBeTruthy();
    expect(screen.queryByText('Time Comparison')).toBeNull();
    expect(mock.callsTo('GET', '/api/v1/explore/')[0]?.query.get('datasource_id')).toBe('7');
    expect(mock.callsTo('POST', '/api/v1/chart/data')).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('Add Metrics'));
    const editor = await waitFor(() => document.querySelector<HTMLElement>('[data-test="adhoc-metric-editor"]') ?? Promise.reject(new Error('no editor')));
    fireEvent.click(within(editor!).getByText('Custom SQL'));
    fireEvent.change(within(editor!).getByLabelText('Metric SQL'), { target: { value: 'SUM(distance)' } });
    fireEvent.click(within(editor!).getByText('Save'));
    await waitFor(() => expect(screen.queryByText('Metrics cannot be empty')).toBeNull());
    expect(runButton()?.hasAttribute('disabled')).toBe(false);
    fireEvent.click(runButton()!);
    expect(await screen.findByText('1 rows drawn')).toBeTruthy();
    const body = mock.callsTo('POST', '/api/v1/chart/data')[0]?.body as { queries: { metrics: unknown[] }[] };
    expect(body.queries[0]?.metrics).toEqual([{ expressionType: 'SQL', sqlExpression: 'SUM(distance)', label: 'SUM(distance)' }]);
  });

  it('overwrites the chart it opened, keeping its dashboards', async () => {
    const mock = setup('/explore/?slice_id=5', { metrics: ['count'], groupby: ['airline'] });
    expect(await screen.findByText('1 rows drawn')).toBeTruthy();
    const modal = await openSaveModal();
    expect((within(modal).getByLabelText('Save (Overwrite)') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Chart [Flights by airline] has been overwritten')).toBeTruthy();
    const put = mock.callsTo('PUT', '/api/v1/chart/5')[0]?.body as Record<string, unknown>;
    expect(put).toMatchObject({ slice_name: 'Flights by airline', viz_type: 'table', datasource_id: 7, datasource_type: 'table', dashboards: [3] });
    expect(JSON.parse(put.params as string)).toMatchObject({ metrics: ['count'], groupby: ['airline'], slice_id: 5 });
    expect(mock.callsTo('POST', '/api/v1/chart/')).toHaveLength(0);
  });

  it('saves as a new chart on a new dashboard, creating the dashboard first', async () => {
    const mock = setup('/explore/?slice_id=5', { metrics: ['count'] });
    expect(await screen.findByText('1 rows drawn')).toBeTruthy();
    const modal = await openSaveModal();
    fireEvent.click(within(modal).getByLabelText('Save as...'));
    fireEvent.change(within(modal).getByLabelText('Chart name'), { target: { value: 'Copy of flights' } });
    const select = within(modal).getByLabelText('Add to dashboard');
    fireEvent.mouseDown(select);
    fireEvent.change(select, { target: { value: 'Brand new' } });
    fireEvent.click(await screen.findByText('Brand new (new)'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Chart [Copy of flights] has been saved')).toBeTruthy();
    expect(await screen.findByText('Dashboard [Brand new] just got created and chart [Copy of flights] was added to it')).toBeTruthy();

    const order = mock.calls.filter((c) => c.method === 'POST' && (c.path === '/api/v1/dashboard/' || c.path === '/api/v1/chart/')).map((c) => c.path);
    expect(order).toEqual(['/api/v1/dashboard/', '/api/v1/chart/']);
    expect(mock.callsTo('POST', '/api/v1/dashboard/')[0]?.body).toEqual({ dashboard_title: 'Brand new' });
    const created = mock.callsTo('POST', '/api/v1/chart/')[0]?.body as Record<string, unknown>;
    expect(created).toMatchObject({ slice_name: 'Copy of flights', dashboards: [11] });
    expect(JSON.parse(created.params as string).slice_id).toBeUndefined();
    expect(mock.callsTo('PUT', '/api/v1/chart/5')).toHaveLength(0);
  });

  it('toasts the save error', async () => {
    const mock = setup('/explore/?slice_id=5', { metrics: ['count'] });
    mock.on('PUT', '/api/v1/chart/5', { status: 422, body: { message: { slice_name: ['Name is too long'] } } });
    expect(await screen.findByText('1 rows drawn')).toBeTruthy();
    const modal = await openSaveModal();
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sorry, there was an error saving this chart: Name is too long')).toBeTruthy();
  });

  it('toasts the engine error when Run in SQL Lab or Export to .JSON cannot get the chart data', async () => {
    const mock = setup('/explore/?slice_id=5', { metrics: ['count'] });
    expect(await screen.findByText('1 rows drawn')).toBeTruthy();
    // From now on the engine refuses: the menu actions must say why instead of failing silently.
    const refusal = { message: 'Columns missing in dataset: [nope]', errors: [{ message: 'Columns missing in dataset: [nope]', error_type: 'COLUMN_DOES_NOT_EXIST_ERROR', level: 'error', extra: {} }] };
    mock.on('POST', '/api/v1/chart/data', { status: 400, body: refusal });
    const menu = async (...path: string[]) => {
      fireEvent.click(document.querySelector<HTMLElement>('[data-test="actions-trigger"]')!);
      // A submenu opens on hover; the last item is clicked.
      for (const [i, item] of path.entries()) {
        const node = await screen.findByText(item);
        if (i < path.length - 1) fireEvent.mouseEnter(node);
        else fireEvent.click(node);
      }
    };

    await menu('Run in SQL Lab');
    expect(await screen.findByText('Columns missing in dataset: [nope]')).toBeTruthy();
    expect(mock.callsTo('POST', '/api/v1/chart/data').at(-1)?.body).toMatchObject({ result_type: 'query' });

    await menu('Download', 'Export to .JSON');
    await waitFor(() => expect(mock.callsTo('POST', '/api/v1/chart/data').at(-1)?.body).toMatchObject({ result_type: 'full', result_format: 'json' }));
    await waitFor(() => expect(screen.getAllByText('Columns missing in dataset: [nope]').length).toBeGreaterThan(1));
  });
});

