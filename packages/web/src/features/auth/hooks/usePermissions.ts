import { useMemo } from 'react';
import { canModifyOwned, hasPermission } from '@tessera/core';
import { useCurrentUser } from './useCurrentUser';

export interface Permissions {
  /** False until `/api/v1/me/roles/` has answered: until then `can` is false for everything. */
  loaded: boolean;
  /** Holds the permission/view pair (admins hold every pair). */
  can: (permission: string, view: string) => boolean;
  /** Owners or an admin may change or delete an owned object (spec §6). */
  canModify: (ownerIds: readonly number[]) => boolean;
}

/** Permission checks for the logged-in user, from the cached roles; the server enforces the same rules. */
export function usePermissions(): Permissions {
  const { principal, roles } = useCurrentUser();
  return useMemo(
    () => ({
      loaded: roles !== undefined,
      can: (permission, view) => (principal && roles ? hasPermission(principal, permission, view) : false),
      canModify: (ownerIds) => (principal && roles ? canModifyOwned(principal, ownerIds) : false),
    }),
    [principal, roles],
  );
}
