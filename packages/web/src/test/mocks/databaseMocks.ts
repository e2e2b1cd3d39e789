import type { DatabaseListItem, DatabaseShow } from '@tessera/core';
import { createMockDatabase, listResponse } from './factories';
import type { FetchMock } from './fetchMock';

/** The database endpoints over an in-memory list. */
export function mockDatabases(mock: FetchMock, databases: DatabaseListItem[] = [createMockDatabase()], shows: DatabaseShow[] = []): void {
  mock.on('GET', '/api/v1/database/', { body: listResponse(databases) });
  for (const show of shows) mock.on('GET', `/api/v1/database/${show.id}`, { body: { id: show.id, result: show } });
  mock.on('POST', '/api/v1/database/', (call) => ({ status: 201, body: { id: 99, result: call.body } }));
  mock.on('PUT', /^\/api\/v1\/database\/\d+$/, (call) => ({ body: { id: Number(call.path.split('/').pop()), result: call.body } }));
  mock.on('DELETE', /^\/api\/v1\/database\/\d+$/, { body: { message: 'OK' } });
  mock.on('POST', '/api/v1/database/test_connection/', { body: { message: 'OK' } });
  mock.on('GET', /^\/api\/v1\/database\/\d+\/schemas\/$/, { body: { result: ['main'] } });
  mock.on('GET', /^\/api\/v1\/database\/\d+\/tables\/$/, {
    body: { count: 2, result: [{ value: 'birth_names', type: 'table', extra: null }, { value: 'energy_usage', type: 'table', extra: null }] },
  });
}

/** A failing test_connection, the way the server reports a host it cannot resolve. */
export function mockConnectionError(mock: FetchMock): void {
  mock.on('POST', '/api/v1/database/test_connection/', {
    status: 422,
    body: {
      errors: [
        {
          message: 'The hostname "nohost.invalid" cannot be resolved.',
          error_type: 'CONNECTION_INVALID_HOSTNAME_ERROR',
          level: 'error',
          extra: { issue_codes: [{ code: 1007, message: "Issue 1007 - The hostname provided can't be resolved." }] },
        },
      ],
    },
  });
}
