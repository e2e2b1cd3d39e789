import { Link } from 'react-router';
import { Space, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';
import type { SavedQueryListItem } from '../../../api/savedQueryApi';
import { DeleteOutlined, EditOutlined, EyeOutlined, LinkOutlined } from '../../../ui/icons';
import { RowAction } from '../../../ui/RowAction';
import { formatCreatedOn } from './formatCreatedOn';
import { savedQuerySqlLabPath } from './savedQueryLinks';
import { sqlTableNames } from './sqlTableNames';

/** Clicking a sorted column flips its direction instead of dropping the sort. */
const ALWAYS_SORTED: SortOrder[] = ['ascend', 'descend', 'ascend'];

export interface SavedQueryRowActions {
  canWrite: boolean;
  onPreview: (query: SavedQueryListItem) => void;
  onEdit: (query: SavedQueryListItem) => void;
  onCopyLink: (query: SavedQueryListItem) => void;
  onDelete: (query: SavedQueryListItem) => void;
}

function TablesCell({ query }: { query: SavedQueryListItem }) {
  const names = sqlTableNames(query.sql_tables);
  if (names.length === 0) return null;
  const [first, ...rest] = names;
  return (
    <Tooltip title={rest.length > 0 ? names.join(', ') : undefined}>
      <span>
        {first}
        {rest.length > 0 ? <Typography.Text type="secondary"> +{rest.length}</Typography.Text> : null}
      </span>
    </Tooltip>
  );
}

/** Columns of the saved queries list; `key` is the server's order column. */
export function savedQueryColumns({
  canWrite,
  onPreview,
  onEdit,
  onCopyLink,
  onDelete,
}: SavedQueryRowActions): ColumnsType<SavedQueryListItem> {
  return [
    {
      key: 'label',
      title: 'Name',
      dataIndex: 'label',
      sorter: true,
      sortDirections: ALWAYS_SORTED,
      render: (_label: string, query) => <Link to={savedQuerySqlLabPath(query.id)}>{query.label}</Link>,
    },
    {
      key: 'database.database_name',
      title: 'Database',
      sorter: true,
      sortDirections: ALWAYS_SORTED,
      render: (_value, query) => query.database?.database_name ?? '',
    },
    { key: 'schema', title: 'Schema', dataIndex: 'schema', sorter: true, sortDirections: ALWAYS_SORTED },
    { key: 'sql_tables', title: 'Tables', render: (_value, query) => <TablesCell query={query} /> },
    {
      key: 'created_on',
      title: 'Created on',
      dataIndex: 'created_on',
      render: (value: string | null) => <span title={value ?? undefined}>{formatCreatedOn(value)}</span>,
    },
    {
      key: 'changed_on_delta_humanized',
      title: 'Modified',
      dataIndex: 'changed_on_delta_humanized',
      sorter: true,
      sortDirections: ALWAYS_SORTED,
    },
    {
      key: 'actions',
      title: 'Actions',
      fixed: 'right',
      render: (_value, query) => (
        <Space size={0}>
          <RowAction
            title="Query preview"
            label={`Preview ${query.label}`}
            icon={<EyeOutlined />}
            dataTest="saved-query-preview"
            onClick={() => onPreview(query)}
          />
          {canWrite ? (
            <RowAction
              title="Edit query"
              label={`Edit ${query.label}`}
              icon={<EditOutlined />}
              dataTest="saved-query-edit"
              onClick={() => onEdit(query)}
            />
          ) : null}
          <RowAction
            title="Copy query URL"
            label={`Copy link to ${query.label}`}
            icon={<LinkOutlined />}
            dataTest="saved-query-copy-link"
            onClick={() => onCopyLink(query)}
          />
          {canWrite ? (
            <RowAction
              danger
              title="Delete query"
              label={`Delete ${query.label}`}
              icon={<DeleteOutlined />}
              dataTest="saved-query-delete"
              onClick={() => onDelete(query)}
            />
          ) : null}
        </Space>
      ),
    },
  ];
}
