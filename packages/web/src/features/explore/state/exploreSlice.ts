import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FormData } from '@tessera/core';
import type { ExploreSlice } from '../../../api/exploreApi';
import type { ControlConfig, ExploreDatasource } from '../../../viz/types';
import { controlsByName, withDefaults } from '../utils/controls';
import { applyDatasourceChange } from '../utils/datasourceChange';
import { standardizeSelectValue } from '../utils/selectValue';
import { transferVizType } from '../utils/transferVizType';

/** Spec §6 explore permissions. */
export interface ExplorePermissions {
  can_add: boolean;
  can_download: boolean;
  can_overwrite: boolean;
}

export interface ExploreState {
  formData: FormData;
  /** The current viz type's controls (from its plugin's control panel). */
  controls: ControlConfig[];
  transferable: string[];
  datasource: ExploreDatasource | null;
  slice: ExploreSlice | null;
  sliceName: string;
  /** Spec §4: form data remembered per viz type, restored when the user switches back. */
  formDataByVizType: Record<string, FormData>;
  /** The form data of the last run; null before the first. */
  queryFormData: FormData | null;
  force: boolean;
  refreshKey: number;
  stopKey: number;
  permissions: ExplorePermissions;
}

export const initialExploreState: ExploreState = {
  formData: { datasource: '', viz_type: 'table' },
  controls: [],
  transferable: [],
  datasource: null,
  slice: null,
  sliceName: '',
  formDataByVizType: {},
  queryFormData: null,
  force: false,
  refreshKey: 0,
  stopKey: 0,
  permissions: { can_add: false, can_download: false, can_overwrite: false },
};

interface HydratePayload {
  formData: FormData;
  datasource: ExploreDatasource;
  slice: ExploreSlice | null;
  controls: ControlConfig[];
  transferable?: string[];
  permissions: ExplorePermissions;
  force?: boolean;
  /** Run the chart right away (a saved chart, a permalink). */
  run?: boolean;
}

function standardized(control: ControlConfig | undefined, value: unknown): unknown {
  if (!control) return value;
  if (control.type === 'SelectControl' || control.type === 'RadioButtonControl') return standardizeSelectValue(control, value);
  return value;
}

export const exploreSlice = createSlice({
  name: 'explore',
  initialState: initialExploreState,
  reducers: {
    hydrate(_state, action: PayloadAction<HydratePayload>) {
      const { formData, datasource, slice, controls, transferable = [], permissions, force = false, run = false } = action.payload;
      const filled = withDefaults({ ...formData, datasource: formData.datasource || datasource.uid }, controls);
      return {
        ...initialExploreState,
        formData: filled,
        controls,
        transferable,
        datasource,
        slice,
        sliceName: slice?.slice_name ?? '',
        permissions,
        force,
        queryFormData: run ? filled : null,
        refreshKey: run ? 1 : 0,
      };
    },
    setControlValue(state, action: PayloadAction<{ name: string; value: unknown }>) {
      const control = controlsByName(state.controls)[action.payload.name];
      state.formData[action.payload.name] = standardized(control, action.payload.value);
    },
    changeVizType(state, action: PayloadAction<{ vizType: string; controls: ControlConfig[]; transferable?: string[] }>) {
      const { vizType, controls, transferable = [] } = action.payload;
      if (vizType === state.formData.viz_type) return;
      const { formData, remembered } = transferVizType(state.formData, vizType, controls, transferable, state.formDataByVizType[vizType]);
      state.formDataByVizType[remembered.viz_type] = remembered;
      // Controls hold functions (visibility): assign them whole rather than through the draft's element types.
      Object.assign(state, { formData, controls, transferable });
    },
    changeDatasource(state, action: PayloadAction<ExploreDatasource>) {
      state.datasource = action.payload;
      state.formData = applyDatasourceChange(state.formData, state.controls, action.payload);
      state.formDataByVizType = {};
    },
    runQuery(state, action: PayloadAction<{ force?: boolean } | undefined>) {
      state.queryFormData = state.formData;
      state.force = Boolean(action.payload?.force);
      state.refreshKey += 1;
    },
    /** Re-run the last query bypassing caches (force refresh). */
    refreshQuery(state) {
      if (!state.queryFormData) return;
      state.force = true;
      state.refreshKey += 1;
    },
    stopQuery(state) {
      state.stopKey += 1;
    },
    setPermissions(state, action: PayloadAction<ExplorePermissions>) {
      state.permissions = action.payload;
    },
    setSliceName(state, action: PayloadAction<string>) {
      state.sliceName = action.payload;
    },
    /** Spec §4: a slice updated or created sets can_add, can_download and can_overwrite. */
    sliceSaved(state, action: PayloadAction<{ slice: ExploreSlice; permissions: ExplorePermissions }>) {
      state.slice = action.payload.slice;
      state.sliceName = action.payload.slice.slice_name;
      state.permissions = action.payload.permissions;
      state.formData.slice_id = action.payload.slice.slice_id;
    },
  },
});

export const { hydrate, setControlValue, changeVizType, changeDatasource, runQuery, refreshQuery, stopQuery, setPermissions, setSliceName, sliceSaved } = exploreSlice.actions;
export const exploreReducer = exploreSlice.reducer;
export type ExploreAction = ReturnType<(typeof exploreSlice.actions)[keyof typeof exploreSlice.actions]>;
