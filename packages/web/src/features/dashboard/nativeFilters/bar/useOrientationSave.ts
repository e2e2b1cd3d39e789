import { useCallback } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { DASHBOARD_MESSAGES, parseJsonMetadata } from '@tessera/core';
import { useUpdateDashboardMutation } from '../../../../api/dashboardApi';
import { addToast } from '../../../toasts';
import { dashboardStateActions, selectDashboardState } from '../../state/dashboardStateSlice';
import type { FilterBarOrientation } from './filterBarOrientation';

/**
 * Moves the bar: saves `filter_bar_orientation` in json_metadata (`PUT /api/v1/dashboard/<id>`, the other keys as
 * they are) and shows the new place once the server took it. `onSaved` lets the page keep the saved metadata.
 */
export function useOrientationSave(onSaved?: () => void): (orientation: FilterBarOrientation) => Promise<void> {
  const store = useStore();
  const dispatch = useDispatch();
  const [updateDashboard] = useUpdateDashboardMutation();
  return useCallback(
    async (orientation: FilterBarOrientation) => {
      const state = selectDashboardState(store.getState() as object);
      if (state.id === null) return;
      const metadata = { ...state.metadata, filter_bar_orientation: orientation };
      try {
        const answer = await updateDashboard({ id: state.id, json_metadata: JSON.stringify(metadata) }).unwrap();
        const saved = typeof answer.result?.json_metadata === 'string' ? parseJsonMetadata(answer.result.json_metadata) : metadata;
        dispatch(dashboardStateActions.metadataUpdated({ filter_bar_orientation: saved.filter_bar_orientation ?? orientation }));
        if (typeof answer.last_modified_time === 'number') dispatch(dashboardStateActions.lastModifiedTimeUpdated(answer.last_modified_time));
        onSaved?.();
      } catch {
        dispatch(addToast('DANGER_TOAST', DASHBOARD_MESSAGES.saveError.replace('%s', 'the filter bar orientation was not saved')));
      }
    },
    [store, dispatch, updateDashboard, onSaved],
  );
}
