import rison from 'rison';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeRolesResult } from '@tessera/core';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { ADMIN_ROLES, GAMMA_ROLES, mockLoggedIn } from '../../../test/mocks/meMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CHART_WRITER_ROLES, createMockDatasetOption, mockDatasetSearch } from '../test/chartCreationMocks';
import { ChartCreation } from './ChartCreation';

const FLIGHTS = createMockDatasetOption();
const BIRTHS = createMockDatasetOption({ id: 7, table_name: 'birth_names', database: { id: 2, database_name: 'warehouse' } });

function ExploreProbe() {
  const location = useLocation();
  return <div data-test="explore-probe">{`${location.pathname}${location.search}`}</div>;
}

function setup({ route = '/chart/add', roles = ADMIN_ROLES }: { route?: string; roles?: MeRolesResult['roles'] } = {}) {
  const mock = installFetchMock();
  mockLoggedIn(mock, roles);
  mockDatasetSearch(mock, [FLIGHTS, BIRTHS]);
  renderWithProviders(
    <Routes>
      <Route path="/chart/add" element={<ChartCreation />} />
      <Route path="/explore/" element={<ExploreProbe />} />
    </Routes>,
    { route },
  );
  return mock;
}

const byTest = (id: string) => document.querySelector<HTMLElement>(`[data-test="${id}"]`);
const findByTest = (id: string) =>
  waitFor(() => {
    const element = byTest(id);
    if (!element) throw new Error(`no [data-test="${id}"]`);
    return element;
  });

const createButton = () => screen.getByRole('button', { name: 'Create new chart' }) as HTMLButtonElement;
const searchedNames = (mock: ReturnType<typeof setup>) =>
  mock.callsTo('GET', '/api/v1/dataset/').map((call) => rison.decode<{ filters: { value: string }[] }>(call.query.get('q') ?? '()').filters[0]?.value ?? '');

async function chooseDataset(search: string, title: string) {
  const select = await screen.findByRole('combobox', { name: 'Dataset' });
  fireEvent.mouseDown(select);
  fireEvent.change(select, { target: { value: search } });
  fireEvent.click(await screen.findByTitle(title));
}

afterEach(() => vi.restoreAllMocks());

