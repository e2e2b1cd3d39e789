import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import rison from 'rison';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { GAMMA_ROLES, mockLoggedIn } from '../../../test/mocks/meMocks';
import { createMockSavedQuery, mockSavedQueries } from '../../../test/mocks/savedQueryMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ToastContainer } from '../../toasts';
import { SavedQueryList } from './SavedQueryList';

const QUERIES = [
  createMockSavedQuery(),
  createMockSavedQuery({
    id: 2,
    label: 'Energy flows',
    database: { id: 2, database_name: 'warehouse' },
    db_id: 2,
    schema: 'public',
    sql: 'SELECT * FROM energy_usage',
    sql_tables: [{ table: 'energy_usage', schema: 'public' }, { table: 'regions', schema: 'public' }],
    changed_on_delta_humanized: 'an hour ago',
  }),
];

function setup(roles?: Parameters<typeof mockLoggedIn>[1]) {
  const mock = installFetchMock();
  mockLoggedIn(mock, roles);
  mockSavedQueries(mock, QUERIES);
  renderWithProviders(
    <>
      <SavedQueryList />
      <ToastContainer />
    </>,
  );
  return mock;
}

type Mock = ReturnType<typeof setup>;
const listQueries = (mock: Mock) =>
  mock.callsTo('GET', '/api/v1/saved_query/').map((call) => rison.decode<Record<string, unknown>>(call.query.get('q') ?? '()'));
const header = (title: string) =>
  Array.from(document.querySelectorAll<HTMLElement>('th')).find((th) => th.textContent === title) as HTMLElement;
const rowOf = (label: string) => screen.getByText(label).closest('[data-test="saved-query-row"]') as HTMLElement;

