import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockDatabases } from '../../../test/mocks/databaseMocks';
import { listResponse } from '../../../test/mocks/factories';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { ADMIN_ROLES, mockLoggedIn } from '../../../test/mocks/meMocks';
import { GAMMA_LIKE_ROLES } from '../../../test/mocks/roleMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { HomeView } from './HomeView';

function setup(roles: Parameters<typeof mockLoggedIn>[1], latest: { dashboards?: object[]; charts?: object[] } = {}) {
  const mock = installFetchMock();
  mockLoggedIn(mock, roles);
  mockDatabases(mock, []);
  mock.on('GET', '/api/v1/dashboard/', { body: listResponse((latest.dashboards ?? []) as { id: number }[]) });
  mock.on('GET', '/api/v1/chart/', { body: listResponse((latest.charts ?? []) as { id: number }[]) });
  renderWithProviders(<HomeView />);
  return mock;
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

  it('lists the latest dashboards and charts, newest first, each linking to it', async () => {
    const mock = setup(ADMIN_ROLES, {
      dashboards: [{ id: 1, slug: 'births', url: '/superset/dashboard/births/', dashboard_title: 'USA Births Names', changed_on_delta_humanized: 'a minute ago' }],
      charts: [{ id: 7, slice_name: 'Trends', viz_type: 'echarts_timeseries_line', slice_url: '/explore/?slice_id=7', changed_on_delta_humanized: 'a minute ago' }],
    });
    const dashboard = await screen.findByRole('link', { name: 'USA Births Names' });
    expect(dashboard.getAttribute('href')).toBe('/superset/dashboard/births/');
    expect((await screen.findByRole('link', { name: 'Trends' })).getAttribute('href')).toBe('/explore/?slice_id=7');
    const asked = mock.calls.filter((c) => c.path === '/api/v1/dashboard/' || c.path === '/api/v1/chart/').map((c) => decodeURIComponent(c.url));
    expect(asked.every((url) => url.includes('order_column:changed_on_delta_humanized,order_direction:desc'))).toBe(true);
  });

  it('says when there are no dashboards or charts yet', async () => {
    setup(ADMIN_ROLES);
    expect(await screen.findByText('No dashboards yet')).toBeTruthy();
    expect(await screen.findByText('No charts yet')).toBeTruthy();
  });
});
