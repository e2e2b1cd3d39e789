import { useDispatch, useSelector, useStore } from 'react-redux';
import { Button, Tooltip, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { isActiveCrossFilter, type DataMask } from '@tessera/core';
import { componentOfChart, tabsForComponent } from '../../page/anchorTabs';
import { selectLayout } from '../../page/layoutBridge';
import { dashboardStateActions, selectDashboardState } from '../../state/dashboardStateSlice';

export interface CrossFiltersSectionProps {
  orientation: 'VERTICAL' | 'HORIZONTAL';
}

/** The values a cross-filter selects, as the bar shows them. */
function maskValue(mask: DataMask): string {
  const labels = mask.filterState?.selectedValues;
  if (Array.isArray(labels) && labels.length > 0) return labels.map(String).join(', ');
  return (mask.extraFormData?.filters ?? []).map((f) => (f.op === 'IS NULL' ? '<NULL>' : String(f.val))).join(', ');
}

/**
 * The filter bar's "Cross-filters" section (facts §4.2): one line per active cross-filter with the emitting chart's
 * name (click: scroll to the chart), its column and value, and a clear button. Nothing when there is none.
 */
export function CrossFiltersSection({ orientation }: CrossFiltersSectionProps) {
  const dispatch = useDispatch();
  const store = useStore();
  const dataMask = useSelector((s: object) => selectDashboardState(s).dataMask);
  const charts = useSelector((s: object) => selectDashboardState(s).charts);
  const enabled = useSelector((s: object) => selectDashboardState(s).metadata.cross_filters_enabled !== false);
  const active = enabled ? Object.values(dataMask).filter(isActiveCrossFilter) : [];
  if (active.length === 0) return null;

  const scrollToChart = (chartId: number) => {
    const state = store.getState() as object;
    const layout = selectLayout(state as never);
    const component = componentOfChart(layout, chartId);
    const tabs = component ? tabsForComponent(layout, component, selectDashboardState(state).activeTabs) : null;
    if (tabs) dispatch(dashboardStateActions.setActiveTabs(tabs));
    // After the tab switch has rendered.
    setTimeout(() => document.querySelector(`[data-test="dashboard-component-chart-holder"][data-chart-id="${chartId}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'center' }), 0);
  };
  const horizontal = orientation === 'HORIZONTAL';
  return (
    <section data-test="cross-filters-section" aria-label="Cross-filters" style={horizontal ? { display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' } : { marginBottom: 16 }}>
      <Typography.Text strong>Cross-filters</Typography.Text>
      {active.map((mask) => {
        const chartId = Number(mask.id);
        const columns = (mask.extraFormData?.filters ?? []).map((f) => f.col).join(', ');
        return (
          <div
            key={mask.id}
            data-test="cross-filter-item"
            data-chart-id={chartId}
            style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '4px 8px', border: '1px solid var(--ant-color-border-secondary, #f0f0f0)', borderRadius: 6, marginTop: horizontal ? 0 : 8 }}
          >
            <div style={{ flex: 1, minWidth: 0 }}>
              <Typography.Link onClick={() => scrollToChart(chartId)} data-test="cross-filter-chart-name" ellipsis>
                {charts[chartId]?.slice_name ?? `Chart ${chartId}`}
              </Typography.Link>
              <div>
                <Typography.Text type="secondary" data-test="cross-filter-column">
                  {columns}
                </Typography.Text>{' '}
                <Typography.Text strong data-test="cross-filter-value">
                  {maskValue(mask)}
                </Typography.Text>
              </div>
            </div>
            <Tooltip title="Clear">
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label="Clear cross-filter"
                data-test="cross-filter-clear"
                onClick={() => dispatch(dashboardStateActions.clearDataMask(mask.id))}
              />
            </Tooltip>
          </div>
        );
      })}
    </section>
  );
}
