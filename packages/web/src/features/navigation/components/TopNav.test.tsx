import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { ADMIN_ROLES, GAMMA_ROLES, mockLoggedIn } from '../../../test/mocks/meMocks';
import { GAMMA_LIKE_ROLES, SQL_LAB_ROLES } from '../../../test/mocks/roleMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { TopNav } from './TopNav';

// Settings entries live in a submenu popup that is rendered but hidden until hovered, hence `hidden: true`.
describe('TopNav', () => {
  it('shows the main sections and Settings entries', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock, ADMIN_ROLES);
    renderWithProviders(<TopNav />);
    for (const name of ['SQL Lab', 'Charts', 'Dashboards', 'Datasets', 'Databases']) {
      expect((await screen.findAllByRole('link', { name })).length).toBeGreaterThan(0);
    }
    expect(await screen.findByText('Settings')).toBeTruthy();
    expect(screen.getByText('Logout').closest('a')?.getAttribute('href')).toBe('/logout/');
    expect(screen.getByText('Dark theme')).toBeTruthy();
  });

  it('keeps SQL Lab a menuitem whose popup lists Saved queries and Query history', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock, SQL_LAB_ROLES);
    renderWithProviders(<TopNav />);
    await screen.findByRole('link', { name: 'SQL Lab' });
    const sqlLab = screen.getAllByRole('menuitem').find((item) => item.textContent === 'SQL Lab') as HTMLElement;
    expect(sqlLab.querySelector('a')?.getAttribute('href')).toBe('/sqllab/');
    fireEvent.mouseEnter(sqlLab);
    expect((await screen.findByRole('link', { name: 'Saved queries', hidden: true })).getAttribute('href')).toBe('/savedqueryview/list/');
    expect(screen.getByRole('link', { name: 'Query history', hidden: true }).getAttribute('href')).toBe('/sqllab/history/');
  });

  it('shows Users and Roles to admins', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock, ADMIN_ROLES);
    renderWithProviders(<TopNav />);
    expect(await screen.findByRole('link', { name: 'Users', hidden: true })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Roles', hidden: true })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Audit log', hidden: true }).getAttribute('href')).toBe('/auditlog/list/');
    expect(screen.getByRole('link', { name: 'Annotation layers', hidden: true }).getAttribute('href')).toBe('/annotationlayer/list/');
    // Superset's place for it: Settings > Security > Row Level Security.
    expect(screen.getByRole('link', { name: 'Row Level Security', hidden: true }).getAttribute('href')).toBe('/rowlevelsecurity/list/');
  });

  it('hides Users and Roles from non-admins', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock, GAMMA_ROLES);
    renderWithProviders(<TopNav />);
    await waitFor(() => expect(mock.callsTo('GET', '/api/v1/me/roles/')).toHaveLength(1));
    await screen.findByText('Info');
    expect(screen.queryByRole('link', { name: 'Users', hidden: true })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Roles', hidden: true })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Audit log', hidden: true })).toBeNull();
  });

  it('treats any role named admin (any case) as admin', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock, { ADMIN: [] });
    renderWithProviders(<TopNav />);
    expect(await screen.findByRole('link', { name: 'Users', hidden: true })).toBeTruthy();
  });

  it('hides SQL Lab and its pages from a user without SQL Lab access', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock, GAMMA_LIKE_ROLES);
    renderWithProviders(<TopNav />);
    expect(await screen.findByRole('link', { name: 'Charts' })).toBeTruthy();
    for (const name of ['Dashboards', 'Datasets', 'Databases']) expect(screen.getByRole('link', { name })).toBeTruthy();
    expect(screen.queryByText('SQL Lab')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Saved queries', hidden: true })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Query history', hidden: true })).toBeNull();
  });
});
