import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { Flex, Skeleton } from 'antd';
import { STANDALONE_DASHBOARD } from '@tessera/core';
import { isFeatureEnabled } from '../../../app/featureFlags';
import { ChartRenderQueueContext, createRenderQueue } from '../../chart';
import { ChartHolderContext, type ChartHolderSettings } from '../chartHolder';
import { useAutoRefresh } from '../hooks/useAutoRefresh';
import { useDashboardLoad } from '../hooks/useDashboardLoad';
import { useScrollToComponent } from '../hooks/useScrollToComponent';
import { useUnsavedChangesGuard } from '../hooks/useUnsavedChangesGuard';
import { FilterBar, filterBarOrientation, useFilterStateAddress } from '../nativeFilters';
import { DashboardHeader } from '../header/DashboardHeader';
import { OverwriteConfirmModal } from '../save/OverwriteConfirmModal';
import { useSaveDashboard } from '../save/useSaveDashboard';
import { dashboardStateActions, selectDashboardState } from '../state/dashboardStateSlice';
import { DashboardAccessError } from './DashboardAccessError';
import { addressFromPermalink, dashboardPath, parseDashboardAddress, withParam } from './dashboardAddress';
import { DashboardGrid, layoutLoaded, loadBuilderPanel, selectLayout, selectLayoutChanged } from './layoutBridge';
import { LeaveConfirmModal, DiscardConfirmModal } from './UnsavedChangesModals';
import { useReportRenderState } from './useReportRenderState';

// Only editors in edit mode need the builder panel.
const BuilderPanel = lazy(() => loadBuilderPanel().then((m) => ({ default: m.BuilderPanel })));

export interface DashboardViewProps {
  /** The route's id or slug; absent on the permalink route. */
  idOrSlug?: string;
  /** The permalink route's key. */
  permalinkKey?: string;
  /** What a 404 shows (the app's Not Found page). */
  notFound: ReactNode;
}

