import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import rison from 'rison';
import { describe, expect, it } from 'vitest';
import { mockDatabases } from '../../../test/mocks/databaseMocks';
import { createMockDatabase } from '../../../test/mocks/factories';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { mockLoggedIn } from '../../../test/mocks/meMocks';
import { createMockQueryHistoryItem, mockQueryHistory } from '../../../test/mocks/queryMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { QueryHistoryList } from './QueryHistoryList';

const LONG_SQL = `SELECT ${'name, '.repeat(40)}num FROM birth_names`;

function setup() {
  const mock = installFetchMock();
  mockLoggedIn(mock);
  mockDatabases(mock, [createMockDatabase(), createMockDatabase({ id: 2, database_name: 'warehouse' })]);
  mockQueryHistory(mock, [
    createMockQueryHistoryItem(),
    createMockQueryHistoryItem({
      id: 7,
      status: 'failed',
      sql: LONG_SQL,
      executed_sql: LONG_SQL,
      database: { id: 2, database_name: 'warehouse' },
      tab_name: 'Revenue',
      start_time: '2026-11-20T10:00:00',
      end_time: '2026-11-20T10:01:02.500',
      rows: null,
      user: { first_name: 'Bo', last_name: 'Analyst' },
    }),
  ]);
  renderWithProviders(<QueryHistoryList />);
  return mock;
}

type Mock = ReturnType<typeof setup>;
const historyQueries = (mock: Mock) =>
  mock.callsTo('GET', '/api/v1/query/').map((call) => rison.decode<Record<string, unknown>>(call.query.get('q') ?? '()'));
const rowOf = (text: string) => screen.getByText(text).closest('[data-test="query-history-row"]') as HTMLElement;

async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByTitle(option));
}

describe('QueryHistoryList', { timeout: 20_000 }, () => {
  it('lists past queries with state, time, duration, database, tab, user and rows', async () => {
    const mock = setup();
    expect(await screen.findByText('Revenue')).toBeTruthy();
    const failed = rowOf('Revenue');
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('warehouse')).toBeTruthy();
    expect(within(failed).getByText('Bo Analyst')).toBeTruthy();
    expect(within(failed).getByText('00:01:02.500')).toBeTruthy();
    const ok = rowOf('Untitled Query 1');
    expect(within(ok).getByText('Success')).toBeTruthy();
    expect(within(ok).getByText('00:00:01.234')).toBeTruthy();
    expect(historyQueries(mock)[0]).toEqual({ order_column: 'start_time', order_direction: 'desc', page: 0, page_size: 25 });
  });

  it('asks for the databases exposed in SQL Lab', async () => {
    const mock = setup();
    await screen.findByText('Revenue');
    expect(mock.callsTo('GET', '/api/v1/database/')[0]?.query.get('q')).toBe(
      '(filters:!((col:expose_in_sqllab,opr:eq,value:!t)),page_size:100)',
    );
  });

  it('composes database, state and SQL filters and goes back to the first page', async () => {
    const mock = setup();
    await screen.findByText('Revenue');
    await pick('Filter by database', 'examples');
    await pick('Filter by state', 'Success');
    const search = screen.getByLabelText('Search by query text');
    fireEvent.change(search, { target: { value: 'x' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(mock.callsTo('GET', '/api/v1/query/').at(-1)?.query.get('q')).toBe(
        "(filters:!((col:database,opr:rel_o_m,value:1),(col:status,opr:eq,value:success),(col:sql,opr:ct,value:x)),order_column:start_time,order_direction:desc,page:0,page_size:25)",
      ),
    );
  });

  it('truncates long SQL and shows it whole in a modal that opens SQL Lab with queryId', async () => {
    setup();
    await screen.findByText('Revenue');
    const button = within(rowOf('Revenue')).getByRole('button', { name: 'Show the SQL of query 7' });
    expect(button.textContent?.endsWith('…')).toBe(true);
    fireEvent.click(button);
    const dialog = (await waitFor(() => document.querySelector('[data-test="query-preview-modal"]'))) as HTMLElement;
    expect(within(dialog).getByText(LONG_SQL).tagName).toBe('PRE');
    expect(within(dialog).getByRole('link', { name: 'Open in SQL Lab' }).getAttribute('href')).toBe('/sqllab?queryId=7');
  });

  it('sorts by the time column', async () => {
    const mock = setup();
    await screen.findByText('Revenue');
    const time = Array.from(document.querySelectorAll<HTMLElement>('th')).find((th) => th.textContent === 'Time') as HTMLElement;
    fireEvent.click(time);
    await waitFor(() => expect(historyQueries(mock).at(-1)).toMatchObject({ order_column: 'start_time', order_direction: 'asc' }));
  });
});
