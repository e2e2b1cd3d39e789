import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFetchMock } from '../test/mocks/fetchMock';
import { GAMMA_ROLES, mockLoggedIn } from '../test/mocks/meMocks';
import { SQL_LAB_ROLES } from '../test/mocks/roleMocks';
import { renderWithProviders } from '../test/renderWithProviders';
import { SqlLabPage } from './SqlLabPage';

vi.mock('../features/sqllab', () => ({ SqlLab: () => <div>SQL Lab editor</div> }));

describe('SqlLabPage', () => {
  it('tells a user without SQL Lab access what to ask for, without loading SQL Lab', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock, GAMMA_ROLES);
    renderWithProviders(<SqlLabPage />, { route: '/sqllab/' });
    expect(await screen.findByText('You do not have access to SQL Lab. Ask an administrator for the sql_lab role.')).toBeTruthy();
    expect(screen.queryByText('SQL Lab editor')).toBeNull();
  });

  it('opens SQL Lab for a user with the sql_lab role', async () => {
    const mock = installFetchMock();
    mockLoggedIn(mock, SQL_LAB_ROLES);
    renderWithProviders(<SqlLabPage />, { route: '/sqllab/' });
    await waitFor(() => expect(screen.getByText('SQL Lab editor')).toBeTruthy());
  });
});
