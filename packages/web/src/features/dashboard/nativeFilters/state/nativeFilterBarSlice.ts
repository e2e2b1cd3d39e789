import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DataMask, DataMaskState } from '@tessera/core';
import { rootReducer } from '../../../../app/store';
import { dashboardStateActions } from '../../state/dashboardStateSlice';
import { nativeMasksOf } from './filterMasks';

/**
 * The filter bar's pending masks (Superset's dataMaskSelected): what the controls show, not yet applied to charts.
 * They start equal to the applied masks when a dashboard loads, so a bar without changes has nothing to apply.
 */
export interface NativeFilterBarState {
  pending: DataMaskState;
}

export const initialNativeFilterBarState: NativeFilterBarState = { pending: {} };

export const nativeFilterBarSlice = createSlice({
  name: 'nativeFilterBar',
  initialState: initialNativeFilterBarState,
  reducers: {
    pendingChanged(state, { payload }: PayloadAction<DataMask>) {
      state.pending[payload.id] = payload;
    },
    pendingReplaced(state, { payload }: PayloadAction<DataMaskState>) {
      state.pending = payload;
    },
    pendingRemoved(state, { payload }: PayloadAction<string[]>) {
      for (const id of payload) delete state.pending[id];
    },
  },
  extraReducers: (builder) => {
    builder.addCase(dashboardStateActions.dashboardLoaded, (_state, { payload }) => ({ pending: nativeMasksOf(payload.dataMask ?? {}) }));
    builder.addCase(dashboardStateActions.dashboardUnloaded, () => initialNativeFilterBarState);
  },
});

export const nativeFilterBarActions = nativeFilterBarSlice.actions;

/** The pending masks; the initial state until the slice's first action after injection. */
export function selectPendingMasks(state: object): DataMaskState {
  return ((state as { nativeFilterBar?: NativeFilterBarState }).nativeFilterBar ?? initialNativeFilterBarState).pending;
}

// Joins the app's store with the dashboard code, as the dashboard's own slices do.
rootReducer.inject(nativeFilterBarSlice);