function typeDelete(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByLabelText('Type "DELETE" to confirm'), { target: { value: 'DELETE' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

afterEach(() => vi.restoreAllMocks());

// antd tables render slowly in jsdom.
describe('SavedQueryList', { timeout: 20_000 }, () => {
  it('renders rows from the API, newest change first', async () => {
    const mock = setup();
    expect(await screen.findByText('Energy flows')).toBeTruthy();
    expect(document.querySelectorAll('[data-test="saved-query-list"] [data-test="saved-query-row"]')).toHaveLength(2);
    const row = rowOf('Energy flows');
    expect(within(row).getByText('warehouse')).toBeTruthy();
    expect(within(row).getByText('public.energy_usage')).toBeTruthy();
    expect(within(row).getByText('+1')).toBeTruthy();
    expect(within(row).getByText('an hour ago')).toBeTruthy();
    expect(listQueries(mock)[0]).toEqual({ order_column: 'changed_on_delta_humanized', order_direction: 'desc', page: 0, page_size: 25 });
  });

  it('links each name to SQL Lab with savedQueryId', async () => {
    setup();
    const link = await screen.findByRole('link', { name: 'Top names' });
    expect(link.getAttribute('href')).toBe('/sqllab?savedQueryId=1');
  });

  it('sends the search as an all_text filter and resets to the first page', async () => {
    const mock = setup();
    await screen.findByText('Top names');
    const search = screen.getByLabelText('Search saved queries');
    fireEvent.change(search, { target: { value: " o'brien " } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(listQueries(mock).at(-1)?.filters).toEqual([{ col: 'all_text', opr: 'all_text', value: "o'brien" }]));
    const raw = mock.callsTo('GET', '/api/v1/saved_query/').at(-1)?.query.get('q');
    expect(raw).toBe("(filters:!((col:all_text,opr:all_text,value:'o!'brien')),order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:25)");
  });

  it('filters by database (rel_o_m) from the related endpoint', async () => {
    const mock = setup();
    await screen.findByText('Top names');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter by database' }));
    fireEvent.click(await screen.findByTitle('warehouse'));
    await waitFor(() => expect(listQueries(mock).at(-1)?.filters).toEqual([{ col: 'database', opr: 'rel_o_m', value: 2 }]));
    expect(mock.callsTo('GET', '/api/v1/saved_query/related/database')).toHaveLength(1);
    expect(mock.callsTo('GET', '/api/v1/saved_query/distinct/schema')).toHaveLength(1);
  });

  it('sorts by a column when its header is clicked, flipping the direction on a second click', async () => {
    const mock = setup();
    await screen.findByText('Top names');
    fireEvent.click(header('Name'));
    await waitFor(() => expect(listQueries(mock).at(-1)).toMatchObject({ order_column: 'label', order_direction: 'asc' }));
    fireEvent.click(header('Database'));
    await waitFor(() => expect(listQueries(mock).at(-1)).toMatchObject({ order_column: 'database.database_name', order_direction: 'asc' }));
    fireEvent.click(header('Database'));
    await waitFor(() => expect(listQueries(mock).at(-1)).toMatchObject({ order_column: 'database.database_name', order_direction: 'desc' }));
    fireEvent.click(header('Schema'));
    await waitFor(() => expect(listQueries(mock).at(-1)).toMatchObject({ order_column: 'schema', order_direction: 'asc' }));
  });

  it('deletes one query after confirmation and toasts', async () => {
    const mock = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Energy flows' }));
    typeDelete(document.querySelector('[data-test="delete-modal"]') as HTMLElement);
    expect(await screen.findByText('Deleted: Energy flows')).toBeTruthy();
    expect(mock.callsTo('DELETE', '/api/v1/saved_query/2')).toHaveLength(1);
    await waitFor(() => expect(mock.callsTo('GET', '/api/v1/saved_query/').length).toBeGreaterThan(1));
  });

  it('reports a failed delete through the error normalisation', async () => {
    const mock = setup();
    mock.on('DELETE', '/api/v1/saved_query/1', { status: 403, body: { message: 'Forbidden' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Top names' }));
    typeDelete(document.querySelector('[data-test="delete-modal"]') as HTMLElement);
    expect(await screen.findByText('There was an issue deleting Top names: Forbidden')).toBeTruthy();
  });

  it('bulk deletes the selected queries with !(ids)', async () => {
    const mock = setup();
    await screen.findByText('Top names');
    fireEvent.click(screen.getByRole('button', { name: 'Bulk select' }));
    fireEvent.click(within(rowOf('Top names')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('Energy flows')).getByRole('checkbox'));
    expect(screen.getByText('2 Selected')).toBeTruthy();
    fireEvent.click(document.querySelector('[data-test="bulk-select-action"]') as HTMLElement);
    typeDelete(document.querySelector('[data-test="delete-modal"]') as HTMLElement);
    expect(await screen.findByText('Deleted 2 saved queries')).toBeTruthy();
    const call = mock.callsTo('DELETE', '/api/v1/saved_query/')[0];
    expect(call?.query.get('q')).toBe('!(1,2)');
  });

  it('previews the SQL read-only and opens it in SQL Lab', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Preview Energy flows' }));
    const dialog = (await waitFor(() => document.querySelector('[data-test="saved-query-preview-modal"]'))) as HTMLElement;
    expect(within(dialog).getByText('SELECT * FROM energy_usage').tagName).toBe('PRE');
    expect(within(dialog).getByRole('link', { name: 'Open in SQL Lab' }).getAttribute('href')).toBe('/sqllab?savedQueryId=2');
  });

  it('copies the share link to the clipboard', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link to Top names' }));
    expect(await screen.findByText('Copied to clipboard!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/sqllab?savedQueryId=1`);
  });

  it('opens a new SQL Lab query from "+ Query"', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    setup();
    await screen.findByText('Top names');
    fireEvent.click(await screen.findByRole('button', { name: /Query$/ }));
    expect(open).toHaveBeenCalledWith('/sqllab?new=true', '_blank', 'noopener');
  });

  it('hides edit, delete and bulk select from users who cannot write saved queries', async () => {
    setup(GAMMA_ROLES);
    await screen.findByRole('button', { name: 'Preview Top names' });
    expect(screen.queryByRole('button', { name: 'Delete Top names' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bulk select' })).toBeNull();
  });
});
