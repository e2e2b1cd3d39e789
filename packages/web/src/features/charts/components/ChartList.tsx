import { useCallback, useMemo, useState, type Key } from 'react';
import { Link, useSearchParams } from 'react-router';
import { hasPermission } from '@tessera/core';
import { Button, Flex, Segmented, Select } from 'antd';
import { useListChartsQuery, type ChartListItem } from '../../../api/chartApi';
import { ROUTES } from '../../../routes';
import { EmptyState } from '../../../ui/EmptyState';
import { AppstoreOutlined, PlusOutlined } from '../../../ui/icons';
import { ListTable, type ListTableState } from '../../../ui/ListTable';
import { PageHeader } from '../../../ui/PageHeader';
import { useCurrentUser } from '../../auth';
import { ErrorMessage } from '../../errors';
import { ImportModal, ImportOutlined, useExportBundle } from '../../importExport';
import { useChartFavorites } from '../hooks/useChartFavorites';
import { chartColumns } from '../utils/chartColumns';
import {
  buildChartFilters,
  chartListSearchParams,
  parseChartListParams,
  type ChartFilterValues,
  type ChartListState,
  type ChartViewMode,
} from '../utils/chartListFilters';
import { UnorderedListOutlined } from '../utils/icons';
import { ChartCards } from './ChartCards';
import { ChartFilters } from './ChartFilters';
import { ChartPropertiesModal } from './ChartPropertiesModal';
import { DeleteChartsModal } from './DeleteChartsModal';
import { BulkSelectBar } from '../../../ui/BulkSelectBar';

const CARD_SORTS = [
  { value: 'slice_name:asc', label: 'Alphabetical' },
  { value: 'changed_on_delta_humanized:desc', label: 'Recently modified' },
  { value: 'changed_on_delta_humanized:asc', label: 'Least recently modified' },
];

