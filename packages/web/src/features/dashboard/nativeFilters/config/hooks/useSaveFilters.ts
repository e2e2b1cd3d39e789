import { useCallback, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { DashboardFiltersChange, NativeFilterErrors } from '@tessera/core';
import { useUpdateDashboardFiltersMutation } from '../../../../../api/dashboardApi';
import { getClientErrorObject, getFieldErrors } from '../../../../errors';
import { dashboardStateActions } from '../../../state/dashboardStateSlice';

/**
 * Saves the modal's change (PUT /api/v1/dashboard/<pk>/filters) and brings the page along: the stored filters into
 * the metadata and the applied values of deleted filters cleared. (The bar restarts new and retargeted filters from
 * their defaults when it sees the metadata change.)
 */
export type SaveOutcome = { ok: true } | { ok: false; filterErrors: NativeFilterErrors };

export function useSaveFilters(dashboardId: number | null) {
  const dispatch = useDispatch();
  const [update, { isLoading }] = useUpdateDashboardFiltersMutation();
  const [error, setError] = useState<string | null>(null);

  const save = useCallback(
    async (change: DashboardFiltersChange): Promise<SaveOutcome> => {
      if (dashboardId === null) return { ok: false, filterErrors: {} };
      setError(null);
      try {
        const answer = await update({ id: dashboardId, change }).unwrap();
        dispatch(dashboardStateActions.metadataUpdated({ native_filter_configuration: answer.result }));
        if (typeof answer.last_modified_time === 'number') dispatch(dashboardStateActions.lastModifiedTimeUpdated(answer.last_modified_time));
        for (const id of change.deleted) dispatch(dashboardStateActions.clearDataMask(id));
        return { ok: true };
      } catch (err) {
        // A 400 names its reasons (unknown dataset or column, a cycle in parents...), and the fields they belong to.
        const normalised = getClientErrorObject(err);
        const reasons = Object.values(getFieldErrors(err)).flat();
        setError(reasons.length > 0 ? reasons.join('\n') : normalised.error || normalised.message || 'Sorry, an unknown error occurred');
        const extra = normalised.errors?.[0]?.extra;
        const filterErrors = extra && typeof extra.filter_errors === 'object' && extra.filter_errors !== null ? (extra.filter_errors as NativeFilterErrors) : {};
        return { ok: false, filterErrors };
      }
    },
    [dashboardId, dispatch, update],
  );

  return { save, saving: isLoading, error, clearError: () => setError(null) };
}
