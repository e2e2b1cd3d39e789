import { useMemo, useState, type Key } from 'react';
import { useNavigate } from 'react-router';
import { hasPermission } from '@tessera/core';
import { Button } from 'antd';
import { useGetSavedQueriesQuery, type SavedQueryListItem } from '../../../api/savedQueryApi';
import { EmptyState } from '../../../ui/EmptyState';
import { PlusOutlined } from '../../../ui/icons';
import { ListTable, type ListTableState } from '../../../ui/ListTable';
import { PageHeader } from '../../../ui/PageHeader';
import { useCurrentUser } from '../../auth';
import { ErrorMessage, useCopyToClipboard } from '../../errors';
import { buildSavedQueryFilters, EMPTY_SAVED_QUERY_FILTERS, type SavedQueryFilterValues } from '../utils/buildSavedQueryFilters';
import { NEW_QUERY_PATH, savedQueryShareUrl, savedQuerySqlLabPath } from '../utils/savedQueryLinks';
import { savedQueryColumns } from '../utils/savedQueryColumns';
import { DeleteSavedQueriesModal } from './DeleteSavedQueriesModal';
import { SavedQueryFilters } from './SavedQueryFilters';
import { SavedQueryPreviewModal } from './SavedQueryPreviewModal';
import { BulkSelectBar } from '../../../ui/BulkSelectBar';

const INITIAL_STATE: ListTableState = { page: 0, pageSize: 25, sortColumn: 'changed_on_delta_humanized', sortDirection: 'desc' };

interface PreviewState {
  open: boolean;
  query: SavedQueryListItem | null;
}

/** `/savedqueryview/list/`: search, filter, sort, page, preview, share, open in SQL Lab, delete one or many. */
export function SavedQueryList() {
  const navigate = useNavigate();
  const copy = useCopyToClipboard();
  const { principal } = useCurrentUser();
  const canWrite = principal ? hasPermission(principal, 'can_write', 'SavedQuery') : false;
  const [filters, setFilters] = useState<SavedQueryFilterValues>(EMPTY_SAVED_QUERY_FILTERS);
  const [table, setTable] = useState<ListTableState>(INITIAL_STATE);
  const [preview, setPreview] = useState<PreviewState>({ open: false, query: null });
  const [deleting, setDeleting] = useState<Pick<SavedQueryListItem, 'id' | 'label'>[]>([]);
  const [bulkSelect, setBulkSelect] = useState(false);
  const [selected, setSelected] = useState<Key[]>([]);

  const { data, error, isFetching } = useGetSavedQueriesQuery({
    filters: buildSavedQueryFilters(filters),
    ...(table.sortColumn ? { order_column: table.sortColumn, order_direction: table.sortDirection ?? 'asc' } : {}),
    page: table.page,
    page_size: table.pageSize,
  });
  const rows = data?.result ?? [];

  const columns = useMemo(
    () =>
      savedQueryColumns({
        canWrite,
        onPreview: (query) => setPreview({ open: true, query }),
        onEdit: (query) => void navigate(savedQuerySqlLabPath(query.id)),
        onCopyLink: (query) => void copy(savedQueryShareUrl(query.id)),
        onDelete: (query) => setDeleting([query]),
      }),
    [canWrite, copy, navigate],
  );

  const onFiltersChange = (next: SavedQueryFilterValues) => {
    setFilters(next);
    setTable((state) => ({ ...state, page: 0 }));
  };
  const toggleBulkSelect = () => {
    setBulkSelect((on) => !on);
    setSelected([]);
  };
  const deleteSelected = () => {
    const ids = new Set(selected);
    setDeleting(rows.filter((row) => ids.has(row.id)));
  };
  const filtered = buildSavedQueryFilters(filters).length > 0;

  return (
    <div data-test="saved-query-list-page">
      <PageHeader
        title="Saved queries"
        extra={
          <>
            {canWrite ? (
              <Button onClick={toggleBulkSelect} data-test="bulk-select">
                {bulkSelect ? 'Cancel bulk select' : 'Bulk select'}
              </Button>
            ) : null}
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => window.open(NEW_QUERY_PATH, '_blank', 'noopener')}
              data-test="btn-new-query"
            >
              Query
            </Button>
          </>
        }
      />
      <SavedQueryFilters value={filters} onChange={onFiltersChange} />
      {bulkSelect ? <BulkSelectBar count={selected.length} onDeselectAll={() => setSelected([])} onDelete={deleteSelected} /> : null}
      {error ? (
        <ErrorMessage error={error} />
      ) : (
        <ListTable<SavedQueryListItem>
          dataTest="saved-query-list"
          rowDataTest="saved-query-row"
          columns={columns}
          rows={rows}
          total={data?.count ?? 0}
          loading={isFetching}
          state={table}
          onChange={setTable}
          rowKey="id"
          {...(bulkSelect ? { rowSelection: { selectedRowKeys: selected, onChange: setSelected, preserveSelectedRowKeys: false } } : {})}
          emptyText={
            <EmptyState
              title={filtered ? 'No saved queries match your filters' : 'No saved queries yet'}
              description={filtered ? 'Try other filters.' : 'Save a query in SQL Lab to find it here.'}
            />
          }
        />
      )}
      <SavedQueryPreviewModal
        open={preview.open}
        query={preview.query}
        onClose={() => setPreview((state) => ({ ...state, open: false }))}
      />
      <DeleteSavedQueriesModal queries={deleting} onClose={() => setDeleting([])} onDeleted={() => setSelected([])} />
    </div>
  );
}
