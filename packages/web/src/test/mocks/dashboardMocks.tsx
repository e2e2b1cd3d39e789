import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { MeRolesResult } from '@tessera/core';
import { AppProviders } from '../../app/AppProviders';
import { createAppStore } from '../../app/store';
import { ToastContainer } from '../../features/toasts';
import { DashboardPage } from '../../pages/DashboardPage';
import { ROUTES } from '../../routes';
import { createMockMe } from './factories';
import type { FetchMock } from './fetchMock';

/** Fixtures and a router-backed render for the dashboard page's tests. */
export const EDITOR_ROLES: MeRolesResult['roles'] = { Alpha: [['can_read', 'Dashboard'], ['can_write', 'Dashboard']] };
export const GAMMA_ROLES: MeRolesResult['roles'] = { Gamma: [['can_read', 'Dashboard']] };
export const OWNER = createMockMe({ id: 5, username: 'alice', first_name: 'Alice', last_name: 'Owner' });
export const STRANGER = createMockMe({ id: 9, username: 'bob', first_name: 'Bob', last_name: 'Viewer' });

export const byTest = (id: string) => document.querySelector<HTMLElement>(`[data-test="${id}"]`);
export const findByTest = (id: string) => waitFor(() => {
  const element = byTest(id);
  if (!element) throw new Error(`no [data-test="${id}"]`);
  return element;
});

export function dashboardShow(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    uuid: 'u-7',
    slug: 'sales',
    url: '/superset/dashboard/sales/',
    dashboard_title: 'Sales',
    thumbnail_url: null,
    published: false,
    css: '',
    json_metadata: JSON.stringify({ color_scheme: 'supersetColors' }),
    position_json: null,
    certified_by: null,
    certification_details: null,
    changed_by_name: 'Alice Owner',
    changed_by: null,
    changed_on: '2024-01-02T03:04:05',
    changed_on_delta_humanized: 'a day ago',
    created_by: null,
    created_on_delta_humanized: 'a day ago',
    charts: ['Births'],
    owners: [{ id: OWNER.id, first_name: 'Alice', last_name: 'Owner' }],
    roles: [],
    tags: [],
    is_managed_externally: false,
    last_modified_time: 1700000000.5,
    ...overrides,
  };
}

export const CHART = { id: 11, slice_name: 'Births', viz_type: 'table', uuid: 'c-11', form_data: { datasource: '1__table', viz_type: 'table' } };

export function mockDashboard(mock: FetchMock, show = dashboardShow()) {
  for (const ref of [String(show.id), String(show.slug)]) {
    mock.on('GET', `/api/v1/dashboard/${ref}`, { body: { result: show } });
    mock.on('GET', `/api/v1/dashboard/${ref}/charts`, { body: { result: [CHART] } });
    mock.on('GET', `/api/v1/dashboard/${ref}/datasets`, { body: { result: [{ id: 1, uid: '1__table', type: 'table', columns: [], metrics: [] }] } });
  }
  mock.on('GET', '/api/v1/dashboard/favorite_status/', { body: { result: [{ id: show.id, value: false }] } });
}

export function renderDashboardPage(path: string) {
  const store = createAppStore();
  const router = createMemoryRouter(
    [
      { path: ROUTES.dashboard, element: <DashboardPage /> },
      { path: ROUTES.dashboardPermalink, element: <DashboardPage /> },
      { path: '/elsewhere/', element: <div data-test="elsewhere">Another page</div> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
      <ToastContainer />
    </AppProviders>,
  );
  return { store, router };
}

