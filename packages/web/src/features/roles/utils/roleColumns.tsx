import type { RoleRecord } from '@tessera/core';
import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, LockOutlined } from '../../../ui/icons';

export interface RoleRowActions {
  onRename: (role: RoleRecord) => void;
  onPermissions: (role: RoleRecord) => void;
  onDelete: (role: RoleRecord) => void;
}

export function roleColumns({ onRename, onPermissions, onDelete }: RoleRowActions): ColumnsType<RoleRecord> {
  return [
    { key: 'name', title: 'Name', dataIndex: 'name', sorter: true, render: (name: string) => <strong>{name}</strong> },
    { key: 'user_count', title: 'Users', dataIndex: 'user_count', align: 'right' },
    { key: 'permission_count', title: 'Permissions', dataIndex: 'permission_count', align: 'right' },
    {
      key: 'actions',
      title: 'Actions',
      fixed: 'right',
      render: (_value, role) => (
        <Space size={0}>
          <Button type="text" icon={<LockOutlined />} aria-label={`Permissions of ${role.name}`} onClick={() => onPermissions(role)}>
            Permissions
          </Button>
          <Button type="text" icon={<EditOutlined />} aria-label={`Rename ${role.name}`} onClick={() => onRename(role)}>
            Rename
          </Button>
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${role.name}`} onClick={() => onDelete(role)}>
            Delete
          </Button>
        </Space>
      ),
    },
  ];
}
