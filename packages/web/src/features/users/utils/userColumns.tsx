import type { UserRecord } from '@tessera/core';
import { Button, Popconfirm, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EditOutlined, StopOutlined, CheckOutlined } from '../../../ui/icons';

export interface UserRowActions {
  onEdit: (user: UserRecord) => void;
  onSetActive: (user: UserRecord, active: boolean) => void;
}

/** Columns of the users list; `key` is the server's order column. */
export function userColumns({ onEdit, onSetActive }: UserRowActions): ColumnsType<UserRecord> {
  return [
    { key: 'username', title: 'Username', dataIndex: 'username', sorter: true, render: (name: string) => <strong>{name}</strong> },
    { key: 'first_name', title: 'First name', dataIndex: 'first_name', sorter: true },
    { key: 'last_name', title: 'Last name', dataIndex: 'last_name', sorter: true },
    { key: 'email', title: 'Email', dataIndex: 'email', sorter: true },
    {
      key: 'active',
      title: 'Status',
      dataIndex: 'active',
      sorter: true,
      render: (active: boolean) => (active ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
    },
    {
      key: 'roles',
      title: 'Roles',
      dataIndex: 'roles',
      render: (roles: UserRecord['roles']) => roles.map((role) => <Tag key={role.id}>{role.name}</Tag>),
    },
    { key: 'login_count', title: 'Logins', dataIndex: 'login_count', align: 'right' },
    {
      key: 'actions',
      title: 'Actions',
      fixed: 'right',
      render: (_value, user) => (
        <Space size={0}>
          <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${user.username}`} onClick={() => onEdit(user)}>
            Edit
          </Button>
          {user.active ? (
            <Popconfirm
              title={`Deactivate ${user.username}?`}
              description="The user can no longer log in."
              okText="Deactivate"
              okButtonProps={{ danger: true }}
              onConfirm={() => onSetActive(user, false)}
            >
              <Button type="text" danger icon={<StopOutlined />} aria-label={`Deactivate ${user.username}`}>
                Deactivate
              </Button>
            </Popconfirm>
          ) : (
            <Button type="text" icon={<CheckOutlined />} aria-label={`Activate ${user.username}`} onClick={() => onSetActive(user, true)}>
              Activate
            </Button>
          )}
        </Space>
      ),
    },
  ];
}
