import { useMemo } from 'react';
import { hasPermission } from '@tessera/core';
import { getGuestToken } from '../../../api/guestToken';
import { useCurrentUser } from '../../auth';
import type { DashboardState } from '../state/dashboardStateSlice';

export interface DashboardPermissions {
  /** The signed-in user's roles are known (edit rights cannot be decided before). */
  known: boolean;
  /** Spec §6: admin or owner, with can_write on Dashboard. */
  canEdit: boolean;
  /** Save as (copy) makes a new dashboard: can_write on Dashboard. */
  canSaveAs: boolean;
  canShare: boolean;
}

/** What the current user may do on the open dashboard (the server checks again on every write). */
export function useDashboardPermissions(info: DashboardState['info']): DashboardPermissions {
  const { principal, user, roles, isAdmin } = useCurrentUser();
  return useMemo(() => {
    // An embedded dashboard's guest (no user, no roles to wait for) only views.
    if (getGuestToken() !== null) return { known: true, canEdit: false, canSaveAs: false, canShare: false };
    // The principal exists before the roles arrive; deciding then would take an editor for a viewer.
    if (!principal || !user || !roles) return { known: false, canEdit: false, canSaveAs: false, canShare: false };
    const canWrite = hasPermission(principal, 'can_write', 'Dashboard');
    const isOwner = (info?.owners ?? []).some((owner) => owner.id === user.id);
    return {
      known: true,
      canEdit: canWrite && (isAdmin || isOwner),
      canSaveAs: canWrite,
      canShare: true,
    };
  }, [principal, user, roles, isAdmin, info?.owners]);
}
