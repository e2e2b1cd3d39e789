import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ChartListItem, DashboardJsonMetadata, DashboardShow, DataMask, DataMaskState } from '@tessera/core';
import type { ExploreDatasource } from '../../../viz/types';
import { rootReducer } from '../../../app/store';

/**
 * The open dashboard (spec §3 "Dashboard state"): what the page, the grid and every chart holder read. Charts and
 * datasets are keyed so that one chart's change re-renders only its holder (selectors by id).
 */
export interface DashboardChartRefresh {
  /** Bumped to run the chart's query again. */
  key: number;
  /** The next run bypasses the cache. */
  force: boolean;
}

export interface DashboardState {
  id: number | null;
  /** The dashboard as shown by `GET /api/v1/dashboard/<id_or_slug>` (position and metadata parsed apart). */
  info: Omit<DashboardShow, 'position_json' | 'json_metadata'> | null;
  metadata: DashboardJsonMetadata;
  /** Charts of the dashboard by chart id (`GET /api/v1/dashboard/<id>/charts`). */
  charts: Record<number, ChartListItem>;
  /** Datasets by uid "<id>__<type>" (`GET /api/v1/dashboard/<id>/datasets`). */
  datasets: Record<string, ExploreDatasource>;
  editMode: boolean;
  hasUnsavedChanges: boolean;
  isSaving: boolean;
  /** The stored `changed_on` the page loaded or last saved: sent back to detect a save over someone else's. */
  lastModifiedTime: number | null;
  /** Ids of the TAB components shown, outermost first. */
  activeTabs: string[];
  fullSizeChartId: number | null;
  /** Charts whose description is expanded (json_metadata.expanded_slices). */
  expandedSlices: Record<number, boolean>;
  refreshFrequency: number;
  /** Refresh frequency was changed in edit mode and should be saved. */
  shouldPersistRefreshFrequency: boolean;
  colorSchemeUpdated: boolean;
  chartRefresh: Record<number, DashboardChartRefresh>;
  /** Native filter and cross-filter masks by filter id or chart id (the filters issue fills these). */
  dataMask: DataMaskState;
}

export const initialDashboardState: DashboardState = {
  id: null,
  info: null,
  metadata: {},
  charts: {},
  datasets: {},
  editMode: false,
  hasUnsavedChanges: false,
  isSaving: false,
  lastModifiedTime: null,
  activeTabs: [],
  fullSizeChartId: null,
  expandedSlices: {},
  refreshFrequency: 0,
  shouldPersistRefreshFrequency: false,
  colorSchemeUpdated: false,
  chartRefresh: {},
  dataMask: {},
};

export interface DashboardLoaded {
  info: DashboardState['info'];
  metadata: DashboardJsonMetadata;
  charts: ChartListItem[];
  datasets: ExploreDatasource[];
  editMode: boolean;
  lastModifiedTime: number | null;
  activeTabs?: string[];
  dataMask?: DataMaskState;
}

