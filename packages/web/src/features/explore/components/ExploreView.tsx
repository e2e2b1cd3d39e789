import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Spin } from 'antd';
import { useLocation } from 'react-router';
import { useGetExploreBootstrapQuery } from '../../../api/exploreApi';
import { ErrorMessage } from '../../errors';
import { getChartPlugin, listChartPlugins, type ChartRuntimeState } from '../../chart';
import { useBootstrapArgs } from '../hooks/useBootstrapArgs';
import { useExplorePermissions } from '../hooks/useExplorePermissions';
import { hydrate, setPermissions } from '../state/exploreSlice';
import { ExploreStateProvider, useExploreDispatch, useExploreState } from '../state/ExploreContext';
import { hydratePayload } from '../utils/hydrateFromBootstrap';
import { ChartPane } from './ChartPane';
import { ControlPanel } from './ControlPanel';
import { DatasourcePanel } from './DatasourcePanel';
import { ExploreHeader } from './ExploreHeader';

/** 'table' (spec §9 default viz type) when registered, else the first chart type there is. */
const defaultVizType = () => (getChartPlugin('table') ? 'table' : (listChartPlugins()[0]?.metadata.vizType ?? 'table'));

function ExploreLayout() {
  const [chartState, setChartState] = useState<ChartRuntimeState | null>(null);
  const onStatus = useCallback((next: ChartRuntimeState) => setChartState(next), []);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 64px)', minHeight: 560 }} data-test="explore-view">
      <ExploreHeader />
      <div style={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <div style={{ width: 240, flexShrink: 0, borderRight: '1px solid rgba(0,0,0,0.06)' }}>
          <DatasourcePanel />
        </div>
        <div style={{ width: 340, flexShrink: 0, borderRight: '1px solid rgba(0,0,0,0.06)' }}>
          <ControlPanel loading={chartState?.chartStatus === 'loading'} />
        </div>
        <div style={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
          <ChartPane chartState={chartState} onStatus={onStatus} />
        </div>
      </div>
    </div>
  );
}

/** Loads the bootstrap the address names and hydrates the explore state from it. */
function ExploreLoader() {
  const { args, force, vizType } = useBootstrapArgs();
  const location = useLocation();
  const state = useExploreState();
  const dispatch = useExploreDispatch();
  const permissionsFor = useExplorePermissions();
  // After a save the address becomes ?slice_id=N: the state already holds that chart, so no reload.
  const savedSliceId = (location.state as { savedSliceId?: number } | null)?.savedSliceId;
  const alreadyLoaded = savedSliceId !== undefined && savedSliceId === args.slice_id && state.slice?.slice_id === savedSliceId;
  const hasArgs = Object.values(args).some((v) => v !== undefined);
  const { data, error, isFetching } = useGetExploreBootstrapQuery(args, { skip: alreadyLoaded || !hasArgs });
  const hydrated = useRef<unknown>(null);

  useEffect(() => {
    if (!data || isFetching || hydrated.current === data || alreadyLoaded) return;
    hydrated.current = data;
    dispatch(hydrate(hydratePayload(data, { vizType, force, permissions: permissionsFor(data.slice), getPlugin: getChartPlugin, fallbackVizType: defaultVizType() })));
  }, [data, isFetching, alreadyLoaded, vizType, force, permissionsFor, dispatch]);

  useEffect(() => {
    const computed = permissionsFor(state.slice);
    // The server's answer wins for the chart it bootstrapped; a chart saved since is judged here.
    const fromServer = data && (data.slice?.slice_id ?? null) === (state.slice?.slice_id ?? null) ? data : null;
    dispatch(
      setPermissions({
        can_add: fromServer?.can_add ?? computed.can_add,
        can_download: fromServer?.can_download ?? computed.can_download,
        can_overwrite: fromServer?.can_overwrite ?? computed.can_overwrite,
      }),
    );
  }, [permissionsFor, state.slice, data, dispatch]);

  if (!hasArgs) return <Alert type="warning" showIcon message="Choose a dataset to explore" description="Open a chart or a dataset from its list, or SQL Lab's results." />;
  if (error) return <ErrorMessage error={error} />;
  if (!state.datasource) return <Spin style={{ margin: 48 }} data-test="explore-loading" />;
  return (
    <>
      {data?.message ? <Alert type="warning" message={data.message} banner /> : null}
      <ExploreLayout />
    </>
  );
}

/** The chart explorer page body. */
export function ExploreView() {
  return (
    <ExploreStateProvider>
      <ExploreLoader />
    </ExploreStateProvider>
  );
}
