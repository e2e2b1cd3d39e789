import { useEffect, useMemo, useReducer, useRef } from 'react';
import type { FormData } from '@tessera/core';
import { ChartDataError, fetchChartData } from '../../../api/chartDataApi';
import type { ChartOwnState, ExploreDatasource } from '../../../viz/types';
import { getClientErrorObject } from '../../errors';
import {
  chartRuntimeReducer,
  chartUpdateFailed,
  chartUpdateStarted,
  chartUpdateStopped,
  chartUpdateSucceeded,
  initialChartRuntimeState,
} from '../state/chartRuntimeSlice';
import { getChartPlugin } from '../utils/pluginRegistry';

export interface ChartRunOptions {
  formData: FormData;
  datasource?: ExploreDatasource | undefined;
  force?: boolean | undefined;
  /** Bump to run again with the same form data (Run, refresh). */
  refreshKey?: number | undefined;
  /** Bump to abort the running query (Stop). */
  stopKey?: number | undefined;
  sliceId?: number | null | undefined;
  dashboardId?: number | null | undefined;
  /** The chart's own state (table page, search, sort): buildQuery reads it, and a change runs the query again. */
  ownState?: ChartOwnState | undefined;
}

/**
 * Runs a chart's query whenever its form data, own state or refresh key changes: plugin.buildQuery, POST /api/v1/chart/data
 * (polling 202 jobs), and the status transitions of spec §4. An in-flight run is aborted by a newer one and by Stop.
 */
export function useChartRun({ formData, force, refreshKey = 0, stopKey = 0, sliceId, dashboardId, ownState }: ChartRunOptions) {
  const [state, dispatch] = useReducer(chartRuntimeReducer, initialChartRuntimeState);
  const controller = useRef<AbortController | null>(null);
  // Serialised when the objects change, not on every render (a chart re-renders on each resize and status change).
  const formDataKey = useMemo(() => JSON.stringify(formData), [formData]);
  const ownStateKey = useMemo(() => JSON.stringify(ownState ?? {}), [ownState]);

  useEffect(() => {
    const parsed = JSON.parse(formDataKey) as FormData;
    const abort = new AbortController();
    controller.current = abort;
    dispatch(chartUpdateStarted({ formData: parsed, now: Date.now() }));
    const run = async () => {
      const plugin = getChartPlugin(parsed.viz_type);
      if (!plugin) throw new ChartDataError({ error: `Item with key "${parsed.viz_type}" is not registered.` });
      const queryContext = { ...plugin.buildQuery(parsed, { ownState: JSON.parse(ownStateKey) as ChartOwnState }), force: Boolean(force) };
      return fetchChartData(queryContext, { signal: abort.signal, sliceId: sliceId ?? parsed.slice_id ?? null, dashboardId: dashboardId ?? null });
    };
    run().then(
      (queriesResponse) => {
        if (!abort.signal.aborted) dispatch(chartUpdateSucceeded({ queriesResponse, now: Date.now() }));
      },
      (error: unknown) => {
        if (controller.current !== abort) return; // superseded by a newer run
        if (error instanceof ChartDataError && error.aborted) dispatch(chartUpdateStopped({ now: Date.now() }));
        else dispatch(chartUpdateFailed({ error: error instanceof ChartDataError ? error.clientError : getClientErrorObject(error), now: Date.now() }));
      },
    );
    return () => {
      if (controller.current === abort) controller.current = null;
      abort.abort();
    };
    // force is read at run time only: toggling it alone does not re-run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formDataKey, ownStateKey, refreshKey]);

  useEffect(() => {
    if (stopKey > 0) controller.current?.abort();
  }, [stopKey]);

  return [state, dispatch] as const;
}