export const dashboardStateSlice = createSlice({
  name: 'dashboardState',
  initialState: initialDashboardState,
  reducers: {
    dashboardLoaded(_state, { payload }: PayloadAction<DashboardLoaded>) {
      const expanded = payload.metadata.expanded_slices ?? {};
      return {
        ...initialDashboardState,
        id: payload.info?.id ?? null,
        info: payload.info,
        metadata: payload.metadata,
        charts: Object.fromEntries(payload.charts.map((c) => [c.id, c])),
        datasets: Object.fromEntries(payload.datasets.map((d) => [d.uid, d])),
        editMode: payload.editMode,
        lastModifiedTime: payload.lastModifiedTime,
        activeTabs: payload.activeTabs ?? [],
        expandedSlices: Object.fromEntries(Object.entries(expanded).map(([k, v]) => [Number(k), Boolean(v)])),
        refreshFrequency: payload.metadata.refresh_frequency ?? 0,
        dataMask: payload.dataMask ?? {},
      };
    },
    dashboardUnloaded() {
      return initialDashboardState;
    },
    setEditMode(state, { payload }: PayloadAction<boolean>) {
      state.editMode = payload;
    },
    setUnsavedChanges(state, { payload }: PayloadAction<boolean>) {
      state.hasUnsavedChanges = payload;
    },
    saveStarted(state) {
      state.isSaving = true;
    },
    saveFinished(state, { payload }: PayloadAction<{ lastModifiedTime?: number; info?: DashboardState['info']; metadata?: DashboardJsonMetadata } | undefined>) {
      state.isSaving = false;
      if (payload?.lastModifiedTime !== undefined) {
        state.lastModifiedTime = payload.lastModifiedTime;
        state.hasUnsavedChanges = false;
        state.colorSchemeUpdated = false;
        state.shouldPersistRefreshFrequency = false;
      }
      if (payload?.info) state.info = payload.info;
      if (payload?.metadata) state.metadata = payload.metadata;
    },
    /** A save outside the dashboard's own (the native filters) moved the stored `changed_on`. */
    lastModifiedTimeUpdated(state, { payload }: PayloadAction<number>) {
      state.lastModifiedTime = payload;
    },
    infoUpdated(state, { payload }: PayloadAction<Partial<NonNullable<DashboardState['info']>>>) {
      if (state.info) state.info = { ...state.info, ...payload };
    },
    metadataUpdated(state, { payload }: PayloadAction<Partial<DashboardJsonMetadata>>) {
      state.metadata = { ...state.metadata, ...payload };
      if ('color_scheme' in payload || 'label_colors' in payload) state.colorSchemeUpdated = true;
    },
    chartsAdded(state, { payload }: PayloadAction<{ charts: ChartListItem[]; datasets?: ExploreDatasource[] }>) {
      for (const chart of payload.charts) state.charts[chart.id] = chart;
      for (const dataset of payload.datasets ?? []) state.datasets[dataset.uid] = dataset;
    },
    setActiveTabs(state, { payload }: PayloadAction<string[]>) {
      state.activeTabs = payload;
    },
    setFullSizeChart(state, { payload }: PayloadAction<number | null>) {
      state.fullSizeChartId = payload;
    },
    toggleExpandSlice(state, { payload }: PayloadAction<number>) {
      state.expandedSlices[payload] = !state.expandedSlices[payload];
    },
    setRefreshFrequency(state, { payload }: PayloadAction<{ seconds: number; persist: boolean }>) {
      state.refreshFrequency = payload.seconds;
      state.shouldPersistRefreshFrequency = payload.persist;
      if (payload.persist) state.hasUnsavedChanges = true;
    },
    /** Runs the given charts again (all of the dashboard's when `chartIds` is absent). */
    refreshCharts(state, { payload }: PayloadAction<{ chartIds?: number[]; force: boolean }>) {
      for (const id of payload.chartIds ?? Object.keys(state.charts).map(Number)) {
        const prior = state.chartRefresh[id];
        state.chartRefresh[id] = { key: (prior?.key ?? 0) + 1, force: payload.force };
      }
    },
    updateDataMask(state, { payload }: PayloadAction<DataMask>) {
      state.dataMask[payload.id] = { ...state.dataMask[payload.id], ...payload };
    },
    clearDataMask(state, { payload }: PayloadAction<string>) {
      delete state.dataMask[payload];
    },
  },
});

export const dashboardStateActions = dashboardStateSlice.actions;
export type DashboardRootState = { dashboardState: DashboardState };

/**
 * The open dashboard's state from the root state. The slice is injected when the dashboard route loads, so until the
 * first action after injection the key is absent: read the initial state then.
 */
export function selectDashboardState(state: object): DashboardState {
  return (state as Partial<DashboardRootState>).dashboardState ?? initialDashboardState;
}

// Joins the app's store when the dashboard code loads (the other pages never carry it).
rootReducer.inject(dashboardStateSlice);