describe('ChartCreation', { timeout: 45_000 }, () => {
  it('searches datasets by table name on the server and chooses one', async () => {
    const mock = setup();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Dataset' }));
    // Every dataset at first, shown as schema.table with the database.
    expect(await screen.findByTitle('main.flights (examples)')).toBeTruthy();
    expect(screen.getByTitle('main.birth_names (warehouse)')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Dataset' }), { target: { value: 'birth' } });
    await waitFor(() => expect(searchedNames(mock)).toContain('birth'));
    await waitFor(() => expect(screen.queryByTitle('main.flights (examples)')).toBeNull());
    fireEvent.click(screen.getByTitle('main.birth_names (warehouse)'));

    const step = await findByTest('chart-creation-dataset-step');
    await waitFor(() => expect(within(step).getByText('main.birth_names')).toBeTruthy());
    expect(createButton().disabled).toBe(true);
    expect(byTest('chart-creation-missing')?.textContent).toBe('Choose a chart type to continue');
  });

  it('keeps "Create new chart" disabled and says what is missing until both are chosen', async () => {
    setup();
    await screen.findByRole('combobox', { name: 'Dataset' });
    expect(createButton().disabled).toBe(true);
    expect(byTest('chart-creation-missing')?.textContent).toBe('Choose a dataset and a chart type to continue');
    expect(createButton().getAttribute('aria-describedby')).toBe('chart-creation-missing');
    // The tooltip on the disabled button says the same.
    fireEvent.pointerEnter(createButton());
    expect((await screen.findByRole('tooltip')).textContent).toBe('Choose a dataset and a chart type to continue');

    fireEvent.click(screen.getByRole('button', { name: 'Pie Chart' }));
    expect(byTest('chart-creation-missing')?.textContent).toBe('Choose a dataset to continue');
    expect(createButton().disabled).toBe(true);
  });

  it('chooses a chart type in the gallery and opens the explorer on the dataset with that type', async () => {
    setup();
    await chooseDataset('flights', 'main.flights (examples)');
    const bigNumber = screen.getByRole('button', { name: 'Big Number' });
    fireEvent.click(bigNumber);
    expect(bigNumber.getAttribute('aria-pressed')).toBe('true');
    expect(byTest('viz-type-description')?.textContent).toContain('Showcases a single metric');
    expect(byTest('chart-creation-missing')).toBeNull();
    expect(createButton().disabled).toBe(false);

    fireEvent.click(createButton());
    expect((await findByTest('explore-probe')).textContent).toBe('/explore/?viz_type=big_number_total&datasource=3__table');
    // The pick counts for the gallery's "most used first" order, as in the explorer.
    expect(JSON.parse(window.localStorage.getItem('tessera.explore.vizTypeUsage') ?? '{}')).toEqual({ big_number_total: 1 });
  });

  it('finds chart types with the gallery search', async () => {
    setup();
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search all charts' }), { target: { value: 'pie' } });
    expect(screen.getByRole('button', { name: 'Pie Chart' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Table' })).toBeNull();
  });

  it('creates at once on a double click when a dataset is chosen, and only selects without one', async () => {
    setup();
    fireEvent.doubleClick(await screen.findByRole('button', { name: 'Table' }));
    expect(screen.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');
    expect(byTest('explore-probe')).toBeNull();

    await chooseDataset('birth', 'main.birth_names (warehouse)');
    fireEvent.doubleClick(screen.getByRole('button', { name: 'Pie Chart' }));
    expect((await findByTest('explore-probe')).textContent).toBe('/explore/?viz_type=pie&datasource=7__table');
  });

  it('preselects the dataset named by ?dataset=', async () => {
    const mock = setup({ route: '/chart/add?dataset=7' });
    const step = await findByTest('chart-creation-dataset-step');
    await waitFor(() => expect(within(step).getByText('main.birth_names')).toBeTruthy());
    expect(mock.callsTo('GET', '/api/v1/dataset/7')).toHaveLength(1);
    expect(byTest('chart-creation-missing')?.textContent).toBe('Choose a chart type to continue');
    fireEvent.click(screen.getByRole('button', { name: 'Bar Chart' }));
    fireEvent.click(createButton());
    expect((await findByTest('explore-probe')).textContent).toBe('/explore/?viz_type=echarts_timeseries_bar&datasource=7__table');
  });

  it('warns when ?dataset= names no dataset, and leaves the choice open', async () => {
    setup({ route: '/chart/add?dataset=99' });
    expect(await findByTest('chart-creation-dataset-missing')).toBeTruthy();
    expect(byTest('chart-creation-missing')?.textContent).toBe('Choose a dataset and a chart type to continue');
  });

  it('links to "Add a dataset" only for users who may write datasets', async () => {
    setup();
    expect((await screen.findByRole('link', { name: 'Add a dataset' })).getAttribute('href')).toBe('/dataset/add/');
  });

  it('hides "Add a dataset" from chart writers who may not write datasets', async () => {
    setup({ roles: CHART_WRITER_ROLES });
    await screen.findByRole('combobox', { name: 'Dataset' });
    expect(screen.queryByRole('link', { name: 'Add a dataset' })).toBeNull();
  });

  it('tells users who may not write charts so, instead of the form', async () => {
    const mock = setup({ roles: GAMMA_ROLES });
    expect(await screen.findByText("You don't have permission to create charts")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to charts' }).getAttribute('href')).toBe('/chart/list/');
    expect(screen.queryByRole('combobox', { name: 'Dataset' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create new chart' })).toBeNull();
    expect(mock.callsTo('GET', '/api/v1/dataset/')).toHaveLength(0);
  });
});
