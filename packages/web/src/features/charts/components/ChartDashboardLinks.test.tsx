import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { mockLoggedIn } from '../../../test/mocks/meMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { createMockChart, mockCharts } from '../test/chartMocks';
import { ChartDashboardLinks } from './ChartDashboardLinks';

function setup(dashboards: { id: number; dashboard_title: string }[]) {
  const mock = installFetchMock();
  mockLoggedIn(mock);
  mockCharts(mock, [createMockChart({ id: 5, dashboards })]);
  renderWithProviders(<ChartDashboardLinks chartId={5} />);
  return mock;
}

describe('ChartDashboardLinks', () => {
  it('says how many dashboards hold the chart and links each of them', async () => {
    setup([
      { id: 7, dashboard_title: 'Births' },
      { id: 9, dashboard_title: 'World health' },
    ]);
    const trigger = await screen.findByRole('button', { name: /Added to 2 dashboards/ });
    fireEvent.click(trigger);
    expect((await screen.findByRole('link', { name: 'Births' })).getAttribute('href')).toBe('/superset/dashboard/7/');
    expect(screen.getByRole('link', { name: 'World health' }).getAttribute('href')).toBe('/superset/dashboard/9/');
  });

  it('shows nothing for a chart on no dashboard', async () => {
    const mock = setup([]);
    await waitFor(() => expect(mock.callsTo('GET', '/api/v1/chart/5')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /Added to/ })).toBeNull();
  });
});
