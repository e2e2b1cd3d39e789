import { useDeferredValue, useMemo, useState } from 'react';
import { useSelector, useStore } from 'react-redux';
import { Alert, Button, Empty, Flex, Input, Select, Spin, Tag, Typography, theme } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ChartListItem } from '@tessera/core';
import { useListChartsQuery } from '../../../api/chartApi';
import type { ListParams } from '../../../api/listQuery';
import { chartIdsInLayout } from '../layout/layoutRules';
import { selectLayout, type DashboardLayoutRootState, useLayoutDispatch } from '../state/dashboardLayoutSlice';
import { selectDashboardState } from '../state/dashboardStateSlice';
import { appendDestination } from './appendDestination';
import { endDrag, startDrag } from './dragState';
import { dropOnLayout } from './dropOnLayout';

/** Spec §9: saved charts are fetched 200 at a time. */
export const CHARTS_PANE_PAGE_SIZE = 200;

const SORTS = {
  changed_on: { label: 'Sort by recent', order_column: 'changed_on', order_direction: 'desc' },
  slice_name: { label: 'Sort by name', order_column: 'slice_name', order_direction: 'asc' },
  viz_type: { label: 'Sort by viz type', order_column: 'viz_type', order_direction: 'asc' },
} as const;
type SortKey = keyof typeof SORTS;

export function chartsPaneQuery(search: string, sort: SortKey): ListParams {
  const text = search.trim();
  return {
    filters: text ? [{ col: 'slice_name', opr: 'chart_all_text', value: text }] : [],
    order_column: SORTS[sort].order_column,
    order_direction: SORTS[sort].order_direction,
    page: 0,
    page_size: CHARTS_PANE_PAGE_SIZE,
  };
}

function ChartCard({ chart, added, onAdd }: { chart: ChartListItem; added: boolean; onAdd: () => void }) {
  const { token } = theme.useToken();
  return (
    <Flex
      draggable={!added}
      data-test="chart-card"
      data-chart-id={chart.id}
      vertical
      gap={2}
      onDragStart={(event) => startDrag(event, { kind: 'new', spec: { type: 'CHART', chartId: chart.id }, chart })}
      onDragEnd={endDrag}
      style={{
        padding: '8px 12px',
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        cursor: added ? 'default' : 'grab',
        opacity: added ? 0.6 : 1,
        background: token.colorBgContainer,
      }}
    >
      <Flex align="center" gap={8}>
        <Typography.Text strong ellipsis style={{ flex: 1 }} title={chart.slice_name}>
          {chart.slice_name}
        </Typography.Text>
        {added ? (
          <Tag color="blue" data-test="chart-card-added">
            Added
          </Tag>
        ) : (
          <Button size="small" type="text" aria-label={`Add ${chart.slice_name}`} icon={<PlusOutlined />} onClick={onAdd} />
        )}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {chart.viz_type} · {chart.datasource_name_text ?? ''} · Modified {chart.changed_on_delta_humanized}
      </Typography.Text>
    </Flex>
  );
}

/** The user's charts to drag onto the dashboard: search, sort, and an "Added" marker on those already placed. */
export function ChartsPane() {
  const dispatch = useLayoutDispatch();
  const store = useStore();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortKey>('changed_on');
  const deferredSearch = useDeferredValue(search);
  const { data, isFetching, error } = useListChartsQuery(chartsPaneQuery(deferredSearch, sort));
  const layout = useSelector((state: DashboardLayoutRootState) => selectLayout(state));
  const added = useMemo(() => chartIdsInLayout(layout), [layout]);
  const addAtEnd = (chart: ChartListItem) => {
    const state = store.getState() as object;
    const destination = appendDestination(selectLayout(state), selectDashboardState(state).activeTabs);
    if (destination) void dispatch(dropOnLayout({ kind: 'new', spec: { type: 'CHART', chartId: chart.id }, chart }, destination));
  };
  const charts = data?.result ?? [];
  return (
    <Flex vertical gap={8} data-test="dashboard-charts-pane" style={{ minHeight: 0 }}>
      <Input.Search allowClear placeholder="Filter your charts" aria-label="Filter your charts" value={search} onChange={(event) => setSearch(event.target.value)} />
      <Select<SortKey>
        aria-label="Sort charts"
        value={sort}
        onChange={setSort}
        options={Object.entries(SORTS).map(([value, { label }]) => ({ value: value as SortKey, label }))}
      />
      {error ? <Alert type="error" showIcon title="The charts could not be loaded." /> : null}
      <Spin spinning={isFetching}>
        <Flex vertical gap={6}>
          {charts.map((chart) => (
            <ChartCard key={chart.id} chart={chart} added={added.has(chart.id)} onAdd={() => addAtEnd(chart)} />
          ))}
          {!isFetching && charts.length === 0 && !error ? <Empty description="No charts" image={Empty.PRESENTED_IMAGE_SIMPLE} /> : null}
        </Flex>
      </Spin>
    </Flex>
  );
}
