import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Spin } from 'antd';
import { useLocation, useSearchParams } from 'react-router';
import { isStandaloneParam } from '@tessera/core';
import { useGetExploreBootstrapQuery, type ExploreBootstrap } from '../../../api/exploreApi';
import { ErrorMessage } from '../../errors';
import { useToasts } from '../../toasts';
import { getChartPlugin, listChartPlugins, type ChartRuntimeState } from '../../chart';
import { useBootstrapArgs } from '../hooks/useBootstrapArgs';
import { useExplorePermissions } from '../hooks/useExplorePermissions';
import { useFormDataUrlSync } from '../hooks/useFormDataUrlSync';
import { hydrate, setPermissions } from '../state/exploreSlice';
import { ExploreStateProvider, useExploreDispatch, useExploreState } from '../state/ExploreContext';
import { isOwnAddress } from '../utils/exploreAddress';
import { hydratePayload } from '../utils/hydrateFromBootstrap';
import { ChartPane } from './ChartPane';
import { ControlPanel } from './ControlPanel';
import { DatasourcePanel } from './DatasourcePanel';
import { ExploreHeader } from './ExploreHeader';
import { StandaloneExplore } from './StandaloneExplore';

/** 'table' (spec §9 default viz type) when registered, else the first chart type there is. */
const defaultVizType = () => (getChartPlugin('table') ? 'table' : (listChartPlugins()[0]?.metadata.vizType ?? 'table'));

/**
 * The explorer fills the viewport below the app's top nav (64px) and inside its page padding (AppLayout's
 * `clamp(12px, 3vw, 24px)` above and below), so the page itself never scrolls: the panels scroll inside.
 */
const EXPLORE_VIEW_HEIGHT = 'calc(100vh - 64px - 2 * clamp(12px, 3vw, 24px))';

function ExploreLayout({ banner }: { banner: ReactNode }) {
  const [chartState, setChartState] = useState<ChartRuntimeState | null>(null);
  const onStatus = useCallback((next: ChartRuntimeState) => setChartState(next), []);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: EXPLORE_VIEW_HEIGHT, minHeight: 560 }} data-test="explore-view">
      {banner}
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

const hasDatasource = (data: ExploreBootstrap) => data.slice !== null || typeof data.dataset?.id === 'number';

/** Loads the bootstrap the address names, hydrates the explore state from it and keeps the controls in the address. */
function ExploreLoader() {
  const { args, force, vizType, formDataOverlay } = useBootstrapArgs();
  const location = useLocation();
  const state = useExploreState();
  const dispatch = useExploreDispatch();
  const permissionsFor = useExplorePermissions();
  const { addWarningToast } = useToasts();
  useFormDataUrlSync();
  // After a save the address becomes ?slice_id=N, and after a change ?form_data_key=K: the state already holds
  // what they name, so the request the state came from stays the one asked (no reload, no second chart run).
  const savedSliceId = (location.state as { savedSliceId?: number } | null)?.savedSliceId;
  const justSaved = savedSliceId !== undefined && savedSliceId === args.slice_id && state.slice?.slice_id === savedSliceId;
  const own = state.address.bootArgs !== null && (justSaved || isOwnAddress(args, state.address));
  const queryArgs = own && state.address.bootArgs ? state.address.bootArgs : args;
  const hasArgs = Object.values(queryArgs).some((v) => v !== undefined);
  const { data, error, isFetching } = useGetExploreBootstrapQuery(queryArgs, { skip: !hasArgs });
  const hydrated = useRef<unknown>(null);
  // A message of a load by form_data_key (key expired: fell back to the chart or dataset) is toasted, others shown.
  const toastMessage = Boolean(queryArgs.form_data_key);

  useEffect(() => {
    if (!data || isFetching || hydrated.current === data) return;
    hydrated.current = data;
    if (data.message && toastMessage) addWarningToast(data.message);
    if (!hasDatasource(data)) return;
    const payload = hydratePayload(data, { vizType, formDataOverlay, force, permissions: permissionsFor(data.slice), getPlugin: getChartPlugin, fallbackVizType: defaultVizType() });
    // A key the server no longer had is not this state's: the next change starts a new one.
    const formDataKey = queryArgs.form_data_key && !data.message ? queryArgs.form_data_key : null;
    dispatch(hydrate({ ...payload, bootArgs: queryArgs, formDataKey }));
  }, [data, isFetching, vizType, formDataOverlay, force, permissionsFor, dispatch, queryArgs, toastMessage, addWarningToast]);

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

  const chooseDataset = <Alert type="warning" showIcon title="Choose a dataset to explore" description="Open a chart or a dataset from its list, or SQL Lab's results." />;
  if (!hasArgs) return chooseDataset;
  if (error) return <ErrorMessage error={error} />;
  // An expired key with nothing to fall back to: say so rather than leave a blank page.
  if (data && !isFetching && !hasDatasource(data)) return chooseDataset;
  if (!state.datasource) return <Spin style={{ margin: 48 }} data-test="explore-loading" />;
  return <ExploreLayout banner={data?.message && !toastMessage ? <Alert type="warning" title={data.message} banner /> : null} />;
}

/** The chart explorer page body; with `?standalone=1` only the chart (Superset's standalone view). */
export function ExploreView() {
  const [params] = useSearchParams();
  if (isStandaloneParam(params.get('standalone'))) return <StandaloneExplore />;
  return (
    <ExploreStateProvider>
      <ExploreLoader />
    </ExploreStateProvider>
  );
}
