import type { PermissionViewRecord, RoleRecord, UserRecord } from '@tessera/core';
import { createMockRole, createMockUser, listResponse } from './factories';
import type { FetchMock } from './fetchMock';

/** Users, roles and permissions endpoints over fixed data. */
export function mockSecurity(
  mock: FetchMock,
  data: { users?: UserRecord[]; roles?: RoleRecord[]; permissions?: PermissionViewRecord[]; granted?: PermissionViewRecord[] } = {},
): void {
  const users = data.users ?? [createMockUser()];
  const roles = data.roles ?? [createMockRole(), createMockRole({ id: 2, name: 'Gamma', permission_count: 30 })];
  const permissions = data.permissions ?? [
    { id: 1, permission_name: 'can_read', view_menu_name: 'Database' },
    { id: 2, permission_name: 'can_write', view_menu_name: 'Database' },
  ];
  mock.on('GET', '/api/v1/security/users/', { body: listResponse(users) });
  mock.on('POST', '/api/v1/security/users/', (call) => ({ status: 201, body: { id: 50, result: call.body } }));
  mock.on('PUT', /^\/api\/v1\/security\/users\/\d+$/, (call) => ({ body: { id: 1, result: call.body } }));
  mock.on('GET', '/api/v1/security/roles/', { body: listResponse(roles) });
  mock.on('GET', '/api/v1/security/permissions-resources/', { body: listResponse(permissions) });
  mock.on('GET', /^\/api\/v1\/security\/roles\/\d+\/permissions\/$/, { body: { result: data.granted ?? permissions.slice(0, 1) } });
  mock.on('POST', /^\/api\/v1\/security\/roles\/\d+\/permissions$/, { body: { result: { permission_view_menu_ids: [] } } });
}
