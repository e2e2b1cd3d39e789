import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from 'antd';
import { useListChartsQuery, type ChartListItem } from '../../../api/chartApi';
import { useListDatasetsQuery } from '../../../api/datasetApi';
import { ROUTES } from '../../../routes';
import { PlusOutlined } from '../../../ui/icons';
import { ListViewControls } from '../../../ui/ListViewControls';
import { PageHeader } from '../../../ui/PageHeader';
import { useAddressListState } from '../../../ui/useAddressListState';
import { useOwnedBulkDelete } from '../../../ui/useOwnedBulkDelete';
import { usePermissions } from '../../auth';
import { ErrorMessage } from '../../errors';
import { ImportModal, useExportBundle } from '../../importExport';
import { useToasts } from '../../toasts';
import { useChartFavorites } from '../hooks/useChartFavorites';
import { chartColumns } from '../utils/chartColumns';
import { buildChartFilters, chartListSearchParams, DATASET_OPTIONS_QUERY, parseChartListParams, type ChartFilterValues, type ChartListState } from '../utils/chartListFilters';
import { ChartCards } from './ChartCards';
import { ChartFilters } from './ChartFilters';
import { ChartListEmpty } from './ChartListEmpty';
import { ChartPropertiesModal } from './ChartPropertiesModal';
import { DeleteChartsModal } from './DeleteChartsModal';
import { ListPageActions } from '../../../ui/ListPageActions';
import { ListResults, listBulk } from '../../../ui/ListResults';

const CARD_SORTS = [
  { value: 'slice_name:asc', label: 'Alphabetical' },
  { value: 'changed_on_delta_humanized:desc', label: 'Recently modified' },
  { value: 'changed_on_delta_humanized:asc', label: 'Least recently modified' },
];

/** `/chart/list/`: search, filter, sort, page (state kept in the address), list or cards, star, edit, delete one or many. */
export function ChartList() {
  const { state, update, onFiltersChange, onTableChange } = useAddressListState<ChartFilterValues, ChartListState>(
    parseChartListParams,
    chartListSearchParams,
  );
  const { can, canModify: canModifyOwned } = usePermissions();
  const canWrite = can('can_write', 'Chart');
  const canExport = can('can_export', 'Chart');
  const { addWarningToast } = useToasts();
  const { exportIds } = useExportBundle('chart');
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
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
  const bulk = useOwnedBulkDelete(rows, canModify, () =>
    addWarningToast('Only owners or an admin can delete a chart: none of the selected charts can be deleted by you.'),
  );
  const { deleteOne } = bulk;
  const actions = useMemo(
    () => ({
      canWrite,
      canExport,
      canModify,
      isStarred: favorites.isStarred,
      onToggleStar: (chart: ChartListItem) => void favorites.toggle(chart.id),
      onEdit: (chart: ChartListItem) => setEditing(chart.id),
      onDelete: deleteOne,
      onExport: (chart: ChartListItem) => void exportIds([chart.id]),
    }),
    [canWrite, canExport, canModify, favorites, exportIds, deleteOne],
  );
  const columns = useMemo(() => chartColumns(actions), [actions]);

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
          <ListPageActions
            onImport={canWrite ? () => setImporting(true) : undefined}
            onToggleBulkSelect={canWrite || canExport ? bulk.toggleBulkSelect : undefined}
            bulkSelect={bulk.bulkSelect}
          >
            {canWrite ? (
              <Link to={ROUTES.chartAdd}>
                <Button type="primary" icon={<PlusOutlined />} data-test="btn-new-chart">
                  Chart
                </Button>
              </Link>
            ) : null}
          </ListPageActions>
        }
      />
      <ListViewControls
        prefix="chart"
        filters={<ChartFilters value={state.filters} onChange={onFiltersChange} />}
        view={state.view}
        onViewChange={(view) => update({ view })}
        cardSorts={CARD_SORTS}
        table={state.table}
        onTableChange={onTableChange}
      />
      <ListResults<ChartListItem>
        view={state.view}
        error={error ? <ErrorMessage error={error} /> : null}
        rows={rows}
        total={data?.count ?? 0}
        loading={isFetching}
        state={state.table}
        onChange={onTableChange}
        empty={empty}
        bulk={listBulk(bulk, canWrite, canExport ? exportIds : undefined)}
        renderCards={(props) => <ChartCards {...actions} {...props} />}
        dataTest="chart-list"
        rowDataTest="chart-row"
        columns={columns}
        rowKey="id"
      />
      <ChartPropertiesModal chartId={editing} onClose={() => setEditing(null)} />
      <ImportModal resource="chart" open={importing} onClose={() => setImporting(false)} />
      <DeleteChartsModal
        charts={bulk.deleting.items}
        kept={bulk.deleting.kept}
        onClose={bulk.closeDelete}
        onDeleted={() => bulk.setSelected([])}
      />
    </div>
  );
}
