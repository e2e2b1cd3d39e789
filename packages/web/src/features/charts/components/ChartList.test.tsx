import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import rison from 'rison';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeResult } from '@tessera/core';
import type { ChartListItem } from '../../../api/chartApi';
import { createMockMe, listResponse } from '../../../test/mocks/factories';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { GAMMA_ROLES, mockLoggedIn } from '../../../test/mocks/meMocks';
import { GAMMA_LIKE_ROLES } from '../../../test/mocks/roleMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ToastContainer } from '../../toasts';
import { createMockChart, mockCharts } from '../test/chartMocks';
import { ChartList } from './ChartList';

const CHARTS = [
  createMockChart(),
  createMockChart({
    id: 2,
    slice_name: 'Energy sankey',
    viz_type: 'sankey',
    slice_url: '/explore/?slice_id=2',
    datasource_id: 4,
    datasource_name_text: 'main.energy_usage',
    datasource_url: '/explore/?datasource_type=table&datasource_id=4',
    dashboards: [{ id: 7, dashboard_title: 'Births' }],
    certified_by: 'Data team',
  }),
];

interface SetupOptions {
  roles?: Parameters<typeof mockLoggedIn>[1];
  me?: MeResult;
  charts?: ChartListItem[];
  route?: string;
  starred?: number[];
  /** Readable datasets (the Dataset filter's options). */
  datasets?: { id: number; table_name: string }[];
}

function setup({ roles, me, charts = CHARTS, route, starred, datasets }: SetupOptions = {}) {
  const mock = installFetchMock();
  mockLoggedIn(mock, roles, me);
  mockCharts(mock, charts, starred);
  if (datasets) mock.on('GET', '/api/v1/dataset/', { body: listResponse(datasets) });
  renderWithProviders(
    <>
      <ChartList />
      <ToastContainer />
    </>,
    route ? { route } : {},
  );
  return mock;
}

type Mock = ReturnType<typeof setup>;
const listQueries = (mock: Mock) =>
  mock.callsTo('GET', '/api/v1/chart/').map((call) => rison.decode<Record<string, unknown>>(call.query.get('q') ?? '()'));
const header = (title: string) =>
  Array.from(document.querySelectorAll<HTMLElement>('th')).find((th) => th.textContent === title) as HTMLElement;
const rowOf = (name: string) => screen.getByText(name).closest('[data-test="chart-row"]') as HTMLElement;

