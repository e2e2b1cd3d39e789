import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import type { DataMask, NativeFilterConfig } from '@tessera/core';
import { dashboardStateActions, selectDashboardState } from '../../state/dashboardStateSlice';
import { clearAllAppliesAtOnce, clearedPending, masksToApply, appliesOnFirstValue, withoutValidation } from './filterBarLogic';
import { configMaskChanges } from './configChanges';
import { nativeFiltersOf } from './filterMasks';
import { nativeFilterBarActions, selectPendingMasks } from './nativeFilterBarSlice';

type FilterBarThunk = ThunkAction<void, object, unknown, UnknownAction>;
export type FilterBarDispatch = ThunkDispatch<object, unknown, UnknownAction>;

/** `dispatch` typed for the filter bar's thunks. */
export const useFilterBarDispatch = () => useDispatch<FilterBarDispatch>();

/**
 * A control's new value becomes pending. A filter that selects its first value applies that first value at once when
 * nothing is applied yet (Superset's requiredFirst): its charts wait for it.
 */
export function filterValueChanged(filter: NativeFilterConfig, mask: DataMask): FilterBarThunk {
  return (dispatch, getState) => {
    const state = getState();
    const previous = selectPendingMasks(state)[filter.id];
    const applied = selectDashboardState(state).dataMask[filter.id];
    const next = { ...mask, id: filter.id };
    dispatch(nativeFilterBarActions.pendingChanged(next));
    if (appliesOnFirstValue(filter, previous, applied, next)) dispatch(dashboardStateActions.updateDataMask(withoutValidation(next)));
  };
}

/** Apply: the changed pending masks become the applied ones (the charts in their scope query again). */
export function applyFilters(): FilterBarThunk {
  return (dispatch, getState) => {
    const state = getState();
    const dashboard = selectDashboardState(state);
    for (const mask of masksToApply(nativeFiltersOf(dashboard.metadata), selectPendingMasks(state), dashboard.dataMask)) {
      dispatch(dashboardStateActions.updateDataMask(mask));
    }
  };
}

/** Clear all: every filter emptied; applied at once unless a required filter now waits for a value. */
export function clearAllFilters(): FilterBarThunk {
  return (dispatch, getState) => {
    const filters = nativeFiltersOf(selectDashboardState(getState()).metadata);
    dispatch(nativeFilterBarActions.pendingReplaced(clearedPending(filters, selectPendingMasks(getState()))));
    if (clearAllAppliesAtOnce(filters)) dispatch(applyFilters());
  };
}

/** A saved filter configuration: changed and new filters start from their default, deleted ones lose their masks. */
export function filterConfigChanged(previous: readonly NativeFilterConfig[], next: readonly NativeFilterConfig[]): FilterBarThunk {
  return (dispatch) => {
    const { reset, removed } = configMaskChanges(previous, next);
    for (const mask of reset) {
      dispatch(nativeFilterBarActions.pendingChanged(mask));
      dispatch(dashboardStateActions.updateDataMask(mask));
    }
    if (removed.length > 0) dispatch(nativeFilterBarActions.pendingRemoved(removed));
    for (const id of removed) dispatch(dashboardStateActions.clearDataMask(id));
  };
}
