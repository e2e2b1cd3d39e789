import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockDatabases } from '../../../test/mocks/databaseMocks';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { ADMIN_ROLES, mockLoggedIn } from '../../../test/mocks/meMocks';
import { GAMMA_LIKE_ROLES } from '../../../test/mocks/roleMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { HomeView } from './HomeView';

function setup(roles: Parameters<typeof mockLoggedIn>[1]) {
  const mock = installFetchMock();
  mockLoggedIn(mock, roles);
  mockDatabases(mock, []);
  renderWithProviders(<HomeView />);
}

describe('HomeView', () => {
  it('offers every section and "Connect a database" to an admin', async () => {
    setup(ADMIN_ROLES);
    expect(await screen.findByRole('button', { name: 'Connect a database' })).toBeTruthy();
    expect(document.querySelector('[data-test="home-card-sqllab"]')).toBeTruthy();
  });

  it('offers a Gamma user neither SQL Lab nor connecting a database', async () => {
    setup(GAMMA_LIKE_ROLES);
    await waitFor(() => expect(document.querySelector('[data-test="home-card-charts"]')).toBeTruthy());
    expect(await screen.findByText('No databases you can access')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect a database' })).toBeNull();
    expect(document.querySelector('[data-test="home-card-sqllab"]')).toBeNull();
  });
});
