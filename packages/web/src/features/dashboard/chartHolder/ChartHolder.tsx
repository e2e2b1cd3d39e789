import { Suspense, useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Alert, theme } from 'antd';
import { DASHBOARD_MESSAGES, type CrossFilterSelection } from '@tessera/core';
import { usePermissions } from '../../auth';
import { ChartContainer, type ChartRuntimeState } from '../../chart';
import { EChartAnimationContext } from '../../../viz/echarts/chartAnimation';
import { useDashboardPermissions } from '../hooks/useDashboardPermissions';
import { dashboardStateActions, selectDashboardState } from '../state/dashboardStateSlice';
import { WaitingForFilters } from '../nativeFilters';
import { useChartHolderSettings } from './ChartHolderContext';
import { FilterBadge } from './components/FilterBadge';
import { SliceDescription } from './components/SliceDescription';
import { SLICE_HEADER_HEIGHT, SliceHeader } from './components/SliceHeader';
import { canDrillBy, drillByColumns, type DrillFilter } from './drill/drillQueries';
import { useChartHolderActions } from './hooks/useChartHolderActions';
import { useChartHolderData } from './hooks/useChartHolderData';
import { useCrossFilter } from './hooks/useCrossFilter';
import { useElementSize } from './hooks/useElementSize';
import { useFilterIndicators } from './hooks/useFilterIndicators';
import { useForceOnce } from './hooks/useForceOnce';
import { ChartContextMenu, CrossFilterScopingModal, DrillByModal, DrillDetailModal, ViewQueryModal, ViewResultsModal } from './lazyParts';
import { useViewportSize } from './hooks/useViewportSize';
import { focusFilterInBar } from './utils/focusFilterInBar';
import { lastQueriedText } from './utils/lastQueried';

export interface ChartHolderProps {
  chartId: number;
  componentId: string;
  width: number;
  height: number;
  /** False while the chart is in a hidden tab or far off screen: it does not query until it has been visible once. */
  isComponentVisible: boolean;
  sliceNameOverride?: string;
  onSliceNameChange?: (name: string) => void;
  editMode: boolean;
}

type OpenModal =
  | { kind: 'query' }
  | { kind: 'results' }
  | { kind: 'detail'; filters: DrillFilter[] }
  | { kind: 'drillBy'; column: string; filters: DrillFilter[] }
  | { kind: 'crossFilterScoping' }
  | null;

/** Padding around a full-screen chart. */
const FULL_SIZE_PADDING = 16;

/**
 * One chart on a dashboard: its header (title, description, last-queried time, menu), the chart sized to what is
 * left of the slot (or of the window in full screen), the right-click drill menu and the modals the menus open.
 */
