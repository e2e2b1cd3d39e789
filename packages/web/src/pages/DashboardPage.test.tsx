import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { selectDashboardState } from '../features/dashboard';
import { installFetchMock, type FetchMock } from '../test/mocks/fetchMock';
import { mockLoggedIn } from '../test/mocks/meMocks';
import {
  byTest,
  dashboardShow,
  EDITOR_ROLES,
  findByTest,
  GAMMA_ROLES,
  mockDashboard,
  OWNER,
  renderDashboardPage as renderPage,
  STRANGER,
} from '../test/mocks/dashboardMocks';

// The grid and the builder are other helpers' components with their own tests; the page test looks at the page.
vi.mock('../features/dashboard/grid', () => ({
  DashboardGrid: ({ reportMode }: { reportMode?: boolean }) => <div data-test="grid-stub" data-report-mode={String(Boolean(reportMode))} />,
}));
vi.mock('../features/dashboard/builder', () => ({ BuilderPanel: () => <div data-test="builder-stub" /> }));

let mock: FetchMock;
beforeEach(() => {
  mock = installFetchMock();
});

describe('DashboardPage loading', () => {
  it('asks for the dashboard, its charts and its datasets once each, together, and shows the title', async () => {
    mockLoggedIn(mock, EDITOR_ROLES, OWNER);
    mockDashboard(mock);
    renderPage('/superset/dashboard/sales/');
    expect(await screen.findByText('Sales')).toBeTruthy();
    expect(mock.callsTo('GET', '/api/v1/dashboard/sales')).toHaveLength(1);
    expect(mock.callsTo('GET', '/api/v1/dashboard/sales/charts')).toHaveLength(1);
    expect(mock.callsTo('GET', '/api/v1/dashboard/sales/datasets')).toHaveLength(1);
    expect(document.title).toBe('Sales');
    expect(byTest('grid-stub')).toBeTruthy();
  });

  it('shows the Not Found page for an unknown dashboard', async () => {
    mockLoggedIn(mock, EDITOR_ROLES, OWNER);
    mock.on('GET', /^\/api\/v1\/dashboard\/nope/, { status: 404, body: { message: 'Not found' } });
    renderPage('/superset/dashboard/nope/');
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });

  it("shows the server's access message on 403", async () => {
    mockLoggedIn(mock, GAMMA_ROLES, STRANGER);
    const body = {
      errors: [{ message: "You don't have access to this dashboard.", error_type: 'DASHBOARD_SECURITY_ACCESS_ERROR', level: 'error', extra: {} }],
    };
    mock.on('GET', /^\/api\/v1\/dashboard\/7/, { status: 403, body });
    renderPage('/superset/dashboard/7/');
    expect(await screen.findByText("You don't have access to this dashboard.")).toBeTruthy();
    expect(byTest('dashboard-header')).toBeNull();
  });
});

describe('DashboardPage edit rights', () => {
  it('offers Edit dashboard to an owner with can_write, and ?edit=true opens edit mode', async () => {
    mockLoggedIn(mock, EDITOR_ROLES, OWNER);
    mockDashboard(mock);
    renderPage('/superset/dashboard/sales/?edit=true');
    expect(await findByTest('header-save-button')).toBeTruthy();
    expect(byTest('builder-stub') ?? (await findByTest('builder-stub'))).toBeTruthy();
  });

  it('gives a non-owner no Edit button and ignores ?edit=true', async () => {
    mockLoggedIn(mock, EDITOR_ROLES, STRANGER);
    mockDashboard(mock);
    renderPage('/superset/dashboard/sales/?edit=true');
    await findByTest('dashboard-header');
    expect(byTest('edit-dashboard-button')).toBeNull();
    expect(byTest('header-save-button')).toBeNull();
    // Draft is shown read-only: clicking it sends nothing.
    fireEvent.click(await findByTest('publish-status'));
    expect(mock.callsTo('PUT', '/api/v1/dashboard/7')).toHaveLength(0);
  });

  it('gives a Gamma viewer no Edit button even when listed as owner', async () => {
    mockLoggedIn(mock, GAMMA_ROLES, OWNER);
    mockDashboard(mock);
    renderPage('/superset/dashboard/sales/');
    await findByTest('dashboard-header');
    expect(byTest('edit-dashboard-button')).toBeNull();
  });
});

