import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ChartPlugin, ControlConfig, RendererProps } from '../../../viz/types';
import { installFetchMock, type FetchMock, type MockReply } from '../../../test/mocks/fetchMock';
import { mockLoggedIn } from '../../../test/mocks/meMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ToastContainer } from '../../toasts';
import { ExploreView } from './ExploreView';

const Drawn = ({ props }: RendererProps) => <div data-test="fake-chart">{String(props.text)}</div>;

function fakePlugin(vizType: string, name: string, controls: ControlConfig[]): ChartPlugin {
  return {
    metadata: { vizType, name, category: 'Other', description: '', tags: [], thumbnail: '<svg/>' },
    controlPanel: { sections: [{ label: 'Query', controlSetRows: controls.map((c) => [c]) }] },
    buildQuery: (formData) => ({ datasource: { id: 7, type: 'table' }, form_data: formData, queries: [{ metrics: ['count'] }] }),
    transformProps: ({ queriesData }) => ({ text: `${name}: ${queriesData[0]?.data.length ?? 0} rows` }),
    loadRenderer: () => Promise.resolve(Drawn),
  };
}

const table = fakePlugin('table', 'Table', [
  { name: 'metrics', type: 'MetricsControl', label: 'Metrics', validators: [{ type: 'nonEmpty' }] },
  { name: 'subtitle', type: 'TextControl', label: 'Subtitle', default: '' },
]);
const bigNumber = fakePlugin('big_number_total', 'Big Number', [
  { name: 'metric', type: 'MetricControl', label: 'Metric', validators: [{ type: 'nonEmpty' }] },
  { name: 'subheader', type: 'TextControl', label: 'Subheader', default: '' },
]);

vi.mock('../../chart/utils/pluginRegistry', () => ({
  getChartPlugin: (vizType: string) => ({ table, big_number_total: bigNumber })[vizType],
  listChartPlugins: () => [table, bigNumber],
}));

const dataset = {
  id: 7,
  uid: '7__table',
  type: 'table',
  name: 'flights',
  columns: [{ column_name: 'airline', type: 'VARCHAR', type_generic: 1, is_dttm: false }],
  metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
};
const slice = { slice_id: 5, slice_name: 'Flights', owners: [1], dashboards: [] };

/** Shows the router's address, and steps back in its history as the browser's back button does. */
function AddressBar() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-test="address">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

const byTest = (name: string) => document.querySelector<HTMLElement>(`[data-test="${name}"]`);
const address = () => new URL(byTest('address')?.textContent ?? '', 'http://localhost');
const storedForm = (mock: FetchMock, method: 'POST' | 'PUT', index = 0) =>
  JSON.parse((mock.callsTo(method, /^\/api\/v1\/explore\/form_data/)[index]?.body as { form_data: string }).form_data) as Record<string, unknown>;

function setup(route: string, bootstrap: Record<string, unknown>): FetchMock {
  const mock = installFetchMock();
  mockLoggedIn(mock);
  mock.on('GET', '/api/v1/explore/', { body: { result: { dataset, slice: null, message: null, can_add: true, can_download: true, can_overwrite: false, ...bootstrap } } });
  mock.on('POST', '/api/v1/chart/data', { body: { result: [{ status: 'success', error: null, data: [{ count: 2 }], colnames: ['count'], coltypes: [0], rowcount: 1 }] } });
  mock.on('GET', '/api/v1/chart/favorite_status/', { body: { result: [{ id: 5, value: false }] } });
  let created = 0;
  mock.on('POST', '/api/v1/explore/form_data', () => ({ status: 201, body: { key: `new-${(created += 1)}` } }));
  renderWithProviders(
    <>
      <ExploreView />
      <AddressBar />
      <ToastContainer />
    </>,
    { route },
  );
  return mock;
}

