import { useCallback, useMemo, useState, type Key } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { DatasetListItem } from '@tessera/core';
import { Button } from 'antd';
import { useListDatasetsQuery } from '../../../api/datasetApi';
import { ROUTES } from '../../../routes';
import { EmptyState } from '../../../ui/EmptyState';
import { PlusOutlined } from '../../../ui/icons';
import type { ListTableState } from '../../../ui/ListTable';
import { PageHeader } from '../../../ui/PageHeader';
import { usePermissions } from '../../auth';
import { datasetExplorePath } from '../../charts';
import { ErrorMessage } from '../../errors';
import { useToasts } from '../../toasts';
import { ImportModal, useExportBundle } from '../../importExport';
import { datasetColumns } from '../utils/datasetColumns';
import {
  buildDatasetFilters,
  datasetListSearchParams,
  parseDatasetListParams,
  type DatasetFilterValues,
  type DatasetListState,
} from '../utils/datasetListFilters';
import { DatasetEditModal } from './DatasetEditModal';
import { DatasetFilters } from './DatasetFilters';
import { DeleteDatasetsModal } from './DeleteDatasetsModal';
import { DuplicateDatasetModal } from './DuplicateDatasetModal';
import { ListPageActions } from '../../../ui/ListPageActions';
import { ListResults, listBulk } from '../../../ui/ListResults';

/** `/tablemodelview/list/`: search, filter, sort, page (state in the address), explore, edit, duplicate, delete one or many. */
export function DatasetList() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseDatasetListParams(params), [params]);
  const { can, canModify: canModifyOwned } = usePermissions();
  const canWrite = can('can_write', 'Dataset');
  const canExport = can('can_export', 'Dataset');
  // Spec §6: owners or an admin change or delete a dataset; the server refuses everyone else with a 403.
  const canModify = useCallback((dataset: DatasetListItem) => canModifyOwned((dataset.owners ?? []).map((o) => o.id)), [canModifyOwned]);
  const { addWarningToast } = useToasts();
  const { exportIds } = useExportBundle('dataset');
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [duplicating, setDuplicating] = useState<DatasetListItem | null>(null);
  const [deleting, setDeleting] = useState<Pick<DatasetListItem, 'id' | 'table_name'>[]>([]);
  const [bulkSelect, setBulkSelect] = useState(false);
  const [selected, setSelected] = useState<Key[]>([]);

  const update = useCallback(
    (patch: Partial<DatasetListState>) => setParams(datasetListSearchParams({ ...state, ...patch }), { replace: true }),
    [setParams, state],
  );
  const filters = buildDatasetFilters(state.filters);
  const { data, error, isFetching } = useListDatasetsQuery({
    filters,
    ...(state.table.sortColumn ? { order_column: state.table.sortColumn, order_direction: state.table.sortDirection ?? 'asc' } : {}),
    page: state.table.page,
    page_size: state.table.pageSize,
  });
  const rows = data?.result ?? [];

  const columns = useMemo(
    () =>
      datasetColumns({
        canWrite,
        canModify,
        canExport,
        onExplore: (dataset) => void navigate(datasetExplorePath(dataset.id)),
        onEdit: (dataset) => setEditing(dataset.id),
        onDuplicate: setDuplicating,
        onDelete: (dataset) => setDeleting([dataset]),
        onExport: (dataset) => void exportIds([dataset.id]),
      }),
    [canWrite, canModify, canExport, navigate, exportIds],
  );

  const onFiltersChange = (next: DatasetFilterValues) => update({ filters: next, table: { ...state.table, page: 0 } });
  const onTableChange = (table: ListTableState) => update({ table });
  const toggleBulkSelect = () => {
    setBulkSelect((on) => !on);
    setSelected([]);
  };
  // Bulk delete is all or nothing on the server: only datasets the user may delete go to it.
  const deleteSelected = () => {
    const chosen = new Set(selected);
    const mine = rows.filter((row) => chosen.has(row.id) && canModify(row));
    if (mine.length === 0) {
      addWarningToast('Only owners or an admin can delete a dataset: none of the selected datasets can be deleted by you.');
      return;
    }
    setDeleting(mine);
  };
  const filtered = filters.length > 0;

  return (
    <div data-test="dataset-list-page">
      <PageHeader
        title="Datasets"
        extra={
          <ListPageActions
            onImport={canWrite ? () => setImporting(true) : undefined}
            onToggleBulkSelect={canWrite || canExport ? toggleBulkSelect : undefined}
            bulkSelect={bulkSelect}
          >
            {canWrite ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(ROUTES.datasetAdd)} data-test="btn-new-dataset">
                Dataset
              </Button>
            ) : null}
          </ListPageActions>
        }
      />
      <DatasetFilters value={state.filters} onChange={onFiltersChange} />
      <ListResults<DatasetListItem>
        view="list"
        error={error ? <ErrorMessage error={error} /> : null}
        rows={rows}
        total={data?.count ?? 0}
        loading={isFetching}
        state={state.table}
        onChange={onTableChange}
        empty={
          filtered ? (
            <EmptyState title="No datasets match your filters" description="Try other filters." />
          ) : canWrite ? (
            <EmptyState title="No datasets yet" description="A dataset is a table or a SQL query that charts are built on.">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(ROUTES.datasetAdd)}>
                Dataset
              </Button>
            </EmptyState>
          ) : (
            // The list holds only what the user may read: others' datasets may well exist.
            <EmptyState title="No datasets you can access" description="Ask an administrator for access to the data you need." />
          )
        }
        bulk={listBulk({ bulkSelect, selected, setSelected, deleteSelected }, canWrite, canExport ? exportIds : undefined)}
        dataTest="dataset-list"
        rowDataTest="dataset-row"
        columns={columns}
        rowKey="id"
      />
      <ImportModal resource="dataset" open={importing} onClose={() => setImporting(false)} />
      <DatasetEditModal datasetId={editing} onClose={() => setEditing(null)} />
      <DuplicateDatasetModal dataset={duplicating} onClose={() => setDuplicating(null)} />
      <DeleteDatasetsModal datasets={deleting} onClose={() => setDeleting([])} onDeleted={() => setSelected([])} />
    </div>
  );
}
