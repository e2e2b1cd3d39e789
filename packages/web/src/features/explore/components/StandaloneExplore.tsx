import { useMemo, useState } from 'react';
import { Spin, theme } from 'antd';
import { STANDALONE_CHART, type ChartRenderState } from '@tessera/core';
import { useGetExploreBootstrapQuery, type ExploreBootstrap } from '../../../api/exploreApi';
import { ChartContainer, chartRenderState, getChartPlugin, type ChartRuntimeState } from '../../chart';
import { ErrorMessage, getClientErrorObject } from '../../errors';
import { useBootstrapArgs } from '../hooks/useBootstrapArgs';
import { useElementSize } from '../hooks/useElementSize';
import { useExplorePermissions } from '../hooks/useExplorePermissions';
import { exploreReducer, hydrate, initialExploreState, type ExploreState } from '../state/exploreSlice';
import { selectRenderFormData } from '../state/selectors';
import { hydratePayload } from '../utils/hydrateFromBootstrap';

const hasDatasource = (data: ExploreBootstrap) => data.slice !== null || typeof data.dataset?.id === 'number';

/** Why there is no chart to draw, or null while there may still be one. */
function failureOf(hasArgs: boolean, error: unknown, data: ExploreBootstrap | undefined, explore: ExploreState | null): string | null {
  if (!hasArgs) return 'The address names no chart';
  if (error) return getClientErrorObject(error).error;
  if (data && !explore) return 'The chart has no datasource';
  if (explore && !explore.queryFormData) return 'The chart is missing required control values';
  return null;
}

/**
 * `/explore/?slice_id=N&standalone=1`: the chart alone, sized to the window (no header, controls or datasource panel),
 * run with the same form data the explorer would. The frame tells a headless browser when the chart is done through
 * `data-render-state` (core's STANDALONE_CHART), so the picture is taken then and not after a guessed delay.
 */
export function StandaloneExplore() {
  const { token } = theme.useToken();
  const { args, force, vizType, formDataOverlay } = useBootstrapArgs();
  const permissionsFor = useExplorePermissions();
  const hasArgs = Object.values(args).some((v) => v !== undefined);
  const { data, error } = useGetExploreBootstrapQuery(args, { skip: !hasArgs });
  // The explorer's own hydration, run once as a pure reducer step: the same defaults and the same query.
  const explore = useMemo(() => {
    if (!data || !hasDatasource(data)) return null;
    const payload = hydratePayload(data, { vizType, formDataOverlay, force, permissions: permissionsFor(data.slice), getPlugin: getChartPlugin, fallbackVizType: 'table' });
    return exploreReducer(initialExploreState, hydrate(payload));
  }, [data, vizType, formDataOverlay, force, permissionsFor]);
  const renderFormData = useMemo(() => (explore ? selectRenderFormData(explore) : null), [explore]);
  const [chartState, setChartState] = useState<ChartRuntimeState | null>(null);
  const [ref, size] = useElementSize<HTMLDivElement>();

  const failure = failureOf(hasArgs, error, data, explore);
  const state: ChartRenderState = failure ? 'failed' : chartRenderState(chartState);
  const reason = failure ?? (state === 'failed' ? (chartState?.chartAlert ?? 'An error occurred') : null);
  const attributes = { 'data-test': STANDALONE_CHART.testId, [STANDALONE_CHART.stateAttribute]: state, [STANDALONE_CHART.errorAttribute]: reason ?? undefined };

  let body;
  if (failure) body = <ErrorMessage error={error ?? { error: failure }} />;
  else if (explore?.queryFormData && explore.datasource) {
    body = (
      <ChartContainer
        formData={explore.queryFormData}
        renderFormData={renderFormData ?? undefined}
        datasource={explore.datasource}
        width={size.width}
        height={size.height}
        force={explore.force}
        refreshKey={explore.refreshKey}
        sliceId={explore.slice?.slice_id ?? null}
        onStatus={setChartState}
      />
    );
  } else body = <Spin style={{ margin: 48 }} />;

  return (
    <div ref={ref} {...attributes} style={{ position: 'fixed', inset: 0, overflow: 'hidden', background: token.colorBgContainer }}>
      {body}
    </div>
  );
}