/** `/chart/list/`: search, filter, sort, page (state kept in the address), list or cards, star, edit, delete one or many. */
export function ChartList() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseChartListParams(params), [params]);
  const { principal } = useCurrentUser();
  const canWrite = principal ? hasPermission(principal, 'can_write', 'Chart') : false;
  const canExport = principal ? hasPermission(principal, 'can_export', 'Chart') : false;
  const { exportIds } = useExportBundle('chart');
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Pick<ChartListItem, 'id' | 'slice_name'>[]>([]);
  const [bulkSelect, setBulkSelect] = useState(false);
  const [selected, setSelected] = useState<Key[]>([]);

  const update = useCallback(
    (patch: Partial<ChartListState>) => setParams(chartListSearchParams({ ...state, ...patch }), { replace: true }),
    [setParams, state],
  );
  const filters = buildChartFilters(state.filters);
  const { data, error, isFetching } = useListChartsQuery({
    filters,
    ...(state.table.sortColumn ? { order_column: state.table.sortColumn, order_direction: state.table.sortDirection ?? 'asc' } : {}),
    page: state.table.page,
    page_size: state.table.pageSize,
  });
  const rows = useMemo(() => data?.result ?? [], [data]);
  const ids = useMemo(() => rows.map((row) => row.id), [rows]);
  const favorites = useChartFavorites(ids);

  const actions = useMemo(
    () => ({
      canWrite,
      canExport,
      isStarred: favorites.isStarred,
      onToggleStar: (chart: ChartListItem) => void favorites.toggle(chart.id),
      onEdit: (chart: ChartListItem) => setEditing(chart.id),
      onDelete: (chart: ChartListItem) => setDeleting([chart]),
      onExport: (chart: ChartListItem) => void exportIds([chart.id]),
    }),
    [canWrite, canExport, favorites, exportIds],
  );
  const columns = useMemo(() => chartColumns(actions), [actions]);

  // Changing filters goes back to the first page but keeps the sort (and sorting keeps the filters).
  const onFiltersChange = (next: ChartFilterValues) => update({ filters: next, table: { ...state.table, page: 0 } });
  const onTableChange = (table: ListTableState) => update({ table });
  const toggleBulkSelect = () => {
    setBulkSelect((on) => !on);
    setSelected([]);
  };
  const deleteSelected = () => {
    const chosen = new Set(selected);
    setDeleting(rows.filter((row) => chosen.has(row.id)));
  };
  const filtered = filters.length > 0;
  const empty = (
    <EmptyState
      title={filtered ? 'No charts match your filters' : 'No charts yet'}
      description={filtered ? 'Try other filters.' : 'Charts are built from datasets in the chart explorer.'}
    >
      {filtered ? null : <Link to={ROUTES.datasets}>Pick a dataset to explore</Link>}
    </EmptyState>
  );

  return (
    <div data-test="chart-list-page">
      <PageHeader
        title="Charts"
        extra={
          <>
            {canWrite ? (
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-test="import-button">
                Import
              </Button>
            ) : null}
            {canWrite || canExport ? (
              <Button onClick={toggleBulkSelect} data-test="bulk-select">
                {bulkSelect ? 'Cancel bulk select' : 'Bulk select'}
              </Button>
            ) : null}
            {canWrite ? (
              <Link to={ROUTES.datasets}>
                <Button type="primary" icon={<PlusOutlined />} data-test="btn-new-chart">
                  Chart
                </Button>
              </Link>
            ) : null}
          </>
        }
      />
      <Flex justify="space-between" align="start" wrap gap={12}>
        <ChartFilters value={state.filters} onChange={onFiltersChange} />
        <Flex gap={8} align="center">
          {state.view === 'card' ? (
            <Select
              aria-label="Sort"
              data-test="chart-card-sort"
              style={{ minWidth: 200 }}
              value={`${state.table.sortColumn}:${state.table.sortDirection}`}
              onChange={(value: string) => {
                const [sortColumn, sortDirection] = value.split(':') as [string, 'asc' | 'desc'];
                onTableChange({ ...state.table, page: 0, sortColumn, sortDirection });
              }}
              options={CARD_SORTS}
            />
          ) : null}
          <Segmented<ChartViewMode>
            aria-label="View mode"
            data-test="chart-view-toggle"
            value={state.view}
            onChange={(view) => update({ view })}
            options={[
              { value: 'card', icon: <AppstoreOutlined />, title: 'Card view' },
              { value: 'list', icon: <UnorderedListOutlined />, title: 'List view' },
            ]}
          />
        </Flex>
      </Flex>
      {bulkSelect ? (
        <BulkSelectBar
          count={selected.length}
          onDeselectAll={() => setSelected([])}
          onDelete={canWrite ? deleteSelected : undefined}
          onExport={canExport ? () => void exportIds(selected.map(Number)) : undefined}
        />
      ) : null}
      {error ? (
        <ErrorMessage error={error} />
      ) : state.view === 'card' ? (
        rows.length === 0 && !isFetching ? (
          empty
        ) : (
          <ChartCards
            {...actions}
            rows={rows}
            total={data?.count ?? 0}
            loading={isFetching}
            state={state.table}
            onChange={onTableChange}
            {...(bulkSelect ? { selection: { selected, onChange: setSelected } } : {})}
          />
        )
      ) : (
        <ListTable<ChartListItem>
          dataTest="chart-list"
          rowDataTest="chart-row"
          columns={columns}
          rows={rows}
          total={data?.count ?? 0}
          loading={isFetching}
          state={state.table}
          onChange={onTableChange}
          rowKey="id"
          {...(bulkSelect ? { rowSelection: { selectedRowKeys: selected, onChange: setSelected, preserveSelectedRowKeys: false } } : {})}
          emptyText={empty}
        />
      )}
      <ChartPropertiesModal chartId={editing} onClose={() => setEditing(null)} />
      <ImportModal resource="chart" open={importing} onClose={() => setImporting(false)} />
      <DeleteChartsModal charts={deleting} onClose={() => setDeleting([])} onDeleted={() => setSelected([])} />
    </div>
  );
}
