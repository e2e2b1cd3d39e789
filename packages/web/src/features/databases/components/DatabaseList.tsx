import { useMemo, useState } from 'react';
import type { DatabaseListItem } from '@tessera/core';
import { hasPermission } from '@tessera/core';
import { Button, Input } from 'antd';
import { useGetDatabasesQuery } from '../../../api/databaseApi';
import { containsFilter } from '../../../api/listQuery';
import { EmptyState } from '../../../ui/EmptyState';
import { PlusOutlined } from '../../../ui/icons';
import { ListTable, type ListTableState } from '../../../ui/ListTable';
import { PageHeader } from '../../../ui/PageHeader';
import { useCurrentUser } from '../../auth';
import { ErrorMessage } from '../../errors';
import { databaseColumns } from '../utils/databaseColumns';
import { DatabaseModal } from './DatabaseModal';
import { DeleteDatabaseModal } from './DeleteDatabaseModal';
import { SchemaBrowserDrawer } from './SchemaBrowserDrawer';

const INITIAL_STATE: ListTableState = { page: 0, pageSize: 25, sortColumn: 'changed_on_delta_humanized', sortDirection: 'desc' };

/** `id` is kept while the modal closes so its title and content do not flip during the animation. */
interface ModalState {
  open: boolean;
  id?: number;
}

/** The databases list page: search, sort, paging, connect / edit / delete / browse. */
export function DatabaseList() {
  const { principal } = useCurrentUser();
  const canWrite = principal ? hasPermission(principal, 'can_write', 'Database') : false;
  const [search, setSearch] = useState('');
  const [table, setTable] = useState<ListTableState>(INITIAL_STATE);
  const [modal, setModal] = useState<ModalState>({ open: false });
  const [deleting, setDeleting] = useState<DatabaseListItem | null>(null);
  const [browsing, setBrowsing] = useState<DatabaseListItem | null>(null);

  const { data, error, isFetching } = useGetDatabasesQuery({
    filters: containsFilter('database_name', search),
    ...(table.sortColumn ? { order_column: table.sortColumn, order_direction: table.sortDirection ?? 'asc' } : {}),
    page: table.page,
    page_size: table.pageSize,
  });

  const columns = useMemo(
    () =>
      databaseColumns({
        canWrite,
        onBrowse: setBrowsing,
        onEdit: (db) => setModal({ open: true, id: db.id }),
        onDelete: setDeleting,
      }),
    [canWrite],
  );

  const onSearch = (value: string) => {
    setSearch(value);
    setTable((state) => ({ ...state, page: 0 }));
  };

  return (
    <div data-test="database-list-page">
      <PageHeader
        title="Databases"
        extra={
          canWrite ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true })} data-test="btn-create-database">
              Database
            </Button>
          ) : null
        }
      />
      <Input.Search
        allowClear
        placeholder="Search by name"
        aria-label="Search databases by name"
        data-test="database-search"
        onSearch={onSearch}
        style={{ maxWidth: 360, marginBottom: 16 }}
      />
      {error ? (
        <ErrorMessage error={error} />
      ) : (
        <ListTable<DatabaseListItem>
          dataTest="database-list"
          columns={columns}
          rows={data?.result ?? []}
          total={data?.count ?? 0}
          loading={isFetching}
          state={table}
          onChange={setTable}
          rowKey="id"
          emptyText={
            search ? (
              <EmptyState title="No databases match your search" description="Try another name." />
            ) : canWrite ? (
              <EmptyState title="No databases yet" description="Connect a database to query it in SQL Lab and build charts." />
            ) : (
              <EmptyState title="No databases you can access" description="Ask an administrator for access to a database." />
            )
          }
        />
      )}
      <DatabaseModal
        open={modal.open}
        {...(modal.id !== undefined ? { databaseId: modal.id } : {})}
        onClose={() => setModal((state) => ({ ...state, open: false }))}
      />
      <DeleteDatabaseModal database={deleting} onClose={() => setDeleting(null)} />
      <SchemaBrowserDrawer database={browsing} onClose={() => setBrowsing(null)} />
    </div>
  );
}
