import type { MeResult, MeRolesResult } from '@tessera/core';
import { createMockMe, createMockRoles } from './factories';
import type { FetchMock } from './fetchMock';

export const ADMIN_ROLES: MeRolesResult['roles'] = { Admin: [['can_read', 'Database'], ['can_write', 'Database']] };
export const GAMMA_ROLES: MeRolesResult['roles'] = { Gamma: [['can_read', 'Database'], ['can_read', 'Chart']] };

/** `/api/v1/me/` and `/api/v1/me/roles/` for a logged-in user with the given roles. */
export function mockLoggedIn(mock: FetchMock, roles: MeRolesResult['roles'] = ADMIN_ROLES, me: MeResult = createMockMe()): void {
  mock.on('GET', '/api/v1/me/', { body: { result: me } });
  mock.on('GET', '/api/v1/me/roles/', { body: { result: createMockRoles(roles, me) } });
}

/** `/api/v1/me/` answering 401, as for an anonymous visitor. */
export function mockLoggedOut(mock: FetchMock): void {
  mock.on('GET', '/api/v1/me/', { status: 401, body: { message: 'Not authorized' } });
  mock.on('GET', '/api/v1/me/roles/', { status: 401, body: { message: 'Not authorized' } });
}

/** `POST /login/` accepting one username/password pair. */
export function mockLogin(mock: FetchMock, valid = { username: 'admin', password: 'secret' }): void {
  mock.on('POST', '/login/', (call) => {
    const body = call.body as { username?: string; password?: string };
    if (body.username === valid.username && body.password === valid.password) {
      return { body: { result: createMockMe({ username: valid.username }) } };
    }
    return { status: 401, body: { message: 'Invalid login. Please try again.' } };
  });
}
