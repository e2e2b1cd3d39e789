import { useCallback, useMemo, useState, type Key } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Flex, Segmented, Select } from 'antd';
import { useListChartsQuery, type ChartListItem } from '../../../api/chartApi';
import { useListDatasetsQuery } from '../../../api/datasetApi';
import { ROUTES } from '../../../routes';
import { AppstoreOutlined, PlusOutlined } from '../../../ui/icons';
import { ListTable, type ListTableState } from '../../../ui/ListTable';
import { PageHeader } from '../../../ui/PageHeader';
import { usePermissions } from '../../auth';
import { ErrorMessage } from '../../errors';
import { ImportModal, ImportOutlined, useExportBundle } from '../../importExport';
import { useToasts } from '../../toasts';
import { useChartFavorites } from '../hooks/useChartFavorites';
import { chartColumns } from '../utils/chartColumns';
import {
  buildChartFilters,
  chartListSearchParams,
  DATASET_OPTIONS_QUERY,
  parseChartListParams,
  type ChartFilterValues,
  type ChartListState,
  type ChartViewMode,
} from '../utils/chartListFilters';
import { UnorderedListOutlined } from '../utils/icons';
import { ChartCards } from './ChartCards';
import { ChartFilters } from './ChartFilters';
import { ChartListEmpty } from './ChartListEmpty';
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
  const { can, canModify: canModifyOwned } = usePermissions();
  const canWrite = can('can_write', 'Chart');
  const canExport = can('can_export', 'Chart');
  const { addWarningToast } = useToasts();
  const { exportIds } = useExportBundle('chart');
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<{ charts: ChartListItem[]; kept: ChartListItem[] }>({ charts: [], kept: [] });
  const [bulkSelect, setBulkSelect] = useState(false);
  const [selected, setSelected] = useState<Key[]>([]);

  const update = useCallback(
    (patch: Partial<ChartListState>) => setParams(chartListSearchParams({ ...state, ...patch }), { replace: true }),
    [setParams, state],
  );
  const filters = buildChartFilters(state.filters);
  const { data, error, isFetching } = useListChartsQuery(
    {
      filters,
      ...(state.table.sortColumn ? { order_column: state.table.sortColumn, order_direction: state.table.sortDirection ?? 'asc' } : {}),
      page: state.table.page,
      page_size: state.table.pageSize,
    },
    // Each visit reads the list again: a dataset deleted elsewhere must not leave live links in a cached page.
    { refetchOnMountOrArgChange: true },
  );
  const rows = useMemo(() => data?.result ?? [], [data]);
  const ids = useMemo(() => rows.map((row) => row.id), [rows]);
  const favorites = useChartFavorites(ids);

  // Spec §6: only owners or an admin change or delete a chart; the server refuses everyone else with a 403.
  const canModify = useCallback(
    (chart: ChartListItem) => canWrite && canModifyOwned((chart.owners ?? []).map((owner) => owner.id)),
    [canWrite, canModifyOwned],
  );
  const actions = useMemo(
    () => ({
      canWrite,
      canExport,
      canModify,
      isStarred: favorites.isStarred,
      onToggleStar: (chart: ChartListItem) => void favorites.toggle(chart.id),
      onEdit: (chart: ChartListItem) => setEditing(chart.id),
      onDelete: (chart: ChartListItem) => setDeleting({ charts: [chart], kept: [] }),
      onExport: (chart: ChartListItem) => void exportIds([chart.id]),
    }),
    [canWrite, canExport, canModify, favorites, exportIds],
  );
  const columns = useMemo(() => chartColumns(actions), [actions]);

  // Changing filters goes back to the first page but keeps the sort (and sorting keeps the filters).
  const onFiltersChange = (next: ChartFilterValues) => update({ filters: next, table: { ...state.table, page: 0 } });
  const onTableChange = (table: ListTableState) => update({ table });
  const toggleBulkSelect = () => {
    setBulkSelect((on) => !on);
    setSelected([]);
  };
  // Bulk delete is all or nothing on the server: only the user's own charts go to it, the others are named and kept.
  const deleteSelected = () => {
    const chosen = rows.filter((row) => selected.includes(row.id));
    const mine = chosen.filter(canModify);
    if (mine.length === 0) {
      addWarningToast('Only owners or an admin can delete a chart: none of the selected charts can be deleted by you.');
      return;
    }
    setDeleting({ charts: mine, kept: chosen.filter((row) => !canModify(row)) });
  };
  const filtered = filters.length > 0;
  // Same query as the Dataset filter (one request): whether "explore a dataset" leads anywhere.
  const datasets = useListDatasetsQuery(DATASET_OPTIONS_QUERY);
  const empty = (
    <ChartListEmpty
      filtered={filtered}
      seesAllCharts={can('all_datasource_access', 'all_datasource_access')}
      canWriteCharts={canWrite}
      hasDatasets={datasets.data ? datasets.data.count > 0 : null}
      canWriteDatasets={can('can_write', 'Dataset')}
    />
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
              <Link to={ROUTES.chartAdd}>
                <Button type="primary" icon={<PlusOutlined />} data-test="btn-new-chart">
                  Chart
                </Button>
              </Link>
            ) : null}
          </>
        }
      />
      {/* The filters wrap inside their own column, so the sort and view toggle stay at the top right in both views. */}
      <Flex justify="space-between" align="start" gap={12} data-test="chart-list-toolbar">
        <div style={{ flex: 1, minWidth: 0 }}>
          <ChartFilters value={state.filters} onChange={onFiltersChange} />
        </div>
        <Flex gap={8} align="center" style={{ flex: 'none' }} data-test="chart-view-controls">
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
      <DeleteChartsModal
        charts={deleting.charts}
        kept={deleting.kept}
        onClose={() => setDeleting({ charts: [], kept: [] })}
        onDeleted={() => setSelected([])}
      />
    </div>
  );
}
