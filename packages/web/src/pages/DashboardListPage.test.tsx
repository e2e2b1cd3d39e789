import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMockDashboard, mockDashboards } from '../features/dashboards/test/dashboardMocks';
import { installFetchMock } from '../test/mocks/fetchMock';
import { ADMIN_ROLES, GAMMA_ROLES, mockLoggedIn } from '../test/mocks/meMocks';
import { renderWithProviders } from '../test/renderWithProviders';
import { DashboardListPage } from './DashboardListPage';

function setup(roles: Parameters<typeof mockLoggedIn>[1], dashboards = [createMockDashboard()]) {
  const mock = installFetchMock();
  mockLoggedIn(mock, roles);
  mockDashboards(mock, dashboards);
  renderWithProviders(<DashboardListPage />, { route: '/dashboard/list/' });
}

describe('DashboardListPage', () => {
  it('lists the dashboards with links to open them', async () => {
    setup(ADMIN_ROLES);
    expect((await screen.findByRole('link', { name: 'Births' })).getAttribute('href')).toBe('/superset/dashboard/1/');
  });

  it('offers a dashboard writer to create the first dashboard', async () => {
    setup(ADMIN_ROLES, []);
    expect(await screen.findByRole('button', { name: 'Create a dashboard' })).toBeTruthy();
  });

  it('offers a reader no dashboard to create', async () => {
    setup(GAMMA_ROLES, []);
    expect(await screen.findByText('Dashboards shared with you are listed here.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create a dashboard' })).toBeNull();
  });
});
