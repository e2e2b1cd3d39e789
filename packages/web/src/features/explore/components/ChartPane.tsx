import { useMemo } from 'react';
import { Alert, Button, Space, Tag, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { ChartContainer, ChartTimer, type ChartRuntimeState } from '../../chart';
import { useElementSize } from '../hooks/useElementSize';
import { refreshQuery } from '../state/exploreSlice';
import { useExploreDispatch, useExploreState } from '../state/ExploreContext';
import { selectIsStale, selectRenderFormData } from '../state/selectors';
import { EmptyState } from '../../../ui/EmptyState';
import { cachedAgo } from '../utils/cachedAgo';
import { isDatasourceMissing } from '../utils/missingDatasource';
import { rowCountText } from '../utils/rowCount';
import { DataPane } from './DataPane';

interface ChartPaneProps {
  chartState: ChartRuntimeState | null;
  onStatus: (state: ChartRuntimeState) => void;
}

const ROW_LIMIT_REACHED = 'The row limit set for the chart was reached. The chart may show partial data.';

/** The middle column: the chart (sized to the pane), its run status, and the data pane below. */
export function ChartPane({ chartState, onStatus }: ChartPaneProps) {
  const state = useExploreState();
  const dispatch = useExploreDispatch();
  const [ref, size] = useElementSize<HTMLDivElement>();
  const { queryFormData, formData, controls } = state;
  // Stable between unrelated re-renders, so the chart does not transform its answer again for nothing.
  const renderFormData = useMemo(() => selectRenderFormData({ queryFormData, formData, controls }), [queryFormData, formData, controls]);
  const stale = state.queryFormData !== null && selectIsStale(state);
  // Only an answer the chart is drawn from (not the last run's, kept under a stopped or failed one) is counted.
  const fresh = chartState?.chartStatus === 'success' || chartState?.chartStatus === 'rendered' ? (chartState.queriesResponse ?? null) : null;
  // The main query's rows: a table's row count, totals and percent-totals queries are not rows of the chart.
  // As Superset's row count label: the rows the SQL returned (a pivoted time series draws fewer), flagged when
  // they reach the chart's row limit (the chart may then show partial data) or are none.
  const main = fresh?.[0];
  const rows = main ? (main.sql_rowcount ?? main.rowcount ?? main.data?.length ?? 0) : 0;
  const rowLimit = Number(queryFormData?.row_limit ?? 0) || 0;
  const limitReached = rowLimit > 0 && rows === rowLimit;
  const cached = (fresh ?? []).some((q) => q.is_cached);
  // The oldest cached answer says how stale the chart may be.
  const cachedAt = (fresh ?? []).map((q) => q.cached_dttm).filter((t): t is string => typeof t === 'string').sort()[0] ?? null;
  // A chart without its dataset is never queried: the query could only answer 404.
  const missing = isDatasourceMissing(state.datasource);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', padding: 8, gap: 8 }} data-test="chart-pane">
      <Space style={{ justifyContent: 'flex-end', minHeight: 22 }}>
        {stale ? <Alert type="warning" showIcon banner title="Controls changed: click Update chart to apply them" style={{ padding: '0 8px' }} /> : null}
        {fresh ? (
          <Tooltip title={limitReached ? ROW_LIMIT_REACHED : undefined}>
            <Typography.Text type={limitReached || rows === 0 ? 'danger' : 'secondary'} data-test="chart-row-count">
              {rowCountText(rows)}
            </Typography.Text>
          </Tooltip>
        ) : null}
        {cached ? (
          // Superset's CachedLabel: when the answer was cached, and a click runs the query again.
          // The title is a function: "ago" is read when the tooltip opens, not when the pane last drew.
          <Tooltip title={() => `Loaded data cached ${cachedAgo(cachedAt, Date.now()) ?? 'earlier'}. Click to force-refresh`}>
            <Tag style={{ cursor: 'pointer' }} onClick={() => dispatch(refreshQuery())} data-test="cached-label">
              Cached
            </Tag>
          </Tooltip>
        ) : null}
        {state.queryFormData && !missing ? (
          <Tooltip title="Force refresh">
            <Button
              size="small"
              type="text"
              aria-label="Force refresh"
              icon={<ReloadOutlined />}
              disabled={chartState?.chartStatus === 'loading'}
              onClick={() => dispatch(refreshQuery())}
              data-test="force-refresh-button"
            />
          </Tooltip>
        ) : null}
        {chartState ? <ChartTimer startTime={chartState.chartUpdateStartTime} endTime={chartState.chartUpdateEndTime} running={chartState.chartStatus === 'loading'} /> : null}
      </Space>
      <div ref={ref} style={{ flex: 1, minHeight: 240, position: 'relative' }}>
        {missing ? (
          <EmptyState title="This chart has no dataset" description="Swap the dataset in the left panel to preview the chart." />
        ) : state.queryFormData && state.datasource ? (
          <ChartContainer
            formData={state.queryFormData}
            renderFormData={renderFormData ?? undefined}
            datasource={state.datasource}
            width={size.width}
            height={size.height}
            force={state.force}
            refreshKey={state.refreshKey}
            stopKey={state.stopKey}
            sliceId={state.slice?.slice_id ?? null}
            onStatus={onStatus}
          />
        ) : (
          <EmptyState title="Add required control values to preview chart" description="Select values in highlighted field(s) in the control panel. Then run the query by clicking on the 'Create chart' button." />
        )}
      </div>
      {state.datasource && !missing ? (
        // Open, the data pane takes at most half the column and scrolls inside; the chart keeps the rest.
        <div style={{ flexShrink: 0, maxHeight: '50%', overflow: 'auto' }}>
          <DataPane datasource={state.datasource} queriesResponse={chartState?.queriesResponse ?? null} chartStatus={chartState?.chartStatus ?? null} />
        </div>
      ) : null}
    </div>
  );
}
