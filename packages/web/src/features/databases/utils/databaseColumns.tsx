import type { DatabaseListItem } from '@tessera/core';
import { Button, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { BooleanIcon } from '../../../ui/BooleanIcon';
import { DeleteOutlined, EditOutlined, FolderOpenOutlined } from '../../../ui/icons';
import { engineLabel } from './engines';

export interface DatabaseRowActions {
  onBrowse: (db: DatabaseListItem) => void;
  onEdit: (db: DatabaseListItem) => void;
  onDelete: (db: DatabaseListItem) => void;
  canWrite: boolean;
}

const flag = (key: keyof DatabaseListItem, title: string) => ({
  key,
  title,
  dataIndex: key,
  sorter: true,
  align: 'center' as const,
  render: (value: boolean) => <BooleanIcon value={value} label={title} />,
});

/** Columns of the databases list; `key` is the server's order column. */
export function databaseColumns({ onBrowse, onEdit, onDelete, canWrite }: DatabaseRowActions): ColumnsType<DatabaseListItem> {
  return [
    { key: 'database_name', title: 'Name', dataIndex: 'database_name', sorter: true, render: (name: string) => <strong>{name}</strong> },
    { key: 'backend', title: 'Backend', dataIndex: 'backend', render: (backend: string) => <Tag>{engineLabel(backend)}</Tag> },
    flag('allow_run_async', 'AQE'),
    flag('allow_dml', 'DML'),
    flag('expose_in_sqllab', 'Expose in SQL Lab'),
    { key: 'changed_on_delta_humanized', title: 'Last modified', dataIndex: 'changed_on_delta_humanized', sorter: true },
    {
      key: 'actions',
      title: 'Actions',
      fixed: 'right',
      render: (_value, db) => (
        <Space size={0}>
          <Tooltip title="Browse schemas and tables">
            <Button type="text" icon={<FolderOpenOutlined />} aria-label={`Browse ${db.database_name}`} data-test="database-browse" onClick={() => onBrowse(db)}>
              Browse
            </Button>
          </Tooltip>
          {canWrite ? (
            <>
              <Button type="text" icon={<EditOutlined />} aria-label={`Edit ${db.database_name}`} data-test="database-edit" onClick={() => onEdit(db)}>
                Edit
              </Button>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Delete ${db.database_name}`}
                data-test="database-delete"
                onClick={() => onDelete(db)}
              >
                Delete
              </Button>
            </>
          ) : null}
        </Space>
      ),
    },
  ];
}
