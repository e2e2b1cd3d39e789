import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'antd';
import type { DashboardListItem } from '@tessera/core';
import { useListDashboardsQuery } from '../../../api/dashboardApi';
import { ListPageActions } from '../../../ui/ListPageActions';
import { ListResults, listBulk } from '../../../ui/ListResults';
import { PlusOutlined } from '../../../ui/icons';
import { ListViewControls } from '../../../ui/ListViewControls';
import { PageHeader } from '../../../ui/PageHeader';
import { useAddressListState } from '../../../ui/useAddressListState';
import { useOwnedBulkDelete } from '../../../ui/useOwnedBulkDelete';
import { usePermissions } from '../../auth';
import { ErrorMessage } from '../../errors';
import { ImportModal, useExportBundle } from '../../importExport';
import { useToasts } from '../../toasts';
import { useCreateUntitledDashboard } from '../hooks/useCreateUntitledDashboard';
import { useDashboardFavorites } from '../hooks/useDashboardFavorites';
import { dashboardColumns } from '../utils/dashboardColumns';
import { dashboardEditHref } from '../utils/dashboardLinks';
import {
  buildDashboardFilters,
  dashboardListSearchParams,
  parseDashboardListParams,
  type DashboardFilterValues,
  type DashboardListState,
} from '../utils/dashboardListFilters';
import { DashboardCards } from './DashboardCards';
import { DashboardFilters } from './DashboardFilters';
import { DashboardListEmpty } from './DashboardListEmpty';
import { DeleteDashboardsModal } from './DeleteDashboardsModal';

const CARD_SORTS = [
  { value: 'dashboard_title:asc', label: 'Alphabetical' },
  { value: 'changed_on_delta_humanized:desc', label: 'Recently modified' },
  { value: 'changed_on_delta_humanized:asc', label: 'Least recently modified' },
];

/** `/dashboard/list/`: search, filter, sort, page (state kept in the address), list or cards, star, create, import, export, delete. */
export function DashboardList() {
  const { state, update, onFiltersChange, onTableChange } = useAddressListState<DashboardFilterValues, DashboardListState>(
    parseDashboardListParams,
    dashboardListSearchParams,
  );
  const { can, canModify: canModifyOwned } = usePermissions();
  const canWrite = can('can_write', 'Dashboard');
  const canExport = can('can_export', 'Dashboard');
  const navigate = useNavigate();
  const { addWarningToast } = useToasts();
  const { exportIds } = useExportBundle('dashboard');
  const { createAndOpen, creating } = useCreateUntitledDashboard();
  const [importing, setImporting] = useState(false);
  const filters = buildDashboardFilters(state.filters);
  const { data, error, isFetching } = useListDashboardsQuery(
    {
      filters,
      ...(state.table.sortColumn ? { order_column: state.table.sortColumn, order_direction: state.table.sortDirection ?? 'asc' } : {}),
      page: state.table.page,
      page_size: state.table.pageSize,
    },
    // Each visit reads the list again: dashboards change on their own page, which does not refresh this cache.
    { refetchOnMountOrArgChange: true },
  );
  const rows = useMemo(() => data?.result ?? [], [data]);
  const ids = useMemo(() => rows.map((row) => row.id), [rows]);
  const favorites = useDashboardFavorites(ids);

  // Spec §6: only owners or an admin change or delete a dashboard; the server refuses everyone else with a 403.
  const canModify = useCallback(
    (dashboard: DashboardListItem) => canWrite && canModifyOwned((dashboard.owners ?? []).map((owner) => owner.id)),
    [canWrite, canModifyOwned],
  );
  const bulk = useOwnedBulkDelete(rows, canModify, () =>
    addWarningToast('Only owners or an admin can delete a dashboard: none of the selected dashboards can be deleted by you.'),
  );
  const { deleteOne } = bulk;
  const actions = useMemo(
    () => ({
      canWrite,
      canExport,
      canModify,
      isStarred: favorites.isStarred,
      onToggleStar: (dashboard: DashboardListItem) => void favorites.toggle(dashboard.id),
      // The properties dialog belongs to the open dashboard (it edits the page's state): Edit opens the dashboard in edit mode.
      onEdit: (dashboard: DashboardListItem) => void navigate(dashboardEditHref(dashboard.id)),
      onDelete: deleteOne,
      onExport: (dashboard: DashboardListItem) => void exportIds([dashboard.id]),
    }),
    [canWrite, canExport, canModify, favorites, exportIds, navigate, deleteOne],
  );
  const columns = useMemo(() => dashboardColumns(actions), [actions]);

  const empty = <DashboardListEmpty filtered={filters.length > 0} canWrite={canWrite} onCreate={() => void createAndOpen()} />;

  return (
    <div data-test="dashboard-list-page">
      <PageHeader
        title="Dashboards"
        extra={
          <ListPageActions
            onImport={canWrite ? () => setImporting(true) : undefined}
            onToggleBulkSelect={canWrite || canExport ? bulk.toggleBulkSelect : undefined}
            bulkSelect={bulk.bulkSelect}
          >
            {canWrite ? (
              <Button type="primary" icon={<PlusOutlined />} loading={creating} onClick={() => void createAndOpen()} data-test="btn-new-dashboard">
                Dashboard
              </Button>
            ) : null}
          </ListPageActions>
        }
      />
      <ListViewControls
        prefix="dashboard"
        filters={<DashboardFilters value={state.filters} onChange={onFiltersChange} rows={rows} />}
        view={state.view}
        onViewChange={(view) => update({ view })}
        cardSorts={CARD_SORTS}
        table={state.table}
        onTableChange={onTableChange}
      />
      <ListResults<DashboardListItem>
        view={state.view}
        error={error ? <ErrorMessage error={error} /> : null}
        rows={rows}
        total={data?.count ?? 0}
        loading={isFetching}
        state={state.table}
        onChange={onTableChange}
        empty={empty}
        bulk={listBulk(bulk, canWrite, canExport ? exportIds : undefined)}
        renderCards={(props) => <DashboardCards {...actions} {...props} />}
        dataTest="dashboard-list"
        rowDataTest="dashboard-row"
        columns={columns}
        rowKey="id"
      />
      <ImportModal resource="dashboard" open={importing} onClose={() => setImporting(false)} />
      <DeleteDashboardsModal
        dashboards={bulk.deleting.items}
        kept={bulk.deleting.kept}
        onClose={bulk.closeDelete}
        onDeleted={() => bulk.setSelected([])}
      />
    </div>
  );
}
