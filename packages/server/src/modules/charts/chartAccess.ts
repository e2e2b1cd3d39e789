import { canModifyOwned, hasPermission, type ChartPermissions, type Principal } from '@tessera/core';

/** Superset's 403 message when a linked dashboard is not the caller's (a non-owned chart gets its bare `Forbidden`). */
export const DASHBOARDS_FORBIDDEN = 'Changing one or more of these dashboards is forbidden';

/** Spec §6: can_add needs can_write on Chart, can_download can_csv on Superset, can_overwrite ownership (or admin). */
export function chartPermissions(principal: Principal, ownerIds: readonly number[] | null): ChartPermissions {
  return {
    can_add: hasPermission(principal, 'can_write', 'Chart'),
    can_download: hasPermission(principal, 'can_csv', 'Superset'),
    can_overwrite: ownerIds !== null && hasPermission(principal, 'can_write', 'Chart') && canModifyOwned(principal, ownerIds),
  };
}
