import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { ADMIN_ROLES, GAMMA_ROLES, mockLoggedIn } from '../../../test/mocks/meMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { RequirePermission } from './RequirePermission';

function setup(roles: Parameters<typeof mockLoggedIn>[1]) {
  const mock = installFetchMock();
  mockLoggedIn(mock, roles);
  renderWithProviders(
    <RequirePermission permission="can_write" view="Dataset" message="You don't have permission to create datasets.">
      <div>the form</div>
    </RequirePermission>,
  );
}

describe('RequirePermission', () => {
  it('renders the children for a user holding the permission', async () => {
    setup(ADMIN_ROLES);
    expect(await screen.findByText('the form')).toBeTruthy();
  });

  it('explains the refusal instead of rendering the children', async () => {
    setup(GAMMA_ROLES);
    expect(await screen.findByText("You don't have permission to create datasets.")).toBeTruthy();
    expect(screen.queryByText('the form')).toBeNull();
  });
});
