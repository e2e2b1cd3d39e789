import { useCallback, useState } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { DASHBOARD_MESSAGES, type DashboardJsonMetadata } from '@tessera/core';
import { useUpdateDashboardMutation } from '../../../../api/dashboardApi';
import { useToasts } from '../../../toasts';
import { dashboardStateActions, selectDashboardState } from '../../state/dashboardStateSlice';

/** Spec §4 "Cross-filter scoping save: begin, complete, fail". */
export type CrossFilterSaveStatus = 'idle' | 'begin' | 'complete' | 'fail';

/**
 * Saves cross-filter settings (scopes, `cross_filters_enabled`) at once: PUT /api/v1/dashboard/<id> with the whole
 * `json_metadata` and the changed keys over it. The open dashboard takes the keys once the server has them; a failure
 * shows the danger toast 'Failed to save cross-filter scoping' and changes nothing.
 */
export function useSaveCrossFilterConfig() {
  const dispatch = useDispatch();
  const store = useStore();
  const [update] = useUpdateDashboardMutation();
  const { addDangerToast } = useToasts();
  const [status, setStatus] = useState<CrossFilterSaveStatus>('idle');

  const save = useCallback(
    async (change: Partial<DashboardJsonMetadata>): Promise<boolean> => {
      const { id, metadata } = selectDashboardState(store.getState() as object);
      if (id === null) return false;
      setStatus('begin');
      try {
        const answer = await update({ id, json_metadata: JSON.stringify({ ...metadata, ...change }) }).unwrap();
        dispatch(dashboardStateActions.metadataUpdated(change));
        // The saved version becomes the page's, unless layout edits are pending (their save must still see them).
        const pending = selectDashboardState(store.getState() as object).hasUnsavedChanges;
        if (answer.last_modified_time !== undefined && !pending) dispatch(dashboardStateActions.saveFinished({ lastModifiedTime: answer.last_modified_time }));
        setStatus('complete');
        return true;
      } catch {
        setStatus('fail');
        addDangerToast(DASHBOARD_MESSAGES.crossFilterScopingFailed);
        return false;
      }
    },
    [store, update, dispatch, addDangerToast],
  );
  return { save, status };
}
