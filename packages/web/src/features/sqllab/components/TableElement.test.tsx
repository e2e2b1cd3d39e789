import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFetchMock, type FetchMock } from '../../../test/mocks/fetchMock';
import { mockLoggedIn } from '../../../test/mocks/meMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ToastContainer } from '../../toasts';
import { createMockTable } from '../test/factories';
import { MOCK_DATABASE, MOCK_TAB, mockSqlLab } from '../test/sqllabMocks';
import { SqlLab } from './SqlLab';
import { TableElement } from './TableElement';

configure({ testIdAttribute: 'data-test' });

const EXTRA_PATH = /^\/api\/v1\/database\/\d+\/table_metadata\/extra\/$/;

const PARTITIONED = {
  metadata: { Type: 'partitioned table', Owner: 'postgres', 'Estimated rows': '1,500' },
  partitions: {
    cols: ['ds', 'hour'],
    latest: { ds: '2024-01-01', hour: '3' },
    partitionQuery: 'SELECT * FROM partitions_of_events',
  },
  clustering: { cols: ['user_id'] },
};

const COLUMNS = [
  { name: 'ds', type: 'DATE', keys: [] },
  { name: 'hour', type: 'INT', keys: [] },
];

function renderTable(mock: FetchMock, overrides: Parameters<typeof createMockTable>[0] = {}) {
  mockLoggedIn(mock);
  return renderWithProviders(
    <>
      <TableElement table={createMockTable({ name: 'events', schema: 'public', initialized: true, columns: COLUMNS, ...overrides })} />
      <ToastContainer />
    </>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TableElement extras', () => {
  it('fetches table_extra for an expanded table and shows partitions, clustering and details', async () => {
    const mock = installFetchMock();
    mock.on('GET', EXTRA_PATH, { body: PARTITIONED });
    renderTable(mock);

    const well = await screen.findByTestId('table-extra');
    const call = mock.callsTo('GET', EXTRA_PATH)[0]!;
    expect(call.path).toBe('/api/v1/database/1/table_metadata/extra/');
    expect(Object.fromEntries(call.query)).toEqual({ name: 'events', schema: 'public' });
    // Columns stay where they were.
    expect(screen.getByText('hour')).toBeTruthy();
    expect(within(well).getByText('Partitioned by: ds, hour')).toBeTruthy();
    expect(within(well).getByText('latest partition: ds=2024-01-01/hour=3')).toBeTruthy();
    expect(within(well).getByTestId('table-clustering').textContent).toBe('Clustered by: user_id');

    // Metadata opens on demand, one label: value line each, in the server's order.
    expect(within(well).queryByTestId('table-metadata')).toBeNull();
    fireEvent.click(within(well).getByText('Table details'));
    const lines = [...within(well).getByTestId('table-metadata').children].map((line) => line.textContent);
    expect(lines).toEqual(['Type: partitioned table', 'Owner: postgres', 'Estimated rows: 1,500']);
    fireEvent.click(within(well).getByText('Table details'));
    expect(within(well).queryByTestId('table-metadata')).toBeNull();
  });

  it('copies the partition query', async () => {
    const mock = installFetchMock();
    mock.on('GET', EXTRA_PATH, { body: PARTITIONED });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderTable(mock);

    fireEvent.click(await screen.findByRole('button', { name: 'Copy partition query' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('SELECT * FROM partitions_of_events'));
    expect(await screen.findByText('Copied to clipboard!')).toBeTruthy();
  });

  it('shows only the parts the engine gave: no copy action without a query, no well for an empty answer', async () => {
    const mock = installFetchMock();
    mock.on('GET', EXTRA_PATH, (call) => ({
      body:
        call.query.get('name') === 'events'
          ? { partitions: { cols: ['ds'], latest: null, partitionQuery: null } }
          : {},
    }));
    const view = renderTable(mock);
    const well = await screen.findByTestId('table-extra');
    expect(within(well).getByText('Partitioned by: ds')).toBeTruthy();
    expect(within(well).queryByText(/latest partition/)).toBeNull();
    expect(within(well).queryByRole('button', { name: 'Copy partition query' })).toBeNull();
    expect(within(well).queryByText('Table details')).toBeNull();

    view.unmount();
    renderTable(mock, { name: 'plain' });
    await waitFor(() => expect(mock.callsTo('GET', EXTRA_PATH).some((c) => c.query.get('name') === 'plain')).toBe(true));
    expect(screen.getByText('hour')).toBeTruthy();
    expect(screen.queryByTestId('table-extra')).toBeNull();
  });

  it('keeps the table element as it was when table_extra fails or answers an odd shape', async () => {
    const mock = installFetchMock();
    mock.on('GET', EXTRA_PATH, { status: 500, body: { message: 'boom' } });
    const view = renderTable(mock);
    // Once the failed answer has landed, the element still shows its columns and nothing extra.
    await waitFor(() =>
      expect(Object.values(view.store.getState().api.queries).map((q) => [q?.endpointName, q?.status])).toContainEqual(['sqlLabTableExtra', 'rejected']),
    );
    expect(screen.getByText('ds')).toBeTruthy();
    expect(screen.queryByTestId('table-extra')).toBeNull();
    expect(screen.queryByText(/error/i)).toBeNull();

    view.unmount();
    mock.on('GET', EXTRA_PATH, { body: { metadata: { Engine: 'InnoDB', Rows: 12 }, partitions: 'nonsense', clustering: { cols: 'id' } } });
    renderTable(mock, { name: 'odd' });
    fireEvent.click(await screen.findByText('Table details'));
    expect(screen.getByTestId('table-metadata').textContent).toBe('Engine: InnoDBRows: 12');
    expect(screen.queryByTestId('table-partitions')).toBeNull();
    expect(screen.queryByTestId('table-clustering')).toBeNull();
  });

  it('fetches nothing for a collapsed table', async () => {
    const mock = installFetchMock();
    mock.on('GET', EXTRA_PATH, { body: PARTITIONED });
    renderTable(mock, { expanded: false });
    expect(await screen.findByText('events')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mock.callsTo('GET', EXTRA_PATH)).toHaveLength(0);
    expect(screen.queryByTestId('table-extra')).toBeNull();
  });

  it('shows the extras of a table restored expanded in the SQL Lab left bar', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock);
    mockSqlLab(mock);
    const description = { columns: COLUMNS, selectStar: 'SELECT * FROM events', primaryKey: null, foreignKeys: [], indexes: [] };
    mock.on('GET', '/api/v1/sqllab/', {
      body: {
        result: {
          active_tab: {
            ...MOCK_TAB,
            table_schemas: [{ id: 3, tab_state_id: 5, database_id: 1, schema: 'main', table: 'events', description, expanded: true }],
          },
          databases: { 1: MOCK_DATABASE },
          tab_state_ids: [[5, 'Untitled Query 1']],
          queries: {},
          common: { conf: { DEFAULT_SQLLAB_LIMIT: 1000, SQL_MAX_ROW: 100000, DISPLAY_MAX_ROW: 10000, SQLLAB_BACKEND_PERSISTENCE: true } },
        },
      },
    });
    mock.on('GET', EXTRA_PATH, { body: PARTITIONED });
    renderWithProviders(<SqlLab />, { route: '/sqllab/' });

    const leftBar = await screen.findByTestId('sql-editor-left-bar');
    const well = await within(leftBar).findByTestId('table-extra');
    expect(within(well).getByText('Partitioned by: ds, hour')).toBeTruthy();
    expect(Object.fromEntries(mock.callsTo('GET', EXTRA_PATH)[0]!.query)).toEqual({ name: 'events', schema: 'main' });
  });
});