describe('DashboardPage publish toggle', () => {
  it('publishes and hides with the spec toasts', async () => {
    mockLoggedIn(mock, EDITOR_ROLES, OWNER);
    mockDashboard(mock);
    mock.on('PUT', '/api/v1/dashboard/7', (call) => ({ body: { id: 7, result: call.body, last_modified_time: 1700000100 } }));
    renderPage('/superset/dashboard/sales/');
    fireEvent.click(await findByTest('publish-status'));
    expect(await screen.findByText('This dashboard is now published')).toBeTruthy();
    expect(mock.callsTo('PUT', '/api/v1/dashboard/7')[0]!.body).toEqual({ published: true });
    await waitFor(() => expect(byTest('publish-status')!.textContent).toBe('Published'));
    fireEvent.click(byTest('publish-status')!);
    expect(await screen.findByText('This dashboard is now hidden')).toBeTruthy();
    expect(mock.callsTo('PUT', '/api/v1/dashboard/7')[1]!.body).toEqual({ published: false });
  });

  it('says the user may not edit when the server refuses', async () => {
    mockLoggedIn(mock, EDITOR_ROLES, OWNER);
    mockDashboard(mock);
    mock.on('PUT', '/api/v1/dashboard/7', { status: 403, body: { message: 'Forbidden' } });
    renderPage('/superset/dashboard/sales/');
    fireEvent.click(await findByTest('publish-status'));
    expect(await screen.findByText('You do not have permissions to edit this dashboard.')).toBeTruthy();
  });
});

