import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FormData } from '@tessera/core';
import type { ExploreBootstrapArgs, ExploreSlice } from '../../../api/exploreApi';
import type { ControlConfig, ExploreDatasource } from '../../../viz/types';
import { controlsByName, initialFormData } from '../utils/controls';
import { applyDatasourceChange } from '../utils/datasourceChange';
import { standardizeSelectValue } from '../utils/selectValue';
import { EMPTY_STANDARDIZED_STATE, type StandardizedState } from '../utils/standardizedControls';
import { transferVizType } from '../utils/transferVizType';

/** Spec §6 explore permissions. */
export interface ExplorePermissions {
  can_add: boolean;
  can_download: boolean;
  can_overwrite: boolean;
}

/** How the explorer's state relates to its address (Superset's form_data_key in the URL). */
export interface ExploreAddress {
  /** The bootstrap request the state was loaded from; kept while the address is one the explorer wrote itself. */
  bootArgs: ExploreBootstrapArgs | null;
  /** Form-data cache keys of this state, the current one last: the loaded one, then each one the explorer wrote. */
  keys: string[];
  /** The form data as loaded, saved or last stored under the current key: controls that differ are stored again. */
  storedFormData: FormData | null;
  /** Bumped when the state is replaced (load, save), so a store still in flight for the old state is dropped. */
  epoch: number;
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
  /** Spec §4: the dimensions and metrics the last viz type change passed on (kept by charts without such controls). */
  standardized: StandardizedState;
  /** The form data of the last run; null before the first. */
  queryFormData: FormData | null;
  force: boolean;
  refreshKey: number;
  stopKey: number;
  permissions: ExplorePermissions;
  address: ExploreAddress;
}

/** Enough past keys to recognise the address during the render between storing a key and writing it. */
const KEPT_KEYS = 5;

export const initialExploreState: ExploreState = {
  formData: { datasource: '', viz_type: 'table' },
  controls: [],
  transferable: [],
  datasource: null,
  slice: null,
  sliceName: '',
  formDataByVizType: {},
  standardized: EMPTY_STANDARDIZED_STATE,
  queryFormData: null,
  force: false,
  refreshKey: 0,
  stopKey: 0,
  permissions: { can_add: false, can_download: false, can_overwrite: false },
  address: { bootArgs: null, keys: [], storedFormData: null, epoch: 0 },
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
  /** The bootstrap request this answers. */
  bootArgs?: ExploreBootstrapArgs | null;
  /** The form-data cache key the state was read from, when the server still had it. */
  formDataKey?: string | null;
}

function standardizedValue(control: ControlConfig | undefined, value: unknown): unknown {
  if (!control) return value;
  if (control.type === 'SelectControl' || control.type === 'RadioButtonControl') return standardizeSelectValue(control, value);
  return value;
}

export const exploreSlice = createSlice({
  name: 'explore',
  initialState: initialExploreState,
  reducers: {
    hydrate(state, action: PayloadAction<HydratePayload>) {
      const { formData, datasource, slice, controls, transferable = [], permissions, force = false, run = false, bootArgs = null, formDataKey = null } = action.payload;
      const filled = initialFormData({ ...formData, datasource: formData.datasource || datasource.uid }, controls, datasource);
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
        address: { bootArgs, keys: formDataKey ? [formDataKey] : [], storedFormData: filled, epoch: state.address.epoch + 1 },
      };
    },
    setControlValue(state, action: PayloadAction<{ name: string; value: unknown }>) {
      const control = controlsByName(state.controls)[action.payload.name];
      state.formData[action.payload.name] = standardizedValue(control, action.payload.value);
    },
    changeVizType(state, action: PayloadAction<{ vizType: string; controls: ControlConfig[]; transferable?: string[] }>) {
      const { vizType, controls, transferable = [] } = action.payload;
      if (vizType === state.formData.viz_type) return;
      const { formData, remembered, standardized } = transferVizType(state.formData, {
        vizType,
        controls,
        transferable,
        remembered: state.formDataByVizType[vizType],
        standardized: state.standardized,
        datasource: state.datasource,
      });
      state.formDataByVizType[remembered.viz_type] = remembered;
      // Controls hold functions (visibility): assign them whole rather than through the draft's element types.
      Object.assign(state, { formData, controls, transferable, standardized });
    },
    changeDatasource(state, action: PayloadAction<ExploreDatasource>) {
      state.datasource = action.payload;
      state.formData = applyDatasourceChange(state.formData, state.controls, action.payload);
      state.formDataByVizType = {};
      state.standardized = EMPTY_STANDARDIZED_STATE;
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
    sliceSaved(state, action: PayloadAction<{ slice: ExploreSlice; permissions: ExplorePermissions; formDataSaved?: boolean }>) {
      state.slice = action.payload.slice;
      state.sliceName = action.payload.slice.slice_name;
      state.permissions = action.payload.permissions;
      state.formData.slice_id = action.payload.slice.slice_id;
      if (action.payload.formDataSaved) {
        // The address becomes ?slice_id=N, which now holds these controls: nothing to store until they change.
        state.address.storedFormData = { ...state.formData };
        state.address.epoch += 1;
      }
    },
    /** The controls were stored in the form-data cache under `key` (ignored when the state was replaced since). */
    formDataStored(state, action: PayloadAction<{ key: string; formData: FormData; epoch: number }>) {
      const { key, formData, epoch } = action.payload;
      if (epoch !== state.address.epoch) return;
      state.address.storedFormData = formData;
      state.address.keys = [...state.address.keys.filter((k) => k !== key), key].slice(-KEPT_KEYS);
    },
  },
});

export const {
  hydrate,
  setControlValue,
  changeVizType,
  changeDatasource,
  runQuery,
  refreshQuery,
  stopQuery,
  setPermissions,
  setSliceName,
  sliceSaved,
  formDataStored,
} = exploreSlice.actions;
export const exploreReducer = exploreSlice.reducer;
export type ExploreAction = ReturnType<(typeof exploreSlice.actions)[keyof typeof exploreSlice.actions]>;
