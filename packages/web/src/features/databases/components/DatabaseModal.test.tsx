import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFetchMock, type FetchMock } from '../../../test/mocks/fetchMock';
import { mockConnectionError, mockDatabases } from '../../../test/mocks/databaseMocks';
import { createMockDatabaseShow } from '../../../test/mocks/factories';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ToastContainer } from '../../toasts';
import { DatabaseModal } from './DatabaseModal';

function setup(configure?: (mock: FetchMock) => void, databaseId?: number) {
  const mock = installFetchMock();
  mockDatabases(mock, [], [createMockDatabaseShow()]);
  configure?.(mock);
  const onClose = vi.fn();
  renderWithProviders(
    <>
      <DatabaseModal open onClose={onClose} {...(databaseId !== undefined ? { databaseId } : {})} />
      <ToastContainer />
    </>,
  );
  return { mock, onClose };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const modal = () => document.querySelector('[data-test="database-modal"]') as HTMLElement;

function openUriForm() {
  fireEvent.click(within(modal()).getByText('Connect this database with a SQLAlchemy URI string instead'));
}

describe('DatabaseModal', () => {
  it('offers the four engines first', () => {
    setup();
    for (const label of ['PostgreSQL', 'MySQL/MariaDB', 'SQLite', 'DuckDB']) expect(screen.getByRole('button', { name: new RegExp(label) })).toBeTruthy();
  });

  it('validates the URI form before posting', async () => {
    const { mock } = setup();
    openUriForm();
    expect(screen.getByPlaceholderText('postgresql://user:password@host:5432/database')).toBeTruthy();
    click('Connect');
    expect(await screen.findByText('Please enter a display name')).toBeTruthy();
    expect(screen.getByText('Please enter a SQLAlchemy URI')).toBeTruthy();
    type('SQLAlchemy URI', 'not a uri');
    expect(await screen.findByText('Invalid connection string: expected dialect://...')).toBeTruthy();
    expect(mock.callsTo('POST', '/api/v1/database/')).toHaveLength(0);
  });

  it('posts the URI form with its settings', async () => {
    const { mock, onClose } = setup();
    openUriForm();
    type('Display name', 'Warehouse');
    type('SQLAlchemy URI', 'postgresql://bi:pw@db.local:5432/analytics');
    fireEvent.click(screen.getByLabelText('Allow DML'));
    fireEvent.change(screen.getByLabelText('Chart cache timeout'), { target: { value: '300' } });
    click('Connect');
    await waitFor(() => expect(mock.callsTo('POST', '/api/v1/database/')).toHaveLength(1));
    expect(mock.callsTo('POST', '/api/v1/database/')[0]?.body).toEqual({
      database_name: 'Warehouse',
      sqlalchemy_uri: 'postgresql://bi:pw@db.local:5432/analytics',
      configuration_method: 'sqlalchemy_form',
      expose_in_sqllab: true,
      allow_dml: true,
      allow_ctas: false,
      allow_cvas: false,
      allow_run_async: false,
      disable_data_preview: false,
      cache_timeout: 300,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Database connected')).toBeTruthy();
  });

  it('posts the PostgreSQL parameters form with the default port', async () => {
    const { mock } = setup();
    click('PostgreSQL');
    expect((screen.getByLabelText('Port') as HTMLInputElement).value).toBe('5432');
    click('Connect');
    expect(await screen.findByText('Please enter a host')).toBeTruthy();
    type('Host', 'db.local');
    type('Database name', 'analytics');
    type('Username', 'bi');
    type('Password', 's3cret');
    type('Display name', 'Analytics');
    click('Connect');
    await waitFor(() => expect(mock.callsTo('POST', '/api/v1/database/')).toHaveLength(1));
    expect(mock.callsTo('POST', '/api/v1/database/')[0]?.body).toMatchObject({
      database_name: 'Analytics',
      engine: 'postgresql',
      configuration_method: 'dynamic_form',
      parameters: { host: 'db.local', port: 5432, database: 'analytics', username: 'bi', password: 's3cret' },
      expose_in_sqllab: true,
    });
  });

  it('asks SQLite for a file path and MySQL for port 3306', () => {
    setup();
    click('SQLite');
    expect(screen.getByLabelText('File path')).toBeTruthy();
    expect(screen.queryByLabelText('Host')).toBeNull();
    click('Back');
    click('MySQL/MariaDB');
    expect((screen.getByLabelText('Port') as HTMLInputElement).value).toBe('3306');
  });

  it('tests a connection and says it looks good', async () => {
    const { mock } = setup();
    openUriForm();
    type('Display name', 'W');
    type('SQLAlchemy URI', 'sqlite:////tmp/x.db');
    fireEvent.click(screen.getByText('Test connection'));
    expect(await screen.findByText('Connection looks good!')).toBeTruthy();
    expect(mock.callsTo('POST', '/api/v1/database/test_connection/')[0]?.body).toEqual({
      database_name: 'W',
      sqlalchemy_uri: 'sqlite:////tmp/x.db',
      configuration_method: 'sqlalchemy_form',
    });
  });

  it('shows a failed connection test in an alert inside the modal', async () => {
    setup(mockConnectionError);
    click('PostgreSQL');
    type('Host', 'nohost.invalid');
    type('Database name', 'db');
    type('Username', 'u');
    fireEvent.click(screen.getByText('Test connection'));
    const alert = await within(modal()).findByText('The hostname "nohost.invalid" cannot be resolved.');
    expect(alert).toBeTruthy();
    expect(within(modal()).getByText("Issue 1007 - The hostname provided can't be resolved.")).toBeTruthy();
    expect(within(modal()).getByText('CONNECTION_INVALID_HOSTNAME_ERROR')).toBeTruthy();
  });

  it('shows 422 field errors on their fields', async () => {
    setup((mock) =>
      mock.on('POST', '/api/v1/database/', { status: 422, body: { message: { database_name: ['A database with the same name already exists.'] } } }),
    );
    openUriForm();
    type('Display name', 'examples');
    type('SQLAlchemy URI', 'sqlite:////tmp/x.db');
    click('Connect');
    expect(await screen.findByText('A database with the same name already exists.')).toBeTruthy();
    expect(document.querySelector('[data-test="database-connection-error"]')).toBeNull();
  });

  it('shows nested parameter errors (marshmallow shape) on their fields', async () => {
    setup((mock) => mock.on('POST', '/api/v1/database/', { status: 400, body: { message: { parameters: { host: ['Not a valid hostname.'] } } } }));
    click('PostgreSQL');
    type('Host', 'db.local');
    type('Database name', 'analytics');
    type('Username', 'bi');
    type('Display name', 'Analytics');
    click('Connect');
    expect(await screen.findByText('Not a valid hostname.')).toBeTruthy();
    expect(document.querySelector('[data-test="database-connection-error"]')).toBeNull();
  });

  it('edits an existing database and sends the masked password back unchanged', async () => {
    const { mock } = setup(undefined, 2);
    const uri = (await screen.findByLabelText('SQLAlchemy URI')) as HTMLInputElement;
    expect(uri.value).toBe('postgresql://bi:XXXXXXXXXX@db.local:5432/analytics');
    expect(screen.getByText('Edit database')).toBeTruthy();
    click('Finish');
    await waitFor(() => expect(mock.callsTo('PUT', '/api/v1/database/2')).toHaveLength(1));
    expect(mock.callsTo('PUT', '/api/v1/database/2')[0]?.body).toMatchObject({
      database_name: 'warehouse',
      sqlalchemy_uri: 'postgresql://bi:XXXXXXXXXX@db.local:5432/analytics',
      configuration_method: 'sqlalchemy_form',
    });
  });
});
