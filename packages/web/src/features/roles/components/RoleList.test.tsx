import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFetchMock } from '../../../test/mocks/fetchMock';
import { mockSecurity } from '../../../test/mocks/securityMocks';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { RoleList } from './RoleList';

function setup() {
  const mock = installFetchMock();
  mockSecurity(mock);
  mock.on('POST', '/api/v1/security/roles/', (call) => ({ status: 201, body: { id: 9, result: call.body } }));
  renderWithProviders(<RoleList />);
  return mock;
}

const dialogOf = (test: string) => waitFor(() => document.querySelector(`[data-test="${test}"]`) as HTMLElement);

describe('RoleList', () => {
  it('creates a role', async () => {
    const mock = setup();
    expect(await screen.findByText('Gamma')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /Role$/ }));
    const dialog = await dialogOf('role-modal');
    fireEvent.change(within(dialog).getByLabelText('Role name'), { target: { value: 'Analyst' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mock.callsTo('POST', '/api/v1/security/roles/')[0]?.body).toEqual({ name: 'Analyst' }));
  });

  it('grants a permission and saves the ids', async () => {
    const mock = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Permissions of Gamma' }));
    const dialog = await dialogOf('role-permissions-modal');
    expect(await within(dialog).findByText('can_write on Database')).toBeTruthy();
    expect(mock.callsTo('GET', '/api/v1/security/permissions-resources/')[0]?.query.get('q')).toBe('(page_size:-1)');
    fireEvent.click(within(dialog).getByText('can_write on Database'));
    fireEvent.click(within(dialog).getByRole('button', { name: /right/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mock.callsTo('POST', '/api/v1/security/roles/2/permissions')).toHaveLength(1));
    expect(mock.callsTo('POST', '/api/v1/security/roles/2/permissions')[0]?.body).toEqual({ permission_view_menu_ids: [1, 2] });
  });

  it('deletes a role after DELETE is typed', async () => {
    const mock = setup();
    mock.on('DELETE', '/api/v1/security/roles/2', { body: { message: 'OK' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Gamma' }));
    const dialog = await dialogOf('delete-modal');
    fireEvent.change(within(dialog).getByLabelText('Type "DELETE" to confirm'), { target: { value: 'DELETE' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(mock.callsTo('DELETE', '/api/v1/security/roles/2')).toHaveLength(1));
  });
});
