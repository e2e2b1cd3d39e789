import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockDatabase } from '../../../test/mocks/factories';
import { mockDatabases } from '../../../test/mocks/databaseMocks';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { ADMIN_ROLES, mockLoggedIn } from '../../../test/mocks/meMocks';
import { GAMMA_LIKE_ROLES } from '../../../test/mocks/roleMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { createMockDatasetListItem, mockDatasets } from '../test/datasetMocks';
import { DatasetAdd } from './DatasetAdd';

function RouteProbe() {
  const location = useLocation();
  return <div data-test="route-probe">{`${location.pathname}${location.search}`}</div>;
}

function setup(existing = [createMockDatasetListItem({ table_name: 'energy_usage', id: 5 })], roles = ADMIN_ROLES) {
  const mock = installFetchMock();
  mockLoggedIn(mock, roles);
  mockDatabases(mock, [createMockDatabase()]);
  mockDatasets(mock, existing);
  mock.on('GET', '/api/v1/database/1/table_metadata/', (call) => ({
    body: {
      name: call.query.get('name'),
      columns: [
        { name: 'ds', type: 'DATE', longType: 'DATE', keys: [], comment: null },
        { name: 'num', type: 'BIGINT', longType: 'BIGINT', keys: [], comment: null },
      ],
      selectStar: '',
      primaryKey: { column_names: [], name: null, type: 'pk' },
      foreignKeys: [],
      indexes: [],
    },
  }));
  renderWithProviders(
    <Routes>
      <Route path="/dataset/add/" element={<DatasetAdd />} />
      <Route path="/explore/" element={<RouteProbe />} />
      <Route path="/chart/add" element={<RouteProbe />} />
    </Routes>,
    { route: '/dataset/add/' },
  );
  return mock;
}

async function pickTable(name: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Database' }));
  fireEvent.click(await screen.findByTitle('examples'));
  fireEvent.click(await screen.findByText(name));
}

afterEach(() => vi.restoreAllMocks());

describe('DatasetAdd', { timeout: 45_000 }, () => {
  it('creates a physical dataset from the chosen table and goes on to the chart-type picker with it', async () => {
    const mock = setup();
    await pickTable('birth_names');
    expect(await screen.findByText('main.birth_names')).toBeTruthy();
    expect(await screen.findByText('BIGINT')).toBeTruthy();
    expect(mock.callsTo('GET', '/api/v1/database/1/table_metadata/')[0]?.query.get('name')).toBe('birth_names');
    fireEvent.click(screen.getByRole('button', { name: 'Create dataset and create chart' }));
    await waitFor(() => expect(mock.callsTo('POST', '/api/v1/dataset/')).toHaveLength(1));
    expect(mock.callsTo('POST', '/api/v1/dataset/')[0]?.body).toEqual({ database: 1, schema: 'main', table_name: 'birth_names' });
    expect((await screen.findByText(/^\/chart\/add/)).textContent).toBe('/chart/add?dataset=42');
  });

  it('narrows the table list with the search box', async () => {
    setup();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Database' }));
    fireEvent.click(await screen.findByTitle('examples'));
    await screen.findByText('energy_usage');
    fireEvent.change(screen.getByLabelText('Search tables'), { target: { value: 'birth' } });
    expect(screen.queryByText('energy_usage')).toBeNull();
    expect(screen.getByText('birth_names')).toBeTruthy();
  });

  it('warns about a table that already has a dataset', async () => {
    setup();
    await pickTable('energy_usage');
    expect(await screen.findByText(/This table already has a dataset associated with it/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Create dataset and create chart' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server message when the dataset exists (422)', async () => {
    const mock = setup([]);
    mock.on('POST', '/api/v1/dataset/', { status: 422, body: { message: { table: ['Dataset main.birth_names already exists'] } } });
    await pickTable('birth_names');
    fireEvent.click(screen.getByRole('button', { name: 'Create dataset and create chart' }));
    expect(await screen.findByText('Dataset main.birth_names already exists')).toBeTruthy();
    expect(screen.queryByText(/^\/(explore|chart)\//)).toBeNull();
  });

  it('tells a user who cannot write datasets instead of showing the form', async () => {
    const mock = setup(undefined, GAMMA_LIKE_ROLES);
    expect(await screen.findByText(/You don't have permission to create datasets/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Database' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to datasets' }).getAttribute('href')).toBe('/tablemodelview/list/');
    expect(mock.callsTo('GET', '/api/v1/database/')).toHaveLength(0);
  });
});