describe('DashboardPage save', () => {
  it('asks to confirm an overwrite on 409, then saves without last_modified_time', async () => {
    mockLoggedIn(mock, EDITOR_ROLES, OWNER);
    mockDashboard(mock);
    const puts: Record<string, unknown>[] = [];
    mock.on('PUT', '/api/v1/dashboard/7', (call) => {
      const body = call.body as Record<string, unknown>;
      puts.push(body);
      if ('last_modified_time' in body) {
        return { status: 409, body: { errors: [{ message: 'Please confirm the overwrite values.', error_type: 'GENERIC_COMMAND_ERROR', level: 'error' }] } };
      }
      return { body: { id: 7, result: body, last_modified_time: 1700000200 } };
    });
    renderPage('/superset/dashboard/sales/?edit=true');
    const input = (await findByTest('editable-title-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Sales 2024' } });
    fireEvent.blur(input);
    fireEvent.click(byTest('header-save-button')!);

    const modal = await findByTest('overwrite-confirm-modal');
    expect(within(modal).getByText('Please confirm the overwrite values.')).toBeTruthy();
    expect(puts[0]).toMatchObject({ dashboard_title: 'Sales 2024', last_modified_time: 1700000000.5, owners: [OWNER.id] });
    expect(typeof puts[0]!.position_json).toBe('string');
    // The stored dashboard is read again to list what differs.
    await waitFor(() => expect(within(modal).getByText('Title')).toBeTruthy());

    fireEvent.click(within(modal).getByText('Overwrite'));
    expect(await screen.findByText('This dashboard was saved successfully.')).toBeTruthy();
    expect(puts).toHaveLength(2);
    expect(puts[1]).not.toHaveProperty('last_modified_time');
    expect(puts[1]).toMatchObject({ dashboard_title: 'Sales 2024' });
    // Saved: edit mode ends.
    await waitFor(() => expect(byTest('header-save-button')).toBeNull());
  });

  it('saves an empty title as the untitled title and reports errors with the spec text', async () => {
    mockLoggedIn(mock, EDITOR_ROLES, OWNER);
    mockDashboard(mock);
    mock.on('PUT', '/api/v1/dashboard/7', { status: 422, body: { message: 'Slug must be unique' } });
    renderPage('/superset/dashboard/sales/?edit=true');
    const input = (await findByTest('editable-title-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.blur(input);
    fireEvent.click(byTest('header-save-button')!);
    expect(await screen.findByText('Sorry, there was an error saving this dashboard: Slug must be unique')).toBeTruthy();
    expect(mock.callsTo('PUT', '/api/v1/dashboard/7')[0]!.body).toMatchObject({ dashboard_title: '[ untitled dashboard ]' });
  });
});

describe('DashboardPage unsaved changes', () => {
  it('asks before leaving the page with unsaved changes', async () => {
    mockLoggedIn(mock, EDITOR_ROLES, OWNER);
    mockDashboard(mock);
    const { router } = renderPage('/superset/dashboard/sales/?edit=true');
    const input = (await findByTest('editable-title-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Renamed' } });
    fireEvent.blur(input);

    await act(() => router.navigate('/elsewhere/'));
    const modal = await findByTest('unsaved-changes-modal');
    fireEvent.click(within(modal).getByText('Stay'));
    await waitFor(() => expect(byTest('unsaved-changes-modal')).toBeNull());
    expect(router.state.location.pathname).toBe('/superset/dashboard/sales/');

    await act(() => router.navigate('/elsewhere/'));
    fireEvent.click(within(await findByTest('unsaved-changes-modal')).getByText('Leave'));
    expect(await findByTest('elsewhere')).toBeTruthy();
  });

  it('lets the user leave freely without changes, and Discard restores the loaded title', async () => {
    mockLoggedIn(mock, EDITOR_ROLES, OWNER);
    mockDashboard(mock);
    const { router, store } = renderPage('/superset/dashboard/sales/?edit=true');
    const input = (await findByTest('editable-title-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Renamed' } });
    fireEvent.blur(input);
    fireEvent.click(byTest('discard-changes-button')!);
    fireEvent.click(within(await findByTest('discard-confirm-modal')).getByText('Discard'));
    await waitFor(() => expect(byTest('header-save-button')).toBeNull());
    expect(selectDashboardState(store.getState()).info?.dashboard_title).toBe('Sales');
    expect(router.state.location.search).toBe('');

    await act(() => router.navigate('/elsewhere/'));
    expect(await findByTest('elsewhere')).toBeTruthy();
  });
});

