import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetchMock } from '../test/mocks/fetchMock';
import { ADMIN_ROLES, mockLoggedIn } from '../test/mocks/meMocks';
import { GAMMA_LIKE_ROLES } from '../test/mocks/roleMocks';
import { renderWithProviders } from '../test/renderWithProviders';
import { DashboardListPage } from './DashboardListPage';

function setup(roles: Parameters<typeof mockLoggedIn>[1]) {
  const mock = installFetchMock();
  mockLoggedIn(mock, roles);
  renderWithProviders(<DashboardListPage />);
}

describe('DashboardListPage', () => {
  it('offers an admin to connect a database', async () => {
    setup(ADMIN_ROLES);
    expect(await screen.findByRole('link', { name: 'Connect a database' })).toBeTruthy();
  });

  it('does not offer a Gamma user to connect a database, but the charts', async () => {
    setup(GAMMA_LIKE_ROLES);
    expect((await screen.findByRole('link', { name: 'Browse charts' })).getAttribute('href')).toBe('/chart/list/');
    expect(screen.queryByRole('link', { name: 'Connect a database' })).toBeNull();
  });
});
