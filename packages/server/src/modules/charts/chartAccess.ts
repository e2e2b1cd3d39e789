import { canModifyOwned, errorEntry, hasPermission, type ChartPermissions, type Principal } from '@tessera/core';
import { ApiError } from '../../app/httpErrors.js';

export const CHART_FORBIDDEN = 'Changing this chart is forbidden';
export const DASHBOARDS_FORBIDDEN = 'Changing one or more of these dashboards is forbidden';

/**
 * 403 for a non-owner: `message` is what Superset's chart API answers; `errors` carries the catalogue's
 * MISSING_OWNERSHIP_ERROR so clients that read either find the reason.
 */
export function ownershipError(message = CHART_FORBIDDEN): ApiError {
  return new ApiError(403, { message, errors: [errorEntry('MISSING_OWNERSHIP_ERROR', message)] });
}

/** Spec §6: can_add needs can_write on Chart, can_download can_csv on Superset, can_overwrite ownership (or admin). */
export function chartPermissions(principal: Principal, ownerIds: readonly number[] | null): ChartPermissions {
  return {
    can_add: hasPermission(principal, 'can_write', 'Chart'),
    can_download: hasPermission(principal, 'can_csv', 'Superset'),
    can_overwrite: ownerIds !== null && hasPermission(principal, 'can_write', 'Chart') && canModifyOwned(principal, ownerIds),
  };
}
