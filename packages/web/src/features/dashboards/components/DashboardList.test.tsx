import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import rison from 'rison';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardListItem, MeResult } from '@tessera/core';
import { createMockMe } from '../../../test/mocks/factories';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { GAMMA_ROLES, mockLoggedIn } from '../../../test/mocks/meMocks';
import { GAMMA_LIKE_ROLES } from '../../../test/mocks/roleMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ToastContainer } from '../../toasts';
import { createMockDashboard, mockDashboards } from '../test/dashboardMocks';
import { DashboardList } from './DashboardList';

const DASHBOARDS = [
  createMockDashboard(),
  createMockDashboard({
    id: 2,
    slug: 'world-health',
    url: '/superset/dashboard/world-health/',
    dashboard_title: 'World health',
    published: false,
    status: 'draft',
    certified_by: 'Data team',
    thumbnail_url: '/api/v1/dashboard/2/thumbnail/abc/',
    owners: [
      { id: 1, first_name: 'Ada', last_name: 'Admin' },
      { id: 2, first_name: 'Bob', last_name: 'Builder' },
    ],
  }),
];

function Where() {
  const location = useLocation();
  return <div data-test="where">{`${location.pathname}${location.search}`}</div>;
}

interface SetupOptions {
  roles?: Parameters<typeof mockLoggedIn>[1];
  me?: MeResult;
  dashboards?: DashboardListItem[];
  route?: string;
  starred?: number[];
}

function setup({ roles, me, dashboards = DASHBOARDS, route = '/dashboard/list/', starred }: SetupOptions = {}) {
  const mock = installFetchMock();
  mockLoggedIn(mock, roles, me);
  mockDashboards(mock, dashboards, starred);
  renderWithProviders(
    <>
      <Routes>
        <Route path="/dashboard/list/" element={<DashboardList />} />
        <Route path="*" element={<Where />} />
      </Routes>
      <ToastContainer />
    </>,
    { route },
  );
  return mock;
}

type Mock = ReturnType<typeof setup>;
const listQueries = (mock: Mock) =>
  mock.callsTo('GET', '/api/v1/dashboard/').map((call) => rison.decode<Record<string, unknown>>(call.query.get('q') ?? '()'));
const header = (title: string) => Array.from(document.querySelectorAll<HTMLElement>('th')).find((th) => th.textContent === title) as HTMLElement;
const rowOf = (name: string) => screen.getByText(name).closest('[data-test="dashboard-row"]') as HTMLElement;
const cardOf = (name: string) => screen.getByText(name).closest('[data-test="dashboard-card"]') as HTMLElement;
const placeholderIn = (card: HTMLElement) => card.querySelector<HTMLElement>('[data-test="dashboard-thumbnail-placeholder"]');
const where = () => document.querySelector('[data-test="where"]')?.textContent;

async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.at(-1)!);
}

