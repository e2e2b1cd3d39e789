import { useMemo } from 'react';
import { isAdmin, type MeResult, type MeRolesResult, type Principal } from '@tessera/core';
import { useGetMeQuery, useGetMyRolesQuery } from '../../../api/meApi';

export interface CurrentUser {
  user: MeResult | undefined;
  roles: MeRolesResult | undefined;
  roleNames: string[];
  principal: Principal | undefined;
  /** Any role whose lower-cased name is 'admin'. */
  isAdmin: boolean;
}

export function toPrincipal(user: MeResult, roles: MeRolesResult | undefined): Principal {
  return {
    id: user.id,
    roles: Object.entries(roles?.roles ?? {}).map(([name, permissions]) => ({ name, permissions })),
  };
}

/** The logged-in user with roles, from the cached `/api/v1/me/` and `/api/v1/me/roles/` queries. */
export function useCurrentUser(): CurrentUser {
  const { data: user } = useGetMeQuery();
  const { data: roles } = useGetMyRolesQuery(undefined, { skip: !user });
  return useMemo(() => {
    const principal = user ? toPrincipal(user, roles) : undefined;
    return {
      user,
      roles,
      roleNames: Object.keys(roles?.roles ?? {}),
      principal,
      isAdmin: principal ? isAdmin(principal) : false,
    };
  }, [user, roles]);
}