const answerPut = (mock: FetchMock, reply: (key: string) => MockReply) =>
  mock.on('PUT', /^\/api\/v1\/explore\/form_data\//, (call) => reply(decodeURIComponent(call.path.split('/').pop() ?? '')));

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Explore address (form_data_key)', { timeout: 60_000 }, () => {
  it('stores changed controls (POST, then PUT) and replaces the address with ?form_data_key=, without reloading or re-running', async () => {
    const mock = setup('/explore/?datasource_type=table&datasource_id=7', { form_data: { datasource: '7__table', viz_type: 'table', metrics: ['count'] } });
    answerPut(mock, (key) => ({ body: { message: 'The value was updated successfully', key: `${key}-next` } }));
    expect(await screen.findByText('Table: 1 rows')).toBeTruthy();

    // Typing: one store for the burst, after the pause.
    type('Subtitle', 'H');
    type('Subtitle', 'He');
    type('Subtitle', 'Hello');
    await waitFor(() => expect(address().searchParams.get('form_data_key')).toBe('new-1'));
    expect(mock.callsTo('POST', '/api/v1/explore/form_data')).toHaveLength(1);
    expect(mock.callsTo('POST', '/api/v1/explore/form_data')[0]?.body).toMatchObject({ datasource_id: 7, datasource_type: 'table', chart_id: null });
    expect(storedForm(mock, 'POST')).toMatchObject({ viz_type: 'table', metrics: ['count'], subtitle: 'Hello', datasource: '7__table' });
    // The dataset stays in the address, so an expired key still falls back to it.
    expect(address().searchParams.get('datasource_id')).toBe('7');

    type('Subtitle', 'Hello world');
    await waitFor(() => expect(address().searchParams.get('form_data_key')).toBe('new-1-next'));
    expect(mock.callsTo('PUT', /^\/api\/v1\/explore\/form_data\//).map((c) => c.path)).toEqual(['/api/v1/explore/form_data/new-1']);
    expect(storedForm(mock, 'PUT')).toMatchObject({ subtitle: 'Hello world' });
    expect(mock.callsTo('POST', '/api/v1/explore/form_data')).toHaveLength(1);

    // Writing the key neither loaded the explorer again nor ran the chart again.
    expect(mock.callsTo('GET', '/api/v1/explore/')).toHaveLength(1);
    expect(mock.callsTo('POST', '/api/v1/chart/data')).toHaveLength(1);
    expect((screen.getByLabelText('Subtitle') as HTMLInputElement).value).toBe('Hello world');

    // The entry was replaced, not pushed: going back does not return to an older address.
    fireEvent.click(screen.getByText('Browser back'));
    expect(address().searchParams.get('form_data_key')).toBe('new-1-next');
  });

  it('writes slice_id next to the key when editing a saved chart, and sends it as chart_id', async () => {
    const mock = setup('/explore/?slice_id=5', { form_data: { datasource: '7__table', viz_type: 'table', metrics: ['count'], slice_id: 5 }, slice, can_overwrite: true });
    expect(await screen.findByText('Table: 1 rows')).toBeTruthy();
    type('Subtitle', 'Saved one');
    await waitFor(() => expect(address().search).toBe('?form_data_key=new-1&slice_id=5'));
    expect(mock.callsTo('POST', '/api/v1/explore/form_data')[0]?.body).toMatchObject({ datasource_id: 7, datasource_type: 'table', chart_id: 5 });
  });

  it('restores the viz type and control values of ?form_data_key=K, and keeps storing under K', async () => {
    const mock = setup('/explore/?form_data_key=K1&datasource_type=table&datasource_id=7', {
      form_data: { datasource: '7__table', viz_type: 'big_number_total', metric: 'count', subheader: 'kept across reloads' },
    });
    answerPut(mock, () => ({ body: { message: 'The value was updated successfully', key: 'K2' } }));
    expect(await screen.findByText('Big Number: 1 rows')).toBeTruthy();
    expect(mock.callsTo('GET', '/api/v1/explore/')[0]?.query.get('form_data_key')).toBe('K1');
    expect(byTest('viz-type-button')!.textContent).toContain('Big Number');
    expect((screen.getByLabelText('Subheader') as HTMLInputElement).value).toBe('kept across reloads');
    expect(screen.queryByLabelText('Subtitle')).toBeNull();

    type('Subheader', 'changed');
    await waitFor(() => expect(address().searchParams.get('form_data_key')).toBe('K2'));
    expect(mock.callsTo('PUT', /^\/api\/v1\/explore\/form_data\//)[0]?.path).toBe('/api/v1/explore/form_data/K1');
    expect(storedForm(mock, 'PUT')).toMatchObject({ viz_type: 'big_number_total', metric: 'count', subheader: 'changed' });
    expect(mock.callsTo('POST', '/api/v1/explore/form_data')).toHaveLength(0);
    expect(mock.callsTo('GET', '/api/v1/explore/')).toHaveLength(1);
  });

  it('falls back to the dataset with a warning toast when the key expired, and starts a new key', async () => {
    const message = 'Form data not found in cache, reverting to dataset metadata.';
    const mock = setup('/explore/?form_data_key=gone&datasource_type=table&datasource_id=7', { form_data: { datasource: '7__table', viz_type: 'table' }, message });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(byTest('datasource-name')!.textContent).toContain('flights');
    expect(screen.getByText('Metrics cannot be empty')).toBeTruthy();

    type('Subtitle', 'fresh start');
    await waitFor(() => expect(address().searchParams.get('form_data_key')).toBe('new-1'));
    expect(mock.callsTo('PUT', /^\/api\/v1\/explore\/form_data\//)).toHaveLength(0);
  });

  it('replaces a key the server no longer has when storing (PUT 404 → POST)', async () => {
    const mock = setup('/explore/?form_data_key=K1&datasource_type=table&datasource_id=7', { form_data: { datasource: '7__table', viz_type: 'table', metrics: ['count'] } });
    answerPut(mock, () => ({ status: 404, body: { message: 'Not found' } }));
    expect(await screen.findByText('Table: 1 rows')).toBeTruthy();
    type('Subtitle', 'still kept');
    await waitFor(() => expect(address().searchParams.get('form_data_key')).toBe('new-1'));
    expect(mock.callsTo('PUT', /^\/api\/v1\/explore\/form_data\//)).toHaveLength(1);
    expect(storedForm(mock, 'POST')).toMatchObject({ subtitle: 'still kept' });
  });

  it('says so, instead of a blank page, when an expired key leaves nothing to fall back to', async () => {
    const message = 'Form data not found in cache, reverting to dataset metadata.';
    setup('/explore/?form_data_key=gone', { form_data: { datasource: '', viz_type: 'table' }, dataset: {}, message });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(await screen.findByText('Choose a dataset to explore')).toBeTruthy();
  });
  it("opens an old ?form_data={...} link on its chart with the link's controls, and drops it once edits are stored", async () => {
    const link = encodeURIComponent(JSON.stringify({ slice_id: 5, viz_type: 'table', subtitle: 'from the link' }));
    const mock = setup(`/explore/?form_data=${link}`, { form_data: { datasource: '7__table', viz_type: 'table', metrics: ['count'], slice_id: 5, subtitle: 'saved' }, slice, can_overwrite: true });
    expect(await screen.findByText('Table: 1 rows')).toBeTruthy();
    expect(mock.callsTo('GET', '/api/v1/explore/')[0]?.query.get('slice_id')).toBe('5');
    expect((screen.getByLabelText('Subtitle') as HTMLInputElement).value).toBe('from the link');
    expect(mock.callsTo('POST', '/api/v1/chart/data')[0]?.body).toMatchObject({ form_data: { subtitle: 'from the link', slice_id: 5 } });

    type('Subtitle', 'edited');
    await waitFor(() => expect(address().search).toBe('?form_data_key=new-1&slice_id=5'));
    expect(storedForm(mock, 'POST')).toMatchObject({ subtitle: 'edited' });
  });
});