function typeDelete() {
  const dialog = document.querySelector('[data-test="delete-modal"]') as HTMLElement;
  fireEvent.change(within(dialog).getByLabelText('Type "DELETE" to confirm'), { target: { value: 'DELETE' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

afterEach(() => vi.restoreAllMocks());

describe('ChartList', { timeout: 45_000 }, () => {
  it('lists charts with explore, dataset and dashboard links, newest change first', async () => {
    const mock = setup();
    const link = await screen.findByRole('link', { name: 'Energy sankey' });
    expect(link.getAttribute('href')).toBe('/explore/?slice_id=2');
    const row = rowOf('Energy sankey');
    expect(within(row).getByRole('link', { name: 'main.energy_usage' }).getAttribute('href')).toBe('/explore/?datasource_type=table&datasource_id=4');
    expect(within(row).getByRole('link', { name: 'Births' }).getAttribute('href')).toBe('/superset/dashboard/7/');
    expect(header('Dashboards added to')).toBeTruthy();
    expect(within(row).getByText('Certified')).toBeTruthy();
    expect(listQueries(mock)[0]).toEqual({ order_column: 'changed_on_delta_humanized', order_direction: 'desc', page: 0, page_size: 25 });
    await waitFor(() => expect(mock.callsTo('GET', '/api/v1/chart/favorite_status/')[0]?.query.get('q')).toBe('!(1,2)'));
  });

  it('names the deleted dataset of a chart without linking to it', async () => {
    setup({ charts: [createMockChart({ datasource_name_text: 'main.energy_usage', datasource_url: null, table: null })] });
    const row = await waitFor(() => rowOf('main.energy_usage'));
    expect(within(row).queryByRole('link', { name: 'main.energy_usage' })).toBeNull();
    expect(within(row).getByText('main.energy_usage').closest('[data-test="chart-dataset-missing"]')).toBeTruthy();
  });

  it('searches with chart_all_text and keeps the filter when sorting', async () => {
    const mock = setup();
    await screen.findByText('Energy sankey');
    const search = screen.getByLabelText('Search charts');
    fireEvent.change(search, { target: { value: 'energy' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const filter = [{ col: 'slice_name', opr: 'chart_all_text', value: 'energy' }];
    await waitFor(() => expect(listQueries(mock).at(-1)?.filters).toEqual(filter));
    fireEvent.click(header('Name'));
    await waitFor(() => expect(listQueries(mock).at(-1)).toEqual({ filters: filter, order_column: 'slice_name', order_direction: 'asc', page: 0, page_size: 25 }));
  });

  it('filters by owner (rel_m_m) and dashboard (rel_m_m)', async () => {
    const mock = setup();
    await screen.findByText('Energy sankey');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter by owner' }));
    fireEvent.click(await screen.findByTitle('Bob Builder'));
    await waitFor(() => expect(listQueries(mock).at(-1)?.filters).toEqual([{ col: 'owners', opr: 'rel_m_m', value: 2 }]));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter by dashboard' }));
    fireEvent.click(await screen.findByTitle('Births'));
    await waitFor(() =>
      expect(listQueries(mock).at(-1)?.filters).toEqual([
        { col: 'owners', opr: 'rel_m_m', value: 2 },
        { col: 'dashboards', opr: 'rel_m_m', value: 7 },
      ]),
    );
  });

  it('filters by certification (chart_is_certified) and by who modified it (changed_by rel_o_m)', async () => {
    const mock = setup();
    await screen.findByText('Energy sankey');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter by certification' }));
    fireEvent.click(await screen.findByTitle('Yes'));
    await waitFor(() => expect(listQueries(mock).at(-1)?.filters).toEqual([{ col: 'id', opr: 'chart_is_certified', value: true }]));
    // The picked value says which filter it belongs to.
    expect(screen.getAllByText('Certified: Yes').length).toBeGreaterThan(0);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter by modified by' }));
    const bob = await screen.findAllByTitle('Bob Builder');
    fireEvent.click(bob.at(-1)!);
    await waitFor(() =>
      expect(listQueries(mock).at(-1)?.filters).toEqual([
        { col: 'id', opr: 'chart_is_certified', value: true },
        { col: 'changed_by', opr: 'rel_o_m', value: 2 },
      ]),
    );
    expect(screen.getAllByText('Modified by: Bob Builder').length).toBeGreaterThan(0);
  });

  it('starts from the filters in the address', async () => {
    const mock = setup({ route: '/chart/list/?favorite=true&order_column=slice_name&order_direction=asc' });
    await screen.findByText('Energy sankey');
    expect(listQueries(mock)[0]).toEqual({
      filters: [{ col: 'id', opr: 'chart_is_favorite', value: true }],
      order_column: 'slice_name',
      order_direction: 'asc',
      page: 0,
      page_size: 25,
    });
  });

  it('stars and unstars a chart', async () => {
    const mock = setup({ starred: [1] });
    await screen.findByText('Energy sankey');
    const star = await screen.findByRole('button', { name: 'Star Energy sankey' });
    fireEvent.click(star);
    await waitFor(() => expect(mock.callsTo('POST', '/api/v1/chart/2/favorites/')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Unstar Energy sankey' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Unstar Births by gender' }));
    await waitFor(() => expect(mock.callsTo('DELETE', '/api/v1/chart/1/favorites/')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Star Births by gender' })).toBeTruthy();
  });

  it('toasts when starring fails', async () => {
    const mock = setup();
    mock.on('POST', '/api/v1/chart/2/favorites/', { status: 404, body: { message: 'Not found' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Star Energy sankey' }));
    expect(await screen.findByText('An error occurred while starring this chart')).toBeTruthy();
  });

  it('bulk deletes the selected charts with !(ids)', async () => {
    const mock = setup();
    await screen.findByText('Energy sankey');
    // The button comes with the permissions answer, which may land after the rows.
    fireEvent.click(await screen.findByRole('button', { name: 'Bulk select' }, { timeout: 5000 }));
    fireEvent.click(within(rowOf('Births by gender')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('Energy sankey')).getByRole('checkbox'));
    expect(screen.getByText('2 Selected')).toBeTruthy();
    fireEvent.click(document.querySelector('[data-test="bulk-select-action"]') as HTMLElement);
    typeDelete();
    expect(await screen.findByText('Deleted 2 charts')).toBeTruthy();
    expect(mock.callsTo('DELETE', '/api/v1/chart/')[0]?.query.get('q')).toBe('!(1,2)');
    await waitFor(() => expect(listQueries(mock).length).toBeGreaterThan(1));
  });

  it('exports the selected charts, or one from its row, as a ZIP download', async () => {
    const mock = setup();
    mock.on('GET', '/api/v1/chart/export/', { text: 'PK zip bytes' });
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:export'), configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    await screen.findByText('Energy sankey');
    fireEvent.click(await screen.findByRole('button', { name: 'Bulk select' }, { timeout: 5000 }));
    fireEvent.click(within(rowOf('Births by gender')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('Energy sankey')).getByRole('checkbox'));
    fireEvent.click(document.querySelector('[data-test="bulk-select-export"]') as HTMLElement);
    await waitFor(() => expect(downloads).toEqual(['chart_export.zip']));
    fireEvent.click(screen.getByRole('button', { name: 'Export Energy sankey' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(mock.callsTo('GET', '/api/v1/chart/export/').map((call) => call.query.get('q'))).toEqual(['!(1,2)', '!(2)']);
  });

  it('deletes one chart after confirmation', async () => {
    const mock = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Births by gender' }));
    typeDelete();
    expect(await screen.findByText('Deleted: Births by gender')).toBeTruthy();
    expect(mock.callsTo('DELETE', '/api/v1/chart/1')).toHaveLength(1);
  });

  it('switches to the card view', async () => {
    setup();
    await screen.findByText('Energy sankey');
    fireEvent.click(screen.getByTitle('Card view'));
    await waitFor(() => expect(document.querySelectorAll('[data-test="chart-card"]')).toHaveLength(2));
    expect(document.querySelector('[data-test="chart-list"]')).toBeNull();
  });

  it('hides write actions from users who cannot write charts', async () => {
    setup({ roles: GAMMA_ROLES });
    await screen.findByText('Energy sankey');
    expect(screen.queryByRole('button', { name: 'Delete Energy sankey' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bulk select' })).toBeNull();
  });

  describe('for a Gamma user who owns only some charts', () => {
    const GAMMA = createMockMe({ id: 5, username: 'gamma', first_name: 'Gina', last_name: 'Gamma' });
    const MINE = createMockChart({ id: 3, slice_name: 'My chart', owners: [{ id: 5, first_name: 'Gina', last_name: 'Gamma' }] });
    const gammaSetup = () => setup({ roles: GAMMA_LIKE_ROLES, me: GAMMA, charts: [...CHARTS, MINE] });
    // By label: getByRole walks the whole antd table and is slow here.
    const button = (name: string) => document.querySelector(`button[aria-label="${name}"]`) as HTMLButtonElement;

    it('disables Edit and Delete on charts owned by others, and says why', async () => {
      gammaSetup();
      await screen.findByText('My chart');
      await waitFor(() => expect(button('Edit My chart').disabled).toBe(false));
      expect(button('Delete My chart').disabled).toBe(false);
      expect(button('Edit Births by gender').disabled).toBe(true);
      expect(button('Delete Births by gender').disabled).toBe(true);
      fireEvent.mouseEnter(button('Delete Births by gender').parentElement as HTMLElement);
      expect(await screen.findByText('Only the owners of this chart or an admin can change or delete it')).toBeTruthy();
    });

    it('bulk deletes only the charts the user owns and names the ones it keeps', async () => {
      const mock = gammaSetup();
      await screen.findByText('My chart');
      fireEvent.click(await screen.findByRole('button', { name: 'Bulk select' }, { timeout: 5000 }));
      for (const name of ['Births by gender', 'My chart']) fireEvent.click(within(rowOf(name)).getByRole('checkbox'));
      fireEvent.click(document.querySelector('[data-test="bulk-select-action"]') as HTMLElement);
      const note = await waitFor(() => document.querySelector('[data-test="delete-kept-note"]') as HTMLElement);
      expect(note.textContent).toContain('Births by gender');
      typeDelete();
      expect(await screen.findByText('Deleted: My chart')).toBeTruthy();
      expect(mock.callsTo('DELETE', '/api/v1/chart/3')).toHaveLength(1);
      expect(mock.callsTo('DELETE', '/api/v1/chart/1')).toHaveLength(0);
      expect(mock.callsTo('DELETE', '/api/v1/chart/')).toHaveLength(0);
    });

    it('explains, without a confirmation to type, when none of the selected charts can be deleted', async () => {
      const mock = gammaSetup();
      await screen.findByText('My chart');
      fireEvent.click(await screen.findByRole('button', { name: 'Bulk select' }, { timeout: 5000 }));
      fireEvent.click(within(rowOf('Births by gender')).getByRole('checkbox'));
      fireEvent.click(document.querySelector('[data-test="bulk-select-action"]') as HTMLElement);
      expect(await screen.findByText(/none of the selected charts can be deleted by you/)).toBeTruthy();
      expect(document.querySelector('[data-test="delete-modal"]')).toBeNull();
      expect(mock.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    });
  });

  it('names chart types in the Type filter as the Type column does, and filters by the key', async () => {
    const mock = setup();
    await screen.findByText('Energy sankey');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter by chart type' }));
    fireEvent.click(await screen.findByTitle('Pie Chart'));
    await waitFor(() => expect(listQueries(mock).at(-1)?.filters).toEqual([{ col: 'viz_type', opr: 'eq', value: 'pie' }]));
    expect(screen.queryByTitle('pie')).toBeNull();
  });

  it('keeps the view toggle in the same top-right place in both views, and offers Export on cards', async () => {
    setup();
    await screen.findByText('Energy sankey');
    const toolbar = document.querySelector('[data-test="chart-list-toolbar"]') as HTMLElement;
    // The toggle sits in the toolbar's last (right-hand) column, which never wraps below the filters.
    const toggleIsTopRight = () => toolbar.lastElementChild?.querySelector('[data-test="chart-view-toggle"]') != null;
    expect(toolbar.className).not.toContain('wrap');
    expect(toggleIsTopRight()).toBe(true);
    fireEvent.click(screen.getByTitle('Card view'));
    await waitFor(() => expect(document.querySelectorAll('[data-test="chart-card"]')).toHaveLength(2));
    expect(document.querySelector('[data-test="chart-list-toolbar"]')?.className).not.toContain('wrap');
    expect(toggleIsTopRight()).toBe(true);
    const card = screen.getByText('Energy sankey').closest('[data-test="chart-card"]') as HTMLElement;
    expect(within(card).getByRole('button', { name: 'Export Energy sankey' })).toBeTruthy();
  });

  describe('empty state', () => {
    it('sends a chart writer to the new-chart page when some dataset is readable', async () => {
      setup({ charts: [], datasets: [{ id: 3, table_name: 'birth_names' }] });
      expect(await screen.findByText('No charts yet')).toBeTruthy();
      expect((await screen.findByRole('link', { name: 'Create a chart' })).getAttribute('href')).toBe('/chart/add');
    });

    it('offers no dead-end action to a Gamma user who can read no dataset', async () => {
      setup({ charts: [], roles: GAMMA_LIKE_ROLES });
      expect(await screen.findByText('No charts you can access')).toBeTruthy();
      expect(await screen.findByText(/you cannot read any yet/)).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Pick a dataset to explore' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Create a chart' })).toBeNull();
    });
  });
});