/** The dashboard page (spec §2): loads, then shows the header, the grid and, in edit mode, the builder. */
export function DashboardView({ idOrSlug, permalinkKey, notFound }: DashboardViewProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const store = useStore();
  const address = useMemo(() => parseDashboardAddress(location.search, location.hash), [location.search, location.hash]);
  const key = permalinkKey ?? address.permalinkKey;
  const { status, loaded, setLoaded, canEdit, canSaveAs } = useDashboardLoad(idOrSlug, address, key);
  const { info, editMode, hasUnsavedChanges } = useSelector((state: object) => selectDashboardState(state));
  const layoutChanged = useSelector(selectLayoutChanged);
  const unsaved = editMode && (layoutChanged || hasUnsavedChanges);
  const isUnsavedNow = useCallback(() => {
    const state = store.getState() as never;
    const current = selectDashboardState(state);
    return current.editMode && (current.hasUnsavedChanges || selectLayoutChanged(state));
  }, [store]);
  const blocker = useUnsavedChangesGuard(unsaved, isUnsavedNow);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const contentRef = useRef<HTMLDivElement>(null);
  // Charts whose answers land together draw a few at a time, with paints between (the first screen shows first).
  const [renderQueue] = useState(createRenderQueue);
  const ready = status.kind === 'ready';

  useAutoRefresh();
  // Applied filter values live under `native_filters_key` (not while a permalink is being opened, nor in report mode).
  useFilterStateAddress(ready && !key && !address.reportMode);
  const orientation = useSelector((state: object) => filterBarOrientation(selectDashboardState(state).metadata));
  useScrollToComponent(ready, loaded?.permalink?.anchor ?? address.anchor, address.focusedChartId);

  // A permalink (route or `permalink_key`) opens on the dashboard's own address, with the parameters it kept.
  useEffect(() => {
    if (!ready || !key || !loaded) return;
    const path = addressFromPermalink(dashboardPath(loaded.info), loaded.permalink?.urlParams, loaded.permalink?.anchor);
    void navigate(path, { replace: true });
  }, [ready, key, loaded, navigate]);

  const title = info?.dashboard_title;
  useEffect(() => {
    if (!title) return undefined;
    const prior = document.title;
    document.title = title;
    return () => {
      document.title = prior;
    };
  }, [title]);

  /** The address follows the slug, and leaves `edit=true` once editing ends. */
  const rewriteAddress = useCallback(
    (slugSource: { id: number; slug?: string | null }, dropEdit: boolean) => {
      const search = dropEdit ? withParam(location.search, 'edit', null) : location.search;
      const next = `${dashboardPath(slugSource)}${search}${location.hash}`;
      if (next !== `${location.pathname}${location.search}${location.hash}`) void navigate(next, { replace: true });
    },
    [location.pathname, location.search, location.hash, navigate],
  );

  const onSaved = useCallback(
    (saved: NonNullable<typeof info>) => {
      const current = selectDashboardState(store.getState() as object);
      setLoaded((prior) => (prior ? { ...prior, info: saved, metadata: current.metadata, layout: selectLayout(store.getState() as never) } : prior));
      rewriteAddress(saved, true);
    },
    [store, setLoaded, rewriteAddress],
  );
  const saving = useSaveDashboard(onSaved);

  const discard = useCallback(() => {
    if (!loaded) return;
    dispatch(dashboardStateActions.saveFinished({ info: loaded.info, metadata: loaded.metadata }));
    dispatch(dashboardStateActions.setRefreshFrequency({ seconds: loaded.metadata.refresh_frequency ?? 0, persist: false }));
    dispatch(layoutLoaded(loaded.layout));
    dispatch(dashboardStateActions.setUnsavedChanges(false));
    dispatch(dashboardStateActions.setEditMode(false));
    setConfirmDiscard(false);
    rewriteAddress(loaded.info, true);
  }, [dispatch, loaded, rewriteAddress]);

  const onPropertiesSaved = useCallback(() => {
    const current = selectDashboardState(store.getState() as object);
    if (!current.info) return;
    setLoaded((prior) => (prior && current.info ? { ...prior, info: current.info, metadata: current.metadata } : prior));
    rewriteAddress(current.info, false);
  }, [store, setLoaded, rewriteAddress]);

  const settings = useMemo<ChartHolderSettings>(
    () => ({ hideChartControls: address.hideChartControls, reportMode: address.reportMode, forceFirstLoad: address.force }),
    [address.hideChartControls, address.reportMode, address.force],
  );
  const getContentElement = useCallback(() => contentRef.current, []);
  const reportState = useReportRenderState(address.reportMode, contentRef);
  const reportAttributes = address.reportMode ? { 'data-test': STANDALONE_DASHBOARD.testId, [STANDALONE_DASHBOARD.stateAttribute]: reportState } : {};

  if (address.reportMode && (status.kind === 'notFound' || status.kind === 'forbidden' || status.kind === 'error')) {
    // The screenshot renderer waits on this element: say at once that there is nothing to picture, and why.
    const reason = status.kind === 'notFound' ? 'Not found' : status.kind === 'forbidden' ? 'Forbidden' : 'The dashboard could not be loaded';
    return <div {...{ 'data-test': STANDALONE_DASHBOARD.testId, [STANDALONE_DASHBOARD.stateAttribute]: 'failed', [STANDALONE_DASHBOARD.errorAttribute]: reason }} />;
  }
  if (status.kind === 'notFound') return <>{notFound}</>;
  if (status.kind === 'forbidden' || status.kind === 'error') return <DashboardAccessError error={status.error} forbidden={status.kind === 'forbidden'} />;
  // A permalink's dashboard is about to move to its own address (with the kept display parameters): no flash before.
  if (!ready || !info || key) {
    return (
      <div data-test="dashboard-loading" aria-busy="true">
        <Skeleton active title paragraph={{ rows: 1 }} />
        <Skeleton.Node active style={{ width: '100%', height: 320 }} />
      </div>
    );
  }

  // Hidden (still mounted, its controls still give first values) in edit mode and in report mode, as Superset's.
  const filterBar = (
    <FilterBar canEdit={canEdit} hidden={editMode || address.reportMode} expandFilters={address.expandFilters} onMetadataSaved={onPropertiesSaved} />
  );

  return (
    <div data-test="dashboard-page" data-edit-mode={editMode ? 'true' : 'false'}>
      {!address.hideTitle ? (
        <DashboardHeader
          canEdit={canEdit}
          canSaveAs={canSaveAs}
          saving={saving.saving}
          onEdit={() => dispatch(dashboardStateActions.setEditMode(true))}
          onSave={() => void saving.save()}
          onDiscard={() => (unsaved ? setConfirmDiscard(true) : discard())}
          onPropertiesSaved={onPropertiesSaved}
          getContentElement={getContentElement}
        />
      ) : null}
      {orientation === 'HORIZONTAL' ? filterBar : null}
      <Flex gap={16} align="flex-start">
        {orientation === 'VERTICAL' ? filterBar : null}
        <div ref={contentRef} className="dashboard" data-test="dashboard-content" style={{ flex: 1, minWidth: 0 }} {...reportAttributes}>
          <ChartHolderContext value={settings}>
            <ChartRenderQueueContext value={renderQueue}>
              <DashboardGrid reportMode={address.reportMode} hideTab={address.hideTab} escapeMarkdownHtml={isFeatureEnabled('ESCAPE_MARKDOWN_HTML')} />
            </ChartRenderQueueContext>
          </ChartHolderContext>
        </div>
        {editMode ? (
          <Suspense fallback={<Skeleton active style={{ width: 320 }} />}>
            <BuilderPanel />
          </Suspense>
        ) : null}
      </Flex>
      {saving.pendingOverwrite ? (
        <OverwriteConfirmModal
          fields={saving.pendingOverwrite.fields}
          saving={saving.saving}
          onConfirm={() => void saving.confirmOverwrite()}
          onCancel={saving.cancelOverwrite}
        />
      ) : null}
      {confirmDiscard ? <DiscardConfirmModal onConfirm={discard} onCancel={() => setConfirmDiscard(false)} /> : null}
      {blocker.state === 'blocked' ? <LeaveConfirmModal onLeave={() => blocker.proceed()} onStay={() => blocker.reset()} /> : null}
    </div>
  );
}
