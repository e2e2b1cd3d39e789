import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import rison from 'rison';
import { describe, expect, it } from 'vitest';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { mockDatabases } from '../../../test/mocks/databaseMocks';
import { createMockDatabase } from '../../../test/mocks/factories';
import { mockLoggedIn } from '../../../test/mocks/meMocks';
import { GAMMA_LIKE_ROLES } from '../../../test/mocks/roleMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ToastContainer } from '../../toasts';
import { DatabaseList } from './DatabaseList';

function setup() {
  const mock = installFetchMock();
  mockLoggedIn(mock);
  mockDatabases(mock, [createMockDatabase(), createMockDatabase({ id: 2, database_name: 'warehouse', backend: 'postgresql' })]);
  renderWithProviders(
    <>
      <DatabaseList />
      <ToastContainer />
    </>,
  );
  return mock;
}

const listQueries = (mock: ReturnType<typeof setup>) =>
  mock.callsTo('GET', '/api/v1/database/').map((call) => rison.decode<Record<string, unknown>>(call.query.get('q') ?? '()'));

describe('DatabaseList', () => {
  it('lists databases sorted by last modified, and searches by name', async () => {
    const mock = setup();
    expect(await screen.findByText('warehouse')).toBeTruthy();
    expect(screen.getByText('PostgreSQL')).toBeTruthy();
    expect(listQueries(mock)[0]).toEqual({ order_column: 'changed_on_delta_humanized', order_direction: 'desc', page: 0, page_size: 25 });

    const search = screen.getByLabelText('Search databases by name');
    fireEvent.change(search, { target: { value: 'ware' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(listQueries(mock).at(-1)?.filters).toEqual([{ col: 'database_name', opr: 'ct', value: 'ware' }]));
  });

  it('deletes only after DELETE is typed', async () => {
    const mock = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete warehouse' }));
    const dialog = document.querySelector('[data-test="delete-modal"]') as HTMLElement;
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Type "DELETE" to confirm'), { target: { value: 'delete' } });
    expect(confirm.hasAttribute('disabled')).toBe(false);
    fireEvent.click(confirm);
    expect(await screen.findByText('Deleted: warehouse')).toBeTruthy();
    expect(mock.callsTo('DELETE', '/api/v1/database/2')).toHaveLength(1);
  });

  it('shows why a delete failed (422, database in use)', async () => {
    const mock = setup();
    mock.on('DELETE', '/api/v1/database/1', { status: 422, body: { message: 'There are associated datasets.' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete examples' }));
    const dialog = document.querySelector('[data-test="delete-modal"]') as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('Type "DELETE" to confirm'), { target: { value: 'DELETE' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('There are associated datasets.')).toBeTruthy();
  });

  it('browses the schemas and tables of a database', async () => {
    const mock = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Browse examples' }));
    expect(await screen.findByText('birth_names')).toBeTruthy();
    expect(screen.getByText('energy_usage')).toBeTruthy();
    const tablesCall = mock.callsTo('GET', '/api/v1/database/1/tables/')[0];
    expect(tablesCall?.query.get('q')).toBe('(schema_name:main)');
  });

  it('opens the connect modal from "+ Database"', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: /Database$/ }));
    expect(await screen.findByText('Connect a database')).toBeTruthy();
  });

  it('tells a user who cannot connect databases that none are accessible', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock, GAMMA_LIKE_ROLES);
    mockDatabases(mock, []);
    renderWithProviders(<DatabaseList />);
    expect(await screen.findByText('No databases you can access')).toBeTruthy();
    expect(screen.queryByText('No databases yet')).toBeNull();
  });
});
