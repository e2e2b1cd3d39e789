import type { Principal } from '@tessera/core';

/**
 * The server acting for itself (jobs, sweepers, the engine after a request's access was checked, the
 * examples at first start): the Admin role name is what lets it see every database.
 */
export const SYSTEM_PRINCIPAL: Principal = { id: null, roles: [{ name: 'Admin', permissions: [] }] };