describe('DashboardPage permalinks', () => {
  it('restores the tabs, anchor, filters and display parameters of a permalink, then shows the dashboard address', async () => {
    mockLoggedIn(mock, EDITOR_ROLES, OWNER);
    // Values are restored for the dashboard's own filters (a mask of a filter it no longer has is dropped).
    mockDashboard(mock, dashboardShow({ json_metadata: JSON.stringify({ native_filter_configuration: [{ id: 'NATIVE_FILTER-1', type: 'NATIVE_FILTER', name: 'State', filterType: 'filter_select', targets: [{ datasetId: 1, column: { name: 'state' } }], controlValues: {} }] }) }));
    const dataMask = { 'NATIVE_FILTER-1': { id: 'NATIVE_FILTER-1', filterState: { value: ['CA'] } } };
    mock.on('GET', '/api/v1/dashboard/permalink/abc123', {
      body: { dashboardId: 7, state: { activeTabs: ['TAB-x'], anchor: 'ROW-z', dataMask, urlParams: [['standalone', '2']] } },
    });
    const { router, store } = renderPage('/superset/dashboard/p/abc123/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/superset/dashboard/sales/'));
    expect(router.state.location.search).toBe('?standalone=2');
    expect(router.state.location.hash).toBe('#ROW-z');
    const state = selectDashboardState(store.getState());
    expect(state.activeTabs).toEqual(['TAB-x']);
    expect(state.dataMask).toEqual({ 'NATIVE_FILTER-1': { ...dataMask['NATIVE_FILTER-1'], extraFormData: {} } });
    // standalone=2 hides the title row.
    await findByTest('grid-stub');
    await waitFor(() => expect(byTest('dashboard-header')).toBeNull());
    // The dashboard is not loaded a second time under its slug.
    expect(mock.callsTo('GET', '/api/v1/dashboard/sales')).toHaveLength(0);
  });

  it('copies a permalink of the shown state', async () => {
    mockLoggedIn(mock, EDITOR_ROLES, OWNER);
    mockDashboard(mock);
    mock.on('POST', '/api/v1/dashboard/7/permalink', { status: 201, body: { key: 'k1', url: 'http://localhost/superset/dashboard/p/k1/' } });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderPage('/superset/dashboard/sales/?uiConfig=8#ROW-1');
    fireEvent.click(await findByTest('header-actions-menu'));
    fireEvent.mouseEnter(await findByTest('share-dashboard-menu-item'));
    fireEvent.click(await findByTest('copy-url-menu-item'));
    expect(await screen.findByText('Copied to clipboard!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('http://localhost/superset/dashboard/p/k1/');
    expect(mock.callsTo('POST', '/api/v1/dashboard/7/permalink')[0]!.body).toEqual({
      dataMask: {},
      activeTabs: [],
      anchor: 'ROW-1',
      urlParams: [['uiConfig', '8']],
    });
  });
});

describe('DashboardPage display modes', () => {
  it('report mode has no header and tells the grid', async () => {
    mockLoggedIn(mock, EDITOR_ROLES, OWNER);
    mockDashboard(mock);
    renderPage('/superset/dashboard/sales/?standalone=3');
    expect((await findByTest('grid-stub')).getAttribute('data-report-mode')).toBe('true');
    expect(byTest('dashboard-header')).toBeNull();
  });
});

describe('DashboardPage address parameters and menu', () => {
  it('restores the filters kept under native_filters_key', async () => {
    mockLoggedIn(mock, EDITOR_ROLES, OWNER);
    mockDashboard(mock, dashboardShow({ json_metadata: JSON.stringify({ native_filter_configuration: [{ id: 'NATIVE_FILTER-2', type: 'NATIVE_FILTER', name: 'State', filterType: 'filter_select', targets: [{ datasetId: 1, column: { name: 'state' } }], controlValues: {} }] }) }));
    const dataMask = { 'NATIVE_FILTER-2': { id: 'NATIVE_FILTER-2', extraFormData: { filters: [{ col: 'state', op: 'IN', val: ['NY'] }] } } };
    mock.on('GET', '/api/v1/dashboard/7/filter_state/fk1', { body: { value: JSON.stringify(dataMask) } });
    const { store } = renderPage('/superset/dashboard/sales/?native_filters_key=fk1');
    await findByTest('dashboard-header');
    expect(selectDashboardState(store.getState()).dataMask).toEqual({ 'NATIVE_FILTER-2': { ...dataMask['NATIVE_FILTER-2'], filterState: {} } });
  });

  it('saves properties and moves the address to the new slug', async () => {
    mockLoggedIn(mock, EDITOR_ROLES, OWNER);
    mockDashboard(mock);
    mock.on('GET', '/api/v1/dashboard/related/owners', { body: { count: 1, result: [{ value: OWNER.id, text: 'Alice Owner' }] } });
    mock.on('PUT', '/api/v1/dashboard/7', (call) => ({ body: { id: 7, result: call.body, last_modified_time: 1700000300 } }));
    const { router } = renderPage('/superset/dashboard/sales/');
    fireEvent.click(await findByTest('header-actions-menu'));
    fireEvent.click(await findByTest('edit-properties-menu-item'));
    const modal = await findByTest('properties-modal');
    fireEvent.change(within(modal).getByLabelText('URL slug'), { target: { value: 'sales-2024' } });
    fireEvent.change(within(modal).getByLabelText('Certified by'), { target: { value: 'Data team' } });
    fireEvent.click(within(modal).getByText('Save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/superset/dashboard/sales-2024/'));
    expect(mock.callsTo('PUT', '/api/v1/dashboard/7')[0]!.body).toMatchObject({ slug: 'sales-2024', certified_by: 'Data team', owners: [OWNER.id] });
    expect(await findByTest('certified-badge')).toBeTruthy();
    // The renamed address names the open dashboard: it is not loaded again.
    expect(mock.callsTo('GET', '/api/v1/dashboard/sales-2024')).toHaveLength(0);
  });

  it('refuses metadata that is not a JSON object', async () => {
    mockLoggedIn(mock, EDITOR_ROLES, OWNER);
    mockDashboard(mock);
    renderPage('/superset/dashboard/sales/');
    fireEvent.click(await findByTest('header-actions-menu'));
    fireEvent.click(await findByTest('edit-properties-menu-item'));
    const modal = await findByTest('properties-modal');
    fireEvent.click(within(modal).getByText('Advanced'));
    fireEvent.change(await within(modal).findByLabelText('JSON metadata'), { target: { value: '[1, 2]' } });
    expect(await within(modal).findByText('JSON metadata must be an object')).toBeTruthy();
    expect(within(modal).getByText('Save').closest('button')!.hasAttribute('disabled')).toBe(true);
  });

  it('enters and leaves full screen through standalone=1', async () => {
    mockLoggedIn(mock, EDITOR_ROLES, OWNER);
    mockDashboard(mock);
    const { router } = renderPage('/superset/dashboard/sales/');
    fireEvent.click(await findByTest('header-actions-menu'));
    fireEvent.click(await findByTest('fullscreen-menu-item'));
    await waitFor(() => expect(router.state.location.search).toBe('?standalone=1'));
    fireEvent.click(await findByTest('header-actions-menu'));
    await waitFor(() => expect(byTest('fullscreen-menu-item')?.textContent).toBe('Exit full screen'));
    fireEvent.click(byTest('fullscreen-menu-item')!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('force-refreshes every chart from the menu', async () => {
    mockLoggedIn(mock, EDITOR_ROLES, OWNER);
    mockDashboard(mock);
    const { store } = renderPage('/superset/dashboard/sales/');
    fireEvent.click(await findByTest('header-actions-menu'));
    fireEvent.click(await findByTest('refresh-dashboard-menu-item'));
    expect(selectDashboardState(store.getState()).chartRefresh[11]).toEqual({ key: 1, force: true });
  });
});

describe('DashboardPage properties in edit mode', () => {
  it('applies properties to the edit and saves them with it, moving to the new slug without a leave prompt', async () => {
    mockLoggedIn(mock, EDITOR_ROLES, OWNER);
    mockDashboard(mock);
    mock.on('GET', '/api/v1/dashboard/related/owners', { body: { count: 0, result: [] } });
    mock.on('PUT', '/api/v1/dashboard/7', (call) => ({ body: { id: 7, result: call.body, last_modified_time: 1700000400 } }));
    const { router } = renderPage('/superset/dashboard/sales/?edit=true');
    fireEvent.click(await findByTest('header-actions-menu'));
    fireEvent.click(await findByTest('edit-properties-menu-item'));
    const modal = await findByTest('properties-modal');
    fireEvent.change(within(modal).getByLabelText('URL slug'), { target: { value: 'west' } });
    fireEvent.click(within(modal).getByText('Apply'));
    // Nothing is written until the dashboard is saved.
    expect(mock.callsTo('PUT', '/api/v1/dashboard/7')).toHaveLength(0);
    fireEvent.click(byTest('header-save-button')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/superset/dashboard/west/'));
    expect(router.state.location.search).toBe('');
    expect(mock.callsTo('PUT', '/api/v1/dashboard/7')[0]!.body).toMatchObject({ slug: 'west' });
    expect(byTest('unsaved-changes-modal')).toBeNull();
  });
});
