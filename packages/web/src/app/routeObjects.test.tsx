import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { installFetchMock } from '../test/mocks/fetchMock';
import { GAMMA_ROLES, mockLoggedIn, mockLoggedOut } from '../test/mocks/meMocks';
import { mockDatabases } from '../test/mocks/databaseMocks';
import { mockQueryHistory } from '../test/mocks/queryMocks';
import { mockSavedQueries } from '../test/mocks/savedQueryMocks';
import { AppProviders } from './AppProviders';
import { appRoutes } from './routeObjects';
import { createAppStore } from './store';
import { mockSqlLab } from '../features/sqllab/test/sqllabMocks';
import { mockCharts } from '../features/charts/test/chartMocks';
import { createMockDatasetOption, mockDatasetSearch } from '../features/chartCreation/test/chartCreationMocks';

function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <AppProviders store={createAppStore()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('app routes', () => {
  it('sends anonymous visitors to /login/ with next', async () => {
    const mock = installFetchMock();
    mockLoggedOut(mock);
    const router = renderApp('/databaseview/list/?x=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/databaseview/list/?x=1')}`);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('redirects / to the welcome page, which greets the user and lists databases', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock);
    mockDatabases(mock);
    const router = renderApp('/');
    expect(await screen.findByText('Welcome, Ada!')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/superset/welcome/');
    expect(await screen.findByText('examples')).toBeTruthy();
  });

  it('shows a 404 page inside the shell for unknown paths', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock);
    renderApp('/no/such/page/');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Databases' }).length).toBeGreaterThan(0);
  });

  it('serves SQL Lab and its permalink route inside the shell', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock);
    mockSqlLab(mock);
    mock.on('GET', '/api/v1/sqllab/permalink/abc', { body: { name: 'Shared', dbId: 1, schema: 'main', sql: 'SELECT 2', autorun: false, templateParams: '' } });
    const router = renderApp('/sqllab/');
    expect(await screen.findByText('Untitled Query 1')).toBeTruthy();
    await router.navigate('/sqllab/p/abc/');
    expect(await screen.findByText('Shared')).toBeTruthy();
  });

  it('serves the saved queries list and the query history inside the shell', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock);
    mockDatabases(mock);
    mockSavedQueries(mock);
    mockQueryHistory(mock);
    const router = renderApp('/savedqueryview/list/');
    expect(await screen.findByRole('link', { name: 'Top names' })).toBeTruthy();
    await router.navigate('/sqllab/history/');
    expect(await screen.findByText('Untitled Query 1')).toBeTruthy();
  });

  it('refuses the users page to non-admins', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock, GAMMA_ROLES);
    renderApp('/users/');
    expect(await screen.findByText('Access denied')).toBeTruthy();
    expect(mock.callsTo('GET', '/api/v1/security/users/')).toHaveLength(0);
  });

  it("opens Superset's /superset/slice/N/ address as the standalone chart, without the shell", async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock);
    mock.on('GET', '/api/v1/explore/', { body: { result: { form_data: null, dataset: null, slice: null, message: 'Chart not found' } } });
    const router = renderApp('/superset/slice/5/?standalone=true');
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore/'));
    expect(new URLSearchParams(router.state.location.search).get('slice_id')).toBe('5');
    await waitFor(() => expect(document.querySelector('[data-test="standalone-chart"]')?.getAttribute('data-render-state')).toBe('failed'));
    expect(screen.queryAllByRole('link', { name: 'Databases' })).toHaveLength(0);
  });

  it("opens Superset's /superset/explore/?form_data= address in the explorer with the same parameters", async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock);
    mock.on('GET', '/api/v1/explore/', { body: { result: { form_data: null, dataset: null, slice: null, message: 'Chart not found' } } });
    const formData = JSON.stringify({ slice_id: 5 });
    const router = renderApp(`/superset/explore/?form_data=${encodeURIComponent(formData)}&standalone=true`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore/'));
    expect(new URLSearchParams(router.state.location.search).get('form_data')).toBe(formData);
    await waitFor(() => expect(mock.callsTo('GET', '/api/v1/explore/')[0]?.query.get('slice_id')).toBe('5'));
  });

  it('serves /chart/add (with or without the slash, with ?dataset=) inside the shell', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock);
    mockDatasetSearch(mock, [createMockDatasetOption({ id: 1 })]);
    const router = renderApp('/chart/add');
    expect(await screen.findByText('Create a new chart')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Databases' }).length).toBeGreaterThan(0);
    await router.navigate('/chart/add/');
    expect(await screen.findByText('Create a new chart')).toBeTruthy();
    await router.navigate('/chart/add?dataset=1');
    expect(await screen.findByText('main.flights')).toBeTruthy();
    expect(screen.queryByText('Page not found')).toBeNull();
  });

  it("goes from the chart list's + Chart to the explorer on the chosen dataset and chart type", async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock);
    mockCharts(mock, []);
    mockDatasetSearch(mock, [createMockDatasetOption({ id: 7 })]);
    const dataset = { id: 7, uid: '7__table', type: 'table', name: 'flights', columns: [], metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }] };
    mock.on('GET', '/api/v1/explore/', { body: { result: { form_data: { datasource: '7__table', viz_type: 'table' }, dataset, slice: null, message: null, can_add: true, can_download: true, can_overwrite: false } } });
    const router = renderApp('/chart/list/');
    await waitFor(() => expect(document.querySelector('[data-test="btn-new-chart"]')).not.toBeNull());
    fireEvent.click(document.querySelector('[data-test="btn-new-chart"]')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chart/add'));

    const select = await screen.findByRole('combobox', { name: 'Dataset' });
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('main.flights (examples)'));
    fireEvent.click(screen.getByRole('button', { name: 'Big Number' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create new chart' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/explore/'));
    expect(router.state.location.search).toBe('?viz_type=big_number_total&datasource=7__table');
    await waitFor(() => expect(document.querySelector('[data-test="viz-type-button"]')?.textContent).toContain('Big Number'));
    expect(mock.callsTo('GET', '/api/v1/explore/')[0]?.query.get('datasource_id')).toBe('7');
  });
});
