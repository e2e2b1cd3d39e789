import { useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { Alert, Button, Spin } from 'antd';
import type { FormData } from '@tessera/core';
import type { ChartOwnState, ExploreDatasource, RendererProps } from '../../../viz/types';
import { ErrorMessage } from '../../errors';
import { useChartRun } from '../hooks/useChartRun';
import { useRenderTurn } from '../hooks/useRenderTurn';
import { CHART_MESSAGES, chartRenderingFailed, chartRenderingSucceeded, chartReset, type ChartRuntimeState } from '../state/chartRuntimeSlice';
import { annotationQueries, serverLayerNames } from '../utils/annotationQueries';
import { isEmptyAnswer } from '../utils/chartRenderState';
import { getChartPlugin } from '../utils/pluginRegistry';
import { AnnotationAlerts } from './AnnotationAlerts';
import { ChartTimer } from './ChartTimer';
import { RenderErrorBoundary } from './RenderErrorBoundary';

export interface ChartContainerProps {
  /** The form data the query runs with. */
  formData: FormData;
  /** Form data for transformProps when render-only controls changed since the query (defaults to formData). */
  renderFormData?: FormData | undefined;
  datasource?: ExploreDatasource | undefined;
  width: number;
  height: number;
  force?: boolean | undefined;
  refreshKey?: number | undefined;
  stopKey?: number | undefined;
  sliceId?: number | null | undefined;
  dashboardId?: number | null | undefined;
  /** Every runtime state change (status, alert, timings, answers). */
  onStatus?: ((state: ChartRuntimeState) => void) | undefined;
  /** A right-click on the drawn chart, with the filters the clicked point stands for (dashboards' drill menus). */
  onContextMenu?: RendererProps['onContextMenu'];
  /** A click on a data element of an interactive chart on a dashboard (cross-filters); absent elsewhere. */
  onCrossFilter?: RendererProps['onCrossFilter'];
  /** The chart's active cross-filter, which the renderer highlights. */
  crossFilterSelection?: RendererProps['crossFilterSelection'];
}

type Renderer = ComponentType<RendererProps>;

const NO_OWN_STATE: ChartOwnState = {};

/** Own state as the renderer set it, with the query form data and refresh it was set under. */
interface OwnStateEntry {
  formDataKey: string;
  refreshKey: number;
  state: ChartOwnState;
}
const loadedRenderers = new Map<string, Renderer>();

/** The plugin's renderer, loaded once `load` (the chart's query has left: the query is not held back by the renderer's code). */
function useRenderer(vizType: string, load: boolean): { renderer: Renderer | null; error: Error | null } {
  const [, setVersion] = useState(0);
  const [error, setError] = useState<Error | null>(null);
  const cached = loadedRenderers.get(vizType) ?? null;
  useEffect(() => {
    if (!load || loadedRenderers.has(vizType)) return undefined;
    const plugin = getChartPlugin(vizType);
    if (!plugin) return undefined;
    let live = true;
    plugin.loadRenderer().then(
      (component) => {
        loadedRenderers.set(vizType, component as Renderer);
        if (live) setVersion((v) => v + 1);
      },
      (caught: unknown) => live && setError(caught instanceof Error ? caught : new Error(String(caught))),
    );
    return () => {
      live = false;
    };
  }, [vizType, load]);
  return { renderer: cached, error };
}

/**
 * One chart: builds its query with the viz plugin, fetches it, transforms the answer and draws it with the lazily
 * loaded renderer. Shows the loading timer, the stopped / failed / empty states of spec §4 and §8.
 */
export function ChartContainer(props: ChartContainerProps) {
  const { formData, renderFormData, datasource, width, height, onStatus } = props;
  const refreshKey = props.refreshKey ?? 0;
  // The chart's own state (Superset's ownState: a table's server page, search and sort) goes to buildQuery and
  // re-runs the query. New query form data starts again without it (first page, no search, no sort).
  const formDataKey = useMemo(() => JSON.stringify(formData), [formData]);
  const [ownEntry, setOwnEntry] = useState<OwnStateEntry | null>(null);
  const ownState = ownEntry?.formDataKey === formDataKey ? ownEntry.state : NO_OWN_STATE;
  const setOwnState = useCallback((next: ChartOwnState) => setOwnEntry({ formDataKey, refreshKey, state: next }), [formDataKey, refreshKey]);
  // A run the own state started (not new form data nor a refresh) keeps the drawn chart under a spinner, so that
  // the table keeps its search box (and focus) while the next page comes.
  const ownStateRun = ownEntry?.formDataKey === formDataKey && ownEntry.refreshKey === refreshKey;
  const [state, dispatch] = useChartRun({ ...props, ownState });
  const vizType = formData.viz_type;
  const { renderer: Renderer, error: loadError } = useRenderer(vizType, state.chartStatus !== null);

  useEffect(() => {
    onStatus?.(state);
  }, [state, onStatus]);

  const annotationNames = useMemo(() => serverLayerNames(state.latestQueryFormData), [state.latestQueryFormData]);
  const annotations = useMemo(() => annotationQueries(state, annotationNames), [state, annotationNames]);

  // Compared by content: a caller that rebuilds an equal datasource on every render does not reset the chart.
  const datasourceText = useMemo(() => (datasource ? JSON.stringify(datasource) : ''), [datasource]);
  useEffect(() => {
    dispatch(chartReset());
  }, [datasourceText, dispatch]);

  // While an own-state run loads, the answer is still the previous one: the chart keeps drawing it.
  const keepDrawn = state.chartStatus === 'loading' && ownStateRun && state.queriesResponse !== null;
  const hasAnswer = state.chartStatus === 'success' || state.chartStatus === 'rendered' || keepDrawn;
  // On a dashboard the first drawing waits its turn (transformProps included), so that charts draw a few at a time.
  const turn = useRenderTurn(hasAnswer && Renderer !== null, `chart ${props.sliceId ?? ''} ${vizType} draw`);
  const transformed = useMemo(() => {
    if (!hasAnswer || !turn) return null;
    const plugin = getChartPlugin(vizType);
    if (!plugin || !state.queriesResponse) return null;
    try {
      const chartProps = { formData: renderFormData ?? formData, queriesData: state.queriesResponse, width, height, ...(datasource ? { datasource } : {}) };
      return { props: plugin.transformProps(chartProps) as Record<string, unknown>, error: null };
    } catch (caught) {
      return { props: null, error: caught instanceof Error ? caught : new Error(String(caught)) };
    }
  }, [hasAnswer, turn, state.queriesResponse, vizType, renderFormData, formData, width, height, datasource]);

  const renderError = transformed?.error ?? (state.chartStatus === 'success' ? loadError : null);
  useEffect(() => {
    if (renderError) dispatch(chartRenderingFailed({ message: renderError.message, stack: renderError.stack ?? null }));
  }, [renderError, dispatch]);

  const frame = { width, height, position: 'relative' as const, overflow: 'hidden' as const };

  const drawnUnderSpinner = keepDrawn && Renderer !== null && !!transformed?.props;
  if ((state.chartStatus === 'loading' && !drawnUnderSpinner) || state.chartStatus === null) {
    return (
      <div style={{ ...frame, display: 'flex', alignItems: 'center', justifyContent: 'center', flexDirection: 'column', gap: 8 }} data-test="chart-loading">
        <Spin />
        <ChartTimer startTime={state.chartUpdateStartTime} endTime={state.chartUpdateEndTime} running />
      </div>
    );
  }
  if (state.chartStatus === 'stopped') {
    return (
      <div style={frame} data-test="chart-stopped">
        <Alert type="warning" showIcon title={CHART_MESSAGES.stopped} />
      </div>
    );
  }
  if (state.chartStatus === 'failed') {
    return (
      <div style={{ ...frame, overflow: 'auto' }} data-test="chart-error">
        <ErrorMessage error={state.chartError ?? { error: state.chartAlert ?? 'An error occurred' }} />
        <AnnotationAlerts key={state.chartUpdateStartTime} errors={annotations.annotationError} />
      </div>
    );
  }
  if (!drawnUnderSpinner && isEmptyAnswer(state)) {
    return (
      <div style={{ ...frame, display: 'flex', alignItems: 'center', justifyContent: 'center' }} data-test="chart-empty">
        {CHART_MESSAGES.noResults}
      </div>
    );
  }
  if (!Renderer || !transformed?.props) {
    return (
      <div style={{ ...frame, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Spin />
      </div>
    );
  }
  return (
    <div style={frame} data-test="chart-container" data-viz-type={vizType} data-status={state.chartStatus}>
      <AnnotationAlerts key={state.chartUpdateStartTime} errors={annotations.annotationError} overlay />
      <RenderErrorBoundary
        resetKey={transformed.props}
        onError={(error) => dispatch(chartRenderingFailed({ message: error.message, stack: error.stack ?? null }))}
      >
        <Renderer
          props={transformed.props}
          width={width}
          height={height}
          onRendered={() => dispatch(chartRenderingSucceeded({ now: Date.now() }))}
          onRenderError={(error) => dispatch(chartRenderingFailed({ message: error.message, stack: error.stack ?? null }))}
          ownState={ownState}
          setOwnState={setOwnState}
          onContextMenu={props.onContextMenu}
          onCrossFilter={props.onCrossFilter}
          crossFilterSelection={props.crossFilterSelection}
        />
      </RenderErrorBoundary>
      {drawnUnderSpinner && (
        <div
          style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'rgba(255, 255, 255, 0.4)' }}
          data-test="chart-loading-overlay"
        >
          <Spin />
        </div>
      )}
    </div>
  );
}

/** A small 'Stop' button bound to a chart's stop key, for callers that show one. */
export function StopChartButton({ onStop }: { onStop: () => void }) {
  return (
    <Button size="small" danger onClick={onStop} data-test="stop-chart-button">
      Stop
    </Button>
  );
}