function typeDelete() {
  const dialog = document.querySelector('[data-test="delete-modal"]') as HTMLElement;
  fireEvent.change(within(dialog).getByLabelText('Type "DELETE" to confirm'), { target: { value: 'DELETE' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

afterEach(() => vi.restoreAllMocks());

describe('DashboardList', { timeout: 45_000 }, () => {
  it('lists dashboards with links by slug or id, status, certification and owners, newest change first', async () => {
    const mock = setup();
    const link = await screen.findByRole('link', { name: 'World health' });
    expect(link.getAttribute('href')).toBe('/superset/dashboard/world-health/');
    expect(screen.getByRole('link', { name: 'Births' }).getAttribute('href')).toBe('/superset/dashboard/1/');
    const row = rowOf('World health');
    expect(within(row).getByText('Draft')).toBeTruthy();
    expect(within(row).getByText('Certified')).toBeTruthy();
    expect(within(row).getByLabelText('Bob Builder')).toBeTruthy();
    expect(within(rowOf('Births')).getByText('Published')).toBeTruthy();
    expect(listQueries(mock)[0]).toEqual({ order_column: 'changed_on_delta_humanized', order_direction: 'desc', page: 0, page_size: 25 });
    await waitFor(() => expect(mock.callsTo('GET', '/api/v1/dashboard/favorite_status/')[0]?.query.get('q')).toBe('!(1,2)'));
  });

  it('searches titles and slugs (title_or_slug) and keeps the filter when sorting', async () => {
    const mock = setup();
    await screen.findByText('World health');
    const search = screen.getByLabelText('Search dashboards');
    fireEvent.change(search, { target: { value: 'health' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const filter = [{ col: 'dashboard_title', opr: 'title_or_slug', value: 'health' }];
    await waitFor(() => expect(listQueries(mock).at(-1)?.filters).toEqual(filter));
    fireEvent.click(header('Name'));
    await waitFor(() =>
      expect(listQueries(mock).at(-1)).toEqual({ filters: filter, order_column: 'dashboard_title', order_direction: 'asc', page: 0, page_size: 25 }),
    );
  });

  it('filters by owner, modified by, status, favorite and certified with Superset operators', async () => {
    const mock = setup();
    await screen.findByText('World health');
    await pick('Filter by owner', 'Bob Builder');
    await pick('Filter by modified by', 'Bob Builder');
    await pick('Filter by status', 'Draft');
    await pick('Filter by favorite', 'Yes');
    await pick('Filter by certification', 'No');
    await waitFor(() =>
      expect(listQueries(mock).at(-1)?.filters).toEqual([
        { col: 'owners', opr: 'rel_m_m', value: 2 },
        { col: 'changed_by', opr: 'rel_o_m', value: 2 },
        { col: 'published', opr: 'eq', value: false },
        { col: 'id', opr: 'dashboard_is_favorite', value: true },
        { col: 'id', opr: 'dashboard_is_certified', value: false },
      ]),
    );
    expect(screen.getAllByText('Status: Draft').length).toBeGreaterThan(0);
  });

  it('offers the owners on screen when the server cannot list owners', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock);
    mockDashboards(mock, DASHBOARDS);
    mock.on('GET', '/api/v1/dashboard/related/owners', { status: 404, body: { message: 'Not found' } });
    renderWithProviders(<DashboardList />, { route: '/dashboard/list/' });
    await screen.findByText('World health');
    await pick('Filter by owner', 'Bob Builder');
    await waitFor(() => expect(listQueries(mock).at(-1)?.filters).toEqual([{ col: 'owners', opr: 'rel_m_m', value: 2 }]));
  });

  it('starts from the filters in the address', async () => {
    const mock = setup({ route: '/dashboard/list/?status=published&favorite=true&order_column=dashboard_title&order_direction=asc' });
    await screen.findByText('World health');
    expect(listQueries(mock)[0]).toEqual({
      filters: [
        { col: 'published', opr: 'eq', value: true },
        { col: 'id', opr: 'dashboard_is_favorite', value: true },
      ],
      order_column: 'dashboard_title',
      order_direction: 'asc',
      page: 0,
      page_size: 25,
    });
  });

  it('switches to cards with the thumbnail, or a placeholder while the server has none, and keeps filters when sorting', async () => {
    const mock = setup({ route: '/dashboard/list/?status=draft' });
    mock.on('GET', '/api/v1/dashboard/2/thumbnail/abc/', { text: 'png bytes' });
    await screen.findByText('World health');
    fireEvent.click(screen.getByTitle('Card view'));
    await waitFor(() => expect(document.querySelectorAll('[data-test="dashboard-card"]')).toHaveLength(2));
    expect(document.querySelector('[data-test="dashboard-list"]')).toBeNull();
    expect(placeholderIn(cardOf('Births'))).toBeTruthy();
    const image = await waitFor(() => within(cardOf('World health')).getByAltText('Thumbnail of World health'));
    expect(image.getAttribute('src')).toContain('/api/v1/dashboard/2/thumbnail/abc/');
    await pick('Sort', 'Alphabetical');
    await waitFor(() =>
      expect(listQueries(mock).at(-1)).toEqual({
        filters: [{ col: 'published', opr: 'eq', value: false }],
        order_column: 'dashboard_title',
        order_direction: 'asc',
        page: 0,
        page_size: 25,
      }),
    );
  });

  it('shows the placeholder on a card whose thumbnail is missing (404)', async () => {
    const mock = setup({ route: '/dashboard/list/?view=card' });
    mock.on('GET', '/api/v1/dashboard/2/thumbnail/abc/', { status: 404, body: { message: 'Not found' } });
    await waitFor(() => expect(mock.callsTo('GET', '/api/v1/dashboard/2/thumbnail/abc/')).toHaveLength(1));
    await waitFor(() => expect(placeholderIn(cardOf('World health'))?.getAttribute('aria-busy')).toBe('false'));
    expect(within(cardOf('World health')).queryByRole('img', { name: 'Thumbnail of World health' })).toBeNull();
  });

  it('stars a dashboard, and toasts when starring fails', async () => {
    const mock = setup({ starred: [1] });
    fireEvent.click(await screen.findByRole('button', { name: 'Star World health' }));
    await waitFor(() => expect(mock.callsTo('POST', '/api/v1/dashboard/2/favorites/')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Unstar World health' })).toBeTruthy();
    mock.on('DELETE', '/api/v1/dashboard/1/favorites/', { status: 500, body: { message: 'boom' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unstar Births' }));
    expect(await screen.findByText('There was an issue favoriting this dashboard.')).toBeTruthy();
  });

  it('bulk deletes the selected dashboards with !(ids)', async () => {
    const mock = setup();
    await screen.findByText('World health');
    fireEvent.click(await screen.findByRole('button', { name: 'Bulk select' }, { timeout: 5000 }));
    fireEvent.click(within(rowOf('Births')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('World health')).getByRole('checkbox'));
    expect(screen.getByText('2 Selected')).toBeTruthy();
    fireEvent.click(document.querySelector('[data-test="bulk-select-action"]') as HTMLElement);
    typeDelete();
    expect(await screen.findByText('Deleted 2 dashboards')).toBeTruthy();
    expect(mock.callsTo('DELETE', '/api/v1/dashboard/')[0]?.query.get('q')).toBe('!(1,2)');
    await waitFor(() => expect(listQueries(mock).length).toBeGreaterThan(1));
  });

  it('bulk exports the selected cards as a ZIP', async () => {
    const mock = setup({ route: '/dashboard/list/?view=card' });
    mock.on('GET', '/api/v1/dashboard/export/', { text: 'PK zip bytes' });
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:export'), configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    await screen.findByText('World health');
    fireEvent.click(await screen.findByRole('button', { name: 'Bulk select' }, { timeout: 5000 }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select World health' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Births' }));
    fireEvent.click(document.querySelector('[data-test="bulk-select-export"]') as HTMLElement);
    await waitFor(() => expect(downloads).toEqual(['dashboard_export.zip']));
    expect(mock.callsTo('GET', '/api/v1/dashboard/export/')[0]?.query.get('q')).toBe('!(2,1)');
  });

  it('deletes one dashboard from its card after confirmation', async () => {
    const mock = setup({ route: '/dashboard/list/?view=card' });
    await screen.findByText('World health');
    fireEvent.click(await within(cardOf('Births')).findByRole('button', { name: 'Delete Births' }, { timeout: 5000 }));
    typeDelete();
    expect(await screen.findByText('Deleted: Births')).toBeTruthy();
    expect(mock.callsTo('DELETE', '/api/v1/dashboard/1')).toHaveLength(1);
  });

  it('opens the import dialog for dashboards', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: /Import/ }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Import dashboard/i)).toBeTruthy();
  });

  it('creates an untitled dashboard and opens it in edit mode', async () => {
    const mock = setup();
    fireEvent.click(await screen.findByRole('button', { name: /Dashboard/ }, { timeout: 5000 }));
    await waitFor(() => expect(where()).toBe('/superset/dashboard/42/?edit=true'));
    expect(mock.callsTo('POST', '/api/v1/dashboard/')[0]?.body).toEqual({ dashboard_title: '[ untitled dashboard ]' });
  });

  it('opens a dashboard in edit mode from its Edit action', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit World health' }, { timeout: 5000 }));
    await waitFor(() => expect(where()).toBe('/superset/dashboard/2/?edit=true'));
  });

  it('hides write actions from users who cannot write dashboards', async () => {
    setup({ roles: GAMMA_ROLES });
    await screen.findByText('World health');
    expect(screen.queryByRole('button', { name: 'Delete World health' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bulk select' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Import/ })).toBeNull();
  });

  it('lets a Gamma user delete only dashboards they own, and says why the others are locked', async () => {
    const GINA = { id: 5, first_name: 'Gina', last_name: 'Gamma' };
    const mine = createMockDashboard({ id: 3, dashboard_title: 'Mine', url: '/superset/dashboard/3/', owners: [GINA] });
    setup({ roles: GAMMA_LIKE_ROLES, me: createMockMe({ username: 'gina', ...GINA }), dashboards: [...DASHBOARDS, mine] });
    await screen.findByText('Mine');
    const button = (name: string) => document.querySelector(`button[aria-label="${name}"]`) as HTMLButtonElement;
    await waitFor(() => expect(button('Delete Mine').disabled).toBe(false));
    expect(button('Delete Births').disabled).toBe(true);
    fireEvent.mouseEnter(button('Delete Births').parentElement as HTMLElement);
    expect(await screen.findByText('Only the owners of this dashboard or an admin can change or delete it')).toBeTruthy();
  });

  it('says so when no dashboard matches the filters', async () => {
    setup({ dashboards: [], route: '/dashboard/list/?search=nothing' });
    expect(await screen.findByText('No dashboards match your filters')).toBeTruthy();
  });
});
