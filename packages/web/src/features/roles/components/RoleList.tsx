import { useMemo, useState } from 'react';
import type { RoleRecord } from '@tessera/core';
import { Button, Input } from 'antd';
import { containsFilter } from '../../../api/listQuery';
import { useGetRolesQuery } from '../../../api/securityApi';
import { PlusOutlined } from '../../../ui/icons';
import { ListTable, type ListTableState } from '../../../ui/ListTable';
import { PageHeader } from '../../../ui/PageHeader';
import { ErrorMessage } from '../../errors';
import { roleColumns } from '../utils/roleColumns';
import { DeleteRoleModal } from './DeleteRoleModal';
import { RoleNameModal } from './RoleNameModal';
import { RolePermissionsModal } from './RolePermissionsModal';

const INITIAL_STATE: ListTableState = { page: 0, pageSize: 25, sortColumn: 'name', sortDirection: 'asc' };

type Dialog = { kind: 'none' } | { kind: 'create' } | { kind: 'rename'; role: RoleRecord } | { kind: 'permissions'; role: RoleRecord };

/** Roles administration: list, create, rename, delete, edit permissions. */
export function RoleList() {
  const [search, setSearch] = useState('');
  const [table, setTable] = useState<ListTableState>(INITIAL_STATE);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [deleting, setDeleting] = useState<RoleRecord | null>(null);
  const close = () => setDialog({ kind: 'none' });

  const { data, error, isFetching } = useGetRolesQuery({
    filters: containsFilter('name', search),
    ...(table.sortColumn ? { order_column: table.sortColumn, order_direction: table.sortDirection ?? 'asc' } : {}),
    page: table.page,
    page_size: table.pageSize,
  });

  const columns = useMemo(
    () =>
      roleColumns({
        onRename: (role) => setDialog({ kind: 'rename', role }),
        onPermissions: (role) => setDialog({ kind: 'permissions', role }),
        onDelete: setDeleting,
      }),
    [],
  );

  return (
    <div data-test="role-list-page">
      <PageHeader
        title="Roles"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })} data-test="btn-create-role">
            Role
          </Button>
        }
      />
      <Input.Search
        allowClear
        placeholder="Search by name"
        aria-label="Search roles by name"
        onSearch={(value) => {
          setSearch(value);
          setTable((state) => ({ ...state, page: 0 }));
        }}
        style={{ maxWidth: 360, marginBottom: 16 }}
      />
      {error ? (
        <ErrorMessage error={error} />
      ) : (
        <ListTable<RoleRecord>
          dataTest="role-list"
          columns={columns}
          rows={data?.result ?? []}
          total={data?.count ?? 0}
          loading={isFetching}
          state={table}
          onChange={setTable}
          rowKey="id"
        />
      )}
      {dialog.kind === 'create' ? <RoleNameModal onClose={close} /> : null}
      {dialog.kind === 'rename' ? <RoleNameModal role={dialog.role} onClose={close} /> : null}
      {dialog.kind === 'permissions' ? <RolePermissionsModal role={dialog.role} onClose={close} /> : null}
      <DeleteRoleModal role={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
