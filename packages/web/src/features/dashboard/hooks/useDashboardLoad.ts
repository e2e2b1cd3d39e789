import { useEffect, useMemo, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { parseJsonMetadata, withScopesFilled, type DashboardLayout, type DataMaskState } from '@tessera/core';
import {
  useGetDashboardChartsQuery,
  useGetDashboardDatasetsQuery,
  useGetDashboardPermalinkQuery,
  useGetDashboardQuery,
  useLazyGetFilterStateQuery,
  type DashboardDetail,
  type DashboardPermalinkState,
} from '../../../api/dashboardApi';
import { httpStatus } from '../../../api/httpTypes';
import { initialLayout, layoutLoaded, parseLayout } from '../page/layoutBridge';
import type { DashboardAddress } from '../page/dashboardAddress';
import { releaseDashboardPreload } from '../page/preloadDashboard';
import { dashboardStateActions, type DashboardState } from '../state/dashboardStateSlice';
import { initialDataMask, nativeFiltersOf } from '../nativeFilters';
import { useDashboardPermissions } from './useDashboardPermissions';

export type DashboardLoadStatus =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'forbidden'; error: unknown }
  | { kind: 'error'; error: unknown }
  | { kind: 'ready' };

/** What was loaded, kept to restore on Discard and to rewrite the address. */
export interface LoadedDashboard {
  info: NonNullable<DashboardState['info']>;
  metadata: DashboardState['metadata'];
  layout: DashboardLayout;
  /** The permalink's state when the page was opened from one. */
  permalink: DashboardPermalinkState | null;
}

function lastModified(show: DashboardDetail): number | null {
  if (typeof show.last_modified_time === 'number') return show.last_modified_time;
  const parsed = Date.parse(show.changed_on.endsWith('Z') || show.changed_on.includes('+') ? show.changed_on : `${show.changed_on}Z`);
  return Number.isFinite(parsed) ? parsed / 1000 : null;
}

function parseDataMask(text: string | undefined): DataMaskState | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as DataMaskState) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Loads the dashboard (spec §7): a permalink first when the address names one, then the dashboard, its charts and its
 * datasets in parallel (one request each), the filter state of `native_filters_key`, and hands them to the store and the
 * layout. Edit mode starts only for editors who asked for it. (`force=true` reaches the charts through ChartHolderContext.)
 */
export function useDashboardLoad(idOrSlug: string | undefined, address: DashboardAddress, permalinkKey: string | null) {
  const dispatch = useDispatch();
  const permalink = useGetDashboardPermalinkQuery(permalinkKey ?? '', { skip: !permalinkKey });
  const [loaded, setLoaded] = useState<LoadedDashboard | null>(null);
  const requested = permalinkKey ? (permalink.currentData ? String(permalink.currentData.dashboardId) : undefined) : idOrSlug;
  // An address that names the open dashboard another way (its slug after a rename, its id after a permalink) does not
  // load it again: the page keeps its state (the permalink's tabs and filters, unsaved edits).
  const [target, setTarget] = useState(requested);
  const namesLoaded = (ref: string) => loaded !== null && (ref === String(loaded.info.id) || ref === loaded.info.slug);
  if (requested !== undefined && requested !== target && !namesLoaded(requested)) setTarget(requested);
  const skip = !target;
  const show = useGetDashboardQuery(target ?? '', { skip });
  const charts = useGetDashboardChartsQuery(target ?? '', { skip });
  const datasets = useGetDashboardDatasetsQuery(target ?? '', { skip });
  // After the queries above subscribed (effects run in order): answers the address preloaded are ours now.
  useEffect(() => releaseDashboardPreload(target), [target]);
  const [fetchFilterState, filterState] = useLazyGetFilterStateQuery();
  const permissions = useDashboardPermissions(show.currentData ?? null);
  const loadedFor = useRef<string | null>(null);

  // The key the dashboard was opened with: the page writes its own key into the address later, which must not load
  // the dashboard's filter state again.
  const [openedWith, setOpenedWith] = useState({ target, key: address.nativeFiltersKey });
  if (openedWith.target !== target) setOpenedWith({ target, key: address.nativeFiltersKey });
  const nativeFiltersKey = openedWith.target === target ? openedWith.key : address.nativeFiltersKey;
  const wantsFilterState = Boolean(nativeFiltersKey) && !permalinkKey;
  useEffect(() => {
    if (wantsFilterState && show.currentData && nativeFiltersKey) {
      void fetchFilterState({ id: show.currentData.id, key: nativeFiltersKey });
    }
  }, [wantsFilterState, show.currentData, nativeFiltersKey, fetchFilterState]);

  const filterStateSettled = !wantsFilterState || filterState.isSuccess || filterState.isError;
  const ready = Boolean(show.currentData && charts.currentData && datasets.currentData && permissions.known && filterStateSettled);

  useEffect(() => {
    if (!ready || !show.currentData || !charts.currentData || !datasets.currentData) return;
    // Once per dashboard: a refetch of the same one (a cache tag invalidated elsewhere) must not drop unsaved edits.
    const key = String(show.currentData.id);
    if (loadedFor.current === key) return;
    loadedFor.current = key;
    const { position_json: positionJson, json_metadata: jsonMetadata, ...info } = show.currentData;
    const layout = initialLayout(parseLayout(positionJson), charts.currentData);
    // The charts each filter reaches follow the layout, charts added since its scope was saved included.
    const metadata = withScopesFilled(parseJsonMetadata(jsonMetadata), layout);
    const state = permalink.currentData?.state ?? null;
    dispatch(
      dashboardStateActions.dashboardLoaded({
        info,
        metadata,
        charts: charts.currentData,
        datasets: datasets.currentData,
        editMode: address.edit && permissions.canEdit,
        lastModifiedTime: lastModified(show.currentData),
        activeTabs: Array.isArray(state?.activeTabs) ? state.activeTabs.filter((tab) => typeof tab === 'string') : undefined,
        // Filter values are in the store before any chart queries: a chart never runs unfiltered first.
        dataMask: initialDataMask(nativeFiltersOf(metadata), {
          rison: address.nativeFilters,
          permalink: state?.dataMask,
          filterState: parseDataMask(filterState.data?.value),
        }),
      }),
    );
    dispatch(layoutLoaded(layout));
    setLoaded({ info, metadata, layout, permalink: state });
    // Only a new dashboard loads; address changes after the load (anchor, full screen) do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, show.currentData, charts.currentData, datasets.currentData]);

  useEffect(
    () => () => {
      dispatch(dashboardStateActions.dashboardUnloaded());
    },
    [dispatch],
  );

  const status = useMemo((): DashboardLoadStatus => {
    const failure = permalink.error ?? show.error ?? charts.error ?? datasets.error;
    if (failure) {
      const code = httpStatus(failure);
      if (code === 404) return { kind: 'notFound' };
      if (code === 403) return { kind: 'forbidden', error: failure };
      return { kind: 'error', error: failure };
    }
    return loaded && ready ? { kind: 'ready' } : { kind: 'loading' };
  }, [permalink.error, show.error, charts.error, datasets.error, loaded, ready]);

  return { status, loaded, setLoaded, canEdit: permissions.canEdit, canSaveAs: permissions.canSaveAs };
}
