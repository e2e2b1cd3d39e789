import { useMemo, useState } from 'react';
import { useGetQueryHistoryQuery, type QueryHistoryItem } from '../../../api/queryApi';
import { EmptyState } from '../../../ui/EmptyState';
import { ListTable, type ListTableState } from '../../../ui/ListTable';
import { PageHeader } from '../../../ui/PageHeader';
import { ErrorMessage } from '../../errors';
import { buildQueryHistoryFilters, EMPTY_QUERY_HISTORY_FILTERS, type QueryHistoryFilterValues } from '../utils/buildQueryHistoryFilters';
import { queryHistoryColumns } from '../utils/queryHistoryColumns';
import { QueryHistoryFilters } from './QueryHistoryFilters';
import { QueryPreviewModal } from './QueryPreviewModal';

const INITIAL_STATE: ListTableState = { page: 0, pageSize: 25, sortColumn: 'start_time', sortDirection: 'desc' };

interface PreviewState {
  open: boolean;
  query: QueryHistoryItem | null;
}

/** `/sqllab/history/`: the queries run in SQL Lab (non-admins see their own), filtered, sorted and paged by the server. */
export function QueryHistoryList() {
  const [filters, setFilters] = useState<QueryHistoryFilterValues>(EMPTY_QUERY_HISTORY_FILTERS);
  const [table, setTable] = useState<ListTableState>(INITIAL_STATE);
  const [preview, setPreview] = useState<PreviewState>({ open: false, query: null });

  const listFilters = buildQueryHistoryFilters(filters);
  const { data, error, isFetching } = useGetQueryHistoryQuery({
    filters: listFilters,
    ...(table.sortColumn ? { order_column: table.sortColumn, order_direction: table.sortDirection ?? 'asc' } : {}),
    page: table.page,
    page_size: table.pageSize,
  });

  const columns = useMemo(() => queryHistoryColumns({ onOpenSql: (query) => setPreview({ open: true, query }) }), []);

  const onFiltersChange = (next: QueryHistoryFilterValues) => {
    setFilters(next);
    setTable((state) => ({ ...state, page: 0 }));
  };

  return (
    <div data-test="query-history-page">
      <PageHeader title="Query history" />
      <QueryHistoryFilters value={filters} onChange={onFiltersChange} />
      {error ? (
        <ErrorMessage error={error} />
      ) : (
        <ListTable<QueryHistoryItem>
          dataTest="query-history-list"
          rowDataTest="query-history-row"
          columns={columns}
          rows={data?.result ?? []}
          total={data?.count ?? 0}
          loading={isFetching}
          state={table}
          onChange={setTable}
          rowKey="id"
          emptyText={
            <EmptyState
              title={listFilters.length > 0 ? 'No queries match your filters' : 'No queries yet'}
              description={listFilters.length > 0 ? 'Try other filters.' : 'Queries you run in SQL Lab are listed here.'}
            />
          }
        />
      )}
      <QueryPreviewModal open={preview.open} query={preview.query} onClose={() => setPreview((state) => ({ ...state, open: false }))} />
    </div>
  );
}
