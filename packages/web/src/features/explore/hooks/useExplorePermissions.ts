import { useCallback } from 'react';
import { hasPermission } from '@tessera/core';
import type { ExploreSlice } from '../../../api/exploreApi';
import { useCurrentUser } from '../../auth';
import type { ExplorePermissions } from '../state/exploreSlice';

const ownerIds = (slice: ExploreSlice | null): number[] =>
  (slice?.owners ?? []).map((owner) => (typeof owner === 'number' ? owner : owner.id));

/** Spec §6: can_add = can_write on Chart; can_download = can_csv on Superset; can_overwrite = owner of the chart. */
export function useExplorePermissions(): (slice: ExploreSlice | null) => ExplorePermissions {
  const { principal, user, isAdmin } = useCurrentUser();
  return useCallback(
    (slice) => {
      if (!principal) return { can_add: false, can_download: false, can_overwrite: false };
      return {
        can_add: hasPermission(principal, 'can_write', 'Chart'),
        can_download: hasPermission(principal, 'can_csv', 'Superset'),
        // Admins own everything, as in Superset's ownership check.
        can_overwrite: slice !== null && (isAdmin || (user !== undefined && ownerIds(slice).includes(user.id))),
      };
    },
    [principal, user, isAdmin],
  );
}
