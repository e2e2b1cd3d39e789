import type { ChartRenderState } from '@tessera/core';
import type { ChartRuntimeState } from '../state/chartRuntimeSlice';

/** An answer whose every query came back without rows: the chart shows "No results" and draws nothing. */
export const isEmptyAnswer = (state: ChartRuntimeState) =>
  (state.queriesResponse ?? []).length > 0 && (state.queriesResponse ?? []).every((q) => (q.data?.length ?? 0) === 0 && (q.rowcount ?? 0) === 0);

/**
 * Whether a chart is done, for whoever waits on it (a headless browser taking its picture): drawn, or showing its
 * "No results" message (which is all there is to draw); failed or stopped; otherwise still loading.
 */
export function chartRenderState(state: ChartRuntimeState | null): ChartRenderState {
  switch (state?.chartStatus) {
    case 'rendered':
      return 'rendered';
    case 'failed':
    case 'stopped':
      return 'failed';
    case 'success':
      return isEmptyAnswer(state) ? 'rendered' : 'loading';
    default:
      return 'loading';
  }
}
