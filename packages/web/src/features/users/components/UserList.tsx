import { useMemo, useState } from 'react';
import type { UserRecord } from '@tessera/core';
import { Button, Input } from 'antd';
import { containsFilter } from '../../../api/listQuery';
import { useGetUsersQuery, useUpdateUserMutation } from '../../../api/securityApi';
import { PlusOutlined } from '../../../ui/icons';
import { ListTable, type ListTableState } from '../../../ui/ListTable';
import { PageHeader } from '../../../ui/PageHeader';
import { ErrorMessage, getClientErrorObject } from '../../errors';
import { useToasts } from '../../toasts';
import { userColumns } from '../utils/userColumns';
import { UserModal } from './UserModal';

const INITIAL_STATE: ListTableState = { page: 0, pageSize: 25, sortColumn: 'username', sortDirection: 'asc' };

/** Users administration: list, search, create, edit, (de)activate. */
export function UserList() {
  const { addSuccessToast, addDangerToast } = useToasts();
  const [search, setSearch] = useState('');
  const [table, setTable] = useState<ListTableState>(INITIAL_STATE);
  const [editing, setEditing] = useState<{ open: boolean; user?: UserRecord }>({ open: false });
  const [updateUser] = useUpdateUserMutation();

  const { data, error, isFetching } = useGetUsersQuery({
    filters: containsFilter('username', search),
    ...(table.sortColumn ? { order_column: table.sortColumn, order_direction: table.sortDirection ?? 'asc' } : {}),
    page: table.page,
    page_size: table.pageSize,
  });

  const columns = useMemo(
    () =>
      userColumns({
        onEdit: (user) => setEditing({ open: true, user }),
        onSetActive: (user, active) => {
          updateUser({ id: user.id, body: { active } })
            .unwrap()
            .then(() => addSuccessToast(`${user.username} is now ${active ? 'active' : 'inactive'}`))
            .catch((caught: unknown) => addDangerToast(getClientErrorObject(caught).error));
        },
      }),
    [updateUser, addSuccessToast, addDangerToast],
  );

  return (
    <div data-test="user-list-page">
      <PageHeader
        title="Users"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })} data-test="btn-create-user">
            User
          </Button>
        }
      />
      <Input.Search
        allowClear
        placeholder="Search by username"
        aria-label="Search users by username"
        onSearch={(value) => {
          setSearch(value);
          setTable((state) => ({ ...state, page: 0 }));
        }}
        style={{ maxWidth: 360, marginBottom: 16 }}
      />
      {error ? (
        <ErrorMessage error={error} />
      ) : (
        <ListTable<UserRecord>
          dataTest="user-list"
          columns={columns}
          rows={data?.result ?? []}
          total={data?.count ?? 0}
          loading={isFetching}
          state={table}
          onChange={setTable}
          rowKey="id"
        />
      )}
      <UserModal open={editing.open} {...(editing.user ? { user: editing.user } : {})} onClose={() => setEditing({ open: false })} />
    </div>
  );
}
