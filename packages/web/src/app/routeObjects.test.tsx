import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { installFetchMock } from '../test/mocks/fetchMock';
import { GAMMA_ROLES, mockLoggedIn, mockLoggedOut } from '../test/mocks/meMocks';
import { mockDatabases } from '../test/mocks/databaseMocks';
import { AppProviders } from './AppProviders';
import { appRoutes } from './routeObjects';
import { createAppStore } from './store';

function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <AppProviders store={createAppStore()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('app routes', () => {
  it('sends anonymous visitors to /login/ with next', async () => {
    const mock = installFetchMock();
    mockLoggedOut(mock);
    const router = renderApp('/databaseview/list/?x=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/databaseview/list/?x=1')}`);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('redirects / to the welcome page, which greets the user and lists databases', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock);
    mockDatabases(mock);
    const router = renderApp('/');
    expect(await screen.findByText('Welcome, Ada!')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/superset/welcome/');
    expect(await screen.findByText('examples')).toBeTruthy();
  });

  it('shows a 404 page inside the shell for unknown paths', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock);
    renderApp('/no/such/page/');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Databases' }).length).toBeGreaterThan(0);
  });

  it('keeps the SQL Lab placeholder inside the shell', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock);
    renderApp('/sqllab/');
    expect(await screen.findByText('SQL Lab is coming soon')).toBeTruthy();
  });

  it('refuses the users page to non-admins', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock, GAMMA_ROLES);
    renderApp('/users/');
    expect(await screen.findByText('Access denied')).toBeTruthy();
    expect(mock.callsTo('GET', '/api/v1/security/users/')).toHaveLength(0);
  });
});
