import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ChartDataResult, FormData } from '@tessera/core';
import type { ClientErrorObject } from '../../errors';

/** Spec §4 chart status. */
export type ChartStatus = 'loading' | 'success' | 'stopped' | 'rendered' | 'failed';

export const CHART_MESSAGES = {
  stopped: 'Updating chart was stopped',
  network: 'Network error.',
  renderError: 'An error occurred while rendering the visualization: %s',
  noResults: 'No results were returned for this query',
} as const;

/** Spec §3 chart runtime state (the parts one chart container owns). */
export interface ChartRuntimeState {
  chartStatus: ChartStatus | null;
  chartAlert: string | null;
  chartStackTrace: string | null;
  /** The normalised failure, for the catalogue's error display. */
  chartError: ClientErrorObject | null;
  chartUpdateStartTime: number | null;
  chartUpdateEndTime: number | null;
  latestQueryFormData: FormData | null;
  queriesResponse: ChartDataResult[] | null;
  lastRendered: number | null;
}

export const initialChartRuntimeState: ChartRuntimeState = {
  chartStatus: null,
  chartAlert: null,
  chartStackTrace: null,
  chartError: null,
  chartUpdateStartTime: null,
  chartUpdateEndTime: null,
  latestQueryFormData: null,
  queriesResponse: null,
  lastRendered: null,
};

/** Chart status transitions; used with useReducer by ChartContainer (and reusable in a store by dashboards). */
export const chartRuntimeSlice = createSlice({
  name: 'chartRuntime',
  initialState: initialChartRuntimeState,
  reducers: {
    chartUpdateStarted(state, action: PayloadAction<{ formData: FormData; now: number }>) {
      state.chartStatus = 'loading';
      state.chartAlert = null;
      state.chartStackTrace = null;
      state.chartError = null;
      state.chartUpdateStartTime = action.payload.now;
      state.chartUpdateEndTime = null;
      state.latestQueryFormData = action.payload.formData;
    },
    chartUpdateSucceeded(state, action: PayloadAction<{ queriesResponse: ChartDataResult[]; now: number }>) {
      state.chartStatus = 'success';
      state.queriesResponse = action.payload.queriesResponse;
      state.chartUpdateEndTime = action.payload.now;
      // A query can answer 200 with a failed entry (facts §2.3 per-query status/error).
      const failed = action.payload.queriesResponse.find((q) => q.status === 'failed' || q.error);
      if (failed) {
        state.chartStatus = 'failed';
        state.chartAlert = failed.error ?? 'An error occurred';
        state.chartStackTrace = failed.stacktrace ?? null;
        state.chartError = { error: state.chartAlert };
      }
    },
    chartUpdateStopped(state, action: PayloadAction<{ now: number }>) {
      state.chartStatus = 'stopped';
      state.chartAlert = CHART_MESSAGES.stopped;
      state.chartUpdateEndTime = action.payload.now;
    },
    chartUpdateFailed(state, action: PayloadAction<{ error: ClientErrorObject; now: number }>) {
      const { error, now } = action.payload;
      state.chartStatus = 'failed';
      // A failed fetch reads 'Network error.' on a chart (spec §8).
      state.chartAlert = error.errors?.[0]?.error_type === 'FRONTEND_NETWORK_ERROR' ? CHART_MESSAGES.network : error.error;
      state.chartStackTrace = error.stacktrace ?? null;
      state.chartError = error;
      state.chartUpdateEndTime = now;
      state.queriesResponse = null;
    },
    chartRenderingSucceeded(state, action: PayloadAction<{ now: number }>) {
      if (state.chartStatus !== 'success') return;
      state.chartStatus = 'rendered';
      state.lastRendered = action.payload.now;
    },
    chartRenderingFailed(state, action: PayloadAction<{ message: string; stack?: string | null }>) {
      state.chartStatus = 'failed';
      state.chartAlert = CHART_MESSAGES.renderError.replace('%s', action.payload.message);
      state.chartStackTrace = action.payload.stack ?? null;
      state.chartError = { error: state.chartAlert, ...(action.payload.stack ? { stacktrace: action.payload.stack } : {}) };
    },
    /**
     * Spec §4: a failed chart with a stack trace is reset when datasources are set again, so that a chart that
     * failed to draw its answer with the old datasource tries again with the new one. A failed query has no answer
     * to draw again: it stays failed until the next run (a reset to "no status" would show a spinner for ever).
     */
    chartReset(state) {
      if (state.chartStatus !== 'failed' || !state.chartStackTrace) return;
      const answer = state.queriesResponse;
      if (!answer || answer.length === 0 || answer.some((q) => q.status === 'failed' || q.error)) return;
      state.chartStatus = 'success';
      state.chartAlert = null;
      state.chartStackTrace = null;
      state.chartError = null;
    },
  },
});

export const {
  chartUpdateStarted,
  chartUpdateSucceeded,
  chartUpdateStopped,
  chartUpdateFailed,
  chartRenderingSucceeded,
  chartRenderingFailed,
  chartReset,
} = chartRuntimeSlice.actions;
export const chartRuntimeReducer = chartRuntimeSlice.reducer;
