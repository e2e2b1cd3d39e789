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
    type(dialog, 'Password', 'a long enough passphrase');
    fireEvent.mouseDown(within(dialog).getByLabelText('Roles'));
    fireEvent.click(await screen.findByTitle('Gamma'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mock.callsTo('POST', '/api/v1/security/users/')).toHaveLength(1));
    expect(mock.callsTo('POST', '/api/v1/security/users/')[0]?.body).toEqual({
      username: 'newbie',
      first_name: 'New',
      last_name: 'Bie',
      email: 'new@example.com',
      password: 'a long enough passphrase',
      active: true,
      roles: [2],
    });
  });

  it('refuses a password the policy refuses before posting, with the server’s message', async () => {
    const mock = setup();
    fireEvent.click(await screen.findByRole('button', { name: /User$/ }));
    const dialog = (await waitFor(() => document.querySelector('[data-test="user-modal"]'))) as HTMLElement;
    type(dialog, 'Username', 'xavier');
    type(dialog, 'Email', 'x@example.com');
    type(dialog, 'Password', 'short');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Password must be at least 12 characters long.')).toBeTruthy();
    type(dialog, 'Password', 'xavier-2024!');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Password must not contain the username: without it, it needs at least 12 characters.')).toBeTruthy();
    expect(mock.callsTo('POST', '/api/v1/security/users/')).toHaveLength(0);
  });

  it('applies the server’s password policy settings', async () => {
    const mock = setup();
    mock.on('GET', '/api/v1/security/password_policy/', { body: { result: { min_length: 20, require_classes: 0 } } });
    fireEvent.click(await screen.findByRole('button', { name: /User$/ }));
    const dialog = (await waitFor(() => document.querySelector('[data-test="user-modal"]'))) as HTMLElement;
    await waitFor(() => expect(mock.callsTo('GET', '/api/v1/security/password_policy/')).toHaveLength(1));
    type(dialog, 'Username', 'yolanda');
    type(dialog, 'Email', 'y@example.com');
    type(dialog, 'Password', 'a long enough passphrase'.slice(0, 16));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Password must be at least 20 characters long.')).toBeTruthy();
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