export function ChartHolder(props: ChartHolderProps) {
  const { chartId, componentId, width, height, isComponentVisible, sliceNameOverride, onSliceNameChange, editMode } = props;
  const dispatch = useDispatch();
  const settings = useChartHolderSettings();
  const { can } = usePermissions();
  const { token } = theme.useToken();
  const { chart, datasource, refresh, dashboardId, formData, renderFormData, isExpanded, isFullSize, waitingForFilters } = useChartHolderData(chartId);
  // Mounted on first sight and kept: a chart scrolled away or in a tab left keeps its drawing and its answer.
  const [seen, setSeen] = useState(isComponentVisible);
  if (isComponentVisible && !seen) setSeen(true);
  const [runtime, setRuntime] = useState<ChartRuntimeState | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [modal, setModal] = useState<OpenModal>(null);
  const [contextMenu, setContextMenu] = useState<{ x: number; y: number; filters: DrillFilter[]; crossFilter: CrossFilterSelection | null } | null>(null);
  const chartNode = useRef<HTMLDivElement | null>(null);
  const viewport = useViewportSize(isFullSize);
  const description = chart?.description?.trim() ?? '';
  const showDescription = isExpanded && description.length > 0;
  const [descriptionRef, descriptionSize] = useElementSize<HTMLDivElement>({ width: 0, height: 0 }, showDescription);
  const refreshKey = refresh?.key ?? 0;
  const force = useForceOnce(refreshKey, refresh ? refresh.force : settings.forceFirstLoad, formData);
  const sliceName = sliceNameOverride || chart?.slice_name || '';
  const actions = useChartHolderActions(formData, sliceName, chartNode);
  const crossFilter = useCrossFilter(chartId, formData?.viz_type, editMode);
  const indicators = useFilterIndicators(chartId, runtime);
  const { canEdit } = useDashboardPermissions(useSelector((s: object) => selectDashboardState(s).info));

  const exitFullSize = useCallback(() => dispatch(dashboardStateActions.setFullSizeChart(null)), [dispatch]);
  useEffect(() => {
    if (!isFullSize) return undefined;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && exitFullSize();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isFullSize, exitFullSize]);

  const controlsHidden = settings.hideChartControls || settings.reportMode;
  const menuEnabled = !controlsHidden && !editMode;
  const onContextMenu = useCallback((event: { clientX: number; clientY: number; filters: DrillFilter[]; crossFilter?: CrossFilterSelection | null }) => {
    setContextMenu({ x: event.clientX, y: event.clientY, filters: event.filters, crossFilter: event.crossFilter ?? null });
  }, []);
  // A right-click the renderer did not take (a big number, an empty spot of a chart) opens the menu without filters.
  const onChartAreaContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    if (!menuEnabled || event.isDefaultPrevented() || event.nativeEvent.defaultPrevented) return;
    event.preventDefault();
    setContextMenu({ x: event.clientX, y: event.clientY, filters: [], crossFilter: null });
  };

  if (!chart || !formData || !renderFormData) {
    return (
      <div data-test="dashboard-component-chart-holder" data-chart-id={chartId} style={{ width, height, padding: 8 }}>
        <Alert type="warning" showIcon title={DASHBOARD_MESSAGES.missingChartDefinition} data-test="missing-chart" />
      </div>
    );
  }

  const outer = isFullSize ? { width: viewport.width - 2 * FULL_SIZE_PADDING, height: viewport.height - 2 * FULL_SIZE_PADDING } : { width, height };
  const chartWidth = Math.max(0, outer.width);
  const chartHeight = Math.max(0, outer.height - SLICE_HEADER_HEIGHT - (showDescription ? descriptionSize.height : 0));
  const canDrillToDetail = can('can_read', 'Dataset') && datasource !== undefined;
  const drillColumns = canDrillBy(formData) ? drillByColumns(datasource, formData) : [];
  const canExplore = can('can_explore', 'Superset');
  const lastQueried = lastQueriedText(runtime, now);

  return (
    <div
      data-test="dashboard-component-chart-holder"
      data-chart-id={chartId}
      data-component-id={componentId}
      data-full-size={isFullSize || undefined}
      className="dashboard-component-chart-holder"
      style={
        isFullSize
          ? { position: 'fixed', inset: 0, zIndex: 1000, padding: FULL_SIZE_PADDING, background: token.colorBgContainer }
          : { width, height, position: 'relative' }
      }
    >
      <SliceHeader
        title={sliceName}
        editMode={editMode}
        onTitleChange={onSliceNameChange}
        hasDescription={description.length > 0}
        isExpanded={isExpanded}
        onToggleDescription={() => dispatch(dashboardStateActions.toggleExpandSlice(chartId))}
        lastQueried={lastQueried}
        onRefreshTimes={() => setNow(Date.now())}
        hideControls={controlsHidden}
        menu={{
          isFullSize,
          drillByColumns: drillColumns,
          canDownload: can('can_csv', 'Superset'),
          canShare: can('can_share_chart', 'Superset'),
          canExplore,
          canDrillToDetail,
          onForceRefresh: () => dispatch(dashboardStateActions.refreshCharts({ chartIds: [chartId], force: true })),
          onToggleFullSize: () => dispatch(dashboardStateActions.setFullSizeChart(isFullSize ? null : chartId)),
          onExplore: () => window.open(`/explore/?slice_id=${chartId}${dashboardId ? `&dashboard_page_id=${dashboardId}` : ''}`, '_blank', 'noopener'),
          onViewQuery: () => setModal({ kind: 'query' }),
          onViewResults: () => setModal({ kind: 'results' }),
          onDrillToDetail: () => setModal({ kind: 'detail', filters: [] }),
          onDrillBy: (column) => setModal({ kind: 'drillBy', column, filters: [] }),
          onCopyPermalink: () => void actions.copyPermalink(),
          onDownload: (format) => void (format === 'png' ? actions.downloadImage() : actions.download(format)),
          onCrossFilterScoping: canEdit && crossFilter.onCrossFilter ? () => setModal({ kind: 'crossFilterScoping' }) : undefined,
        }}
        filterBadge={<FilterBadge indicators={indicators} onFocusFilter={focusFilterInBar} />}
      />
      {showDescription ? <SliceDescription ref={descriptionRef} markdown={description} /> : null}
      <div ref={chartNode} data-test="slice-chart" style={{ width: chartWidth, height: chartHeight }} onContextMenu={onChartAreaContextMenu}>
        {seen && waitingForFilters ? (
          <WaitingForFilters />
        ) : seen ? (
          // No easing-in on a dashboard: many charts animating at once hold the page's first paint back.
          <EChartAnimationContext value={false}>
            <ChartContainer
              formData={formData}
              renderFormData={renderFormData}
              datasource={datasource}
              width={chartWidth}
              height={chartHeight}
              force={force}
              refreshKey={refreshKey}
              sliceId={chartId}
              dashboardId={dashboardId}
              onStatus={setRuntime}
              onContextMenu={menuEnabled ? onContextMenu : undefined}
              onCrossFilter={crossFilter.onCrossFilter}
              crossFilterSelection={crossFilter.selection}
            />
          </EChartAnimationContext>
        ) : null}
      </div>
      <Suspense fallback={null}>
        {contextMenu ? (
          <ChartContextMenu
            {...contextMenu}
            canDrillToDetail={canDrillToDetail}
            drillByColumns={canExplore ? drillColumns : []}
            onDrillToDetail={(filters) => setModal({ kind: 'detail', filters })}
            onDrillBy={(column, filters) => setModal({ kind: 'drillBy', column, filters })}
            crossFilter={contextMenu.crossFilter && crossFilter.onCrossFilter ? { isSelected: crossFilter.isSelected(contextMenu.crossFilter) } : null}
            onCrossFilter={() => contextMenu.crossFilter && crossFilter.onCrossFilter?.(contextMenu.crossFilter)}
            onClose={() => setContextMenu(null)}
          />
        ) : null}
        {modal?.kind === 'crossFilterScoping' ? <CrossFilterScopingModal open initialChartId={chartId} onClose={() => setModal(null)} /> : null}
        {modal?.kind === 'query' ? <ViewQueryModal formData={formData} onClose={() => setModal(null)} /> : null}
        {modal?.kind === 'results' ? <ViewResultsModal title={sliceName} formData={formData} onClose={() => setModal(null)} /> : null}
        {modal?.kind === 'detail' ? <DrillDetailModal title={sliceName} formData={formData} initialFilters={modal.filters} onClose={() => setModal(null)} /> : null}
        {modal?.kind === 'drillBy' ? (
          <DrillByModal
            title={sliceName}
            column={modal.column}
            formData={formData}
            renderFormData={renderFormData}
            datasource={datasource}
            filters={modal.filters}
            dashboardId={dashboardId}
            onClose={() => setModal(null)}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
