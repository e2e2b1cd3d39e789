import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMockUser } from '../../../test/mocks/factories';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { mockSecurity } from '../../../test/mocks/securityMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { UserList } from './UserList';

function setup() {
  const mock = installFetchMock();
  mockSecurity(mock, { users: [createMockUser(), createMockUser({ id: 2, username: 'gamma', roles: [{ id: 2, name: 'Gamma' }] })] });
  renderWithProviders(<UserList />);
  return mock;
}

const type = (scope: HTMLElement, label: string, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('UserList', () => {
  it('creates a user with roles', async () => {
    const mock = setup();
    expect(await screen.findByText('gamma')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /User$/ }));
    const dialog = (await waitFor(() => document.querySelector('[data-test="user-modal"]'))) as HTMLElement;
    type(dialog, 'Username', 'newbie');
    type(dialog, 'First name', 'New');
    type(dialog, 'Last name', 'Bie');
    type(dialog, 'Email', 'new@example.com');
    type(dialog, 'Password', 'longenough');
    fireEvent.mouseDown(within(dialog).getByLabelText('Roles'));
    fireEvent.click(await screen.findByTitle('Gamma'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mock.callsTo('POST', '/api/v1/security/users/')).toHaveLength(1));
    expect(mock.callsTo('POST', '/api/v1/security/users/')[0]?.body).toEqual({
      username: 'newbie',
      first_name: 'New',
      last_name: 'Bie',
      email: 'new@example.com',
      password: 'longenough',
      active: true,
      roles: [2],
    });
  });

  it('rejects a short password before posting', async () => {
    const mock = setup();
    fireEvent.click(await screen.findByRole('button', { name: /User$/ }));
    const dialog = (await waitFor(() => document.querySelector('[data-test="user-modal"]'))) as HTMLElement;
    type(dialog, 'Username', 'x');
    type(dialog, 'Email', 'x@example.com');
    type(dialog, 'Password', 'short');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Password must be at least 8 characters.')).toBeTruthy();
    expect(mock.callsTo('POST', '/api/v1/security/users/')).toHaveLength(0);
  });

  it('deactivates a user with PUT {active: false}', async () => {
    const mock = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate gamma' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(mock.callsTo('PUT', '/api/v1/security/users/2')).toHaveLength(1));
    expect(mock.callsTo('PUT', '/api/v1/security/users/2')[0]?.body).toEqual({ active: false });
  });
});
