import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, type FetchMock } from '../test/mocks/fetchMock';
import { mockLoggedIn } from '../test/mocks/meMocks';
import { EDITOR_ROLES, findByTest, mockDashboard, OWNER, renderDashboardPage as renderPage } from '../test/mocks/dashboardMocks';

// The real grid, builder and chart holders (the other page tests stub them).
let mock: FetchMock;
beforeEach(() => {
  mock = installFetchMock();
});

describe('DashboardPage with the real grid', () => {
  it('draws the chart holders of a dashboard without a stored layout, and the builder in edit mode', async () => {
    mockLoggedIn(mock, EDITOR_ROLES, OWNER);
    mockDashboard(mock);
    renderPage('/superset/dashboard/sales/?edit=true');
    expect(await screen.findAllByText('Births')).not.toHaveLength(0);
    expect(document.querySelector('[data-test-chart-id="11"]')).toBeTruthy();
    expect(await findByTest('header-save-button')).toBeTruthy();
  });
});
