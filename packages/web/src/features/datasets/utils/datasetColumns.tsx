import { Link } from 'react-router';
import type { DatasetListItem } from '@tessera/core';
import { Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';
import { CopyOutlined, DeleteOutlined, EditOutlined } from '../../../ui/icons';
import { RowAction } from '../../../ui/RowAction';
import { datasetExplorePath } from '../../charts';
import { CompassOutlined } from '../../charts/utils/icons';
import { userName } from '../../charts/utils/userName';
import { ExportOutlined } from '../../importExport';

const ALWAYS_SORTED: SortOrder[] = ['ascend', 'descend', 'ascend'];

/** Why Edit and Delete are disabled on a dataset the user does not own (spec §6: owners or Admin). */
export const NOT_DATASET_OWNER = 'Only the owners of this dataset or an admin can change or delete it';

export interface DatasetRowActions {
  canWrite: boolean;
  /** Owners or an admin (the server refuses everyone else with a 403). */
  canModify: (dataset: DatasetListItem) => boolean;
  canExport: boolean;
  onExplore: (dataset: DatasetListItem) => void;
  onEdit: (dataset: DatasetListItem) => void;
  onDuplicate: (dataset: DatasetListItem) => void;
  onDelete: (dataset: DatasetListItem) => void;
  onExport: (dataset: DatasetListItem) => void;
}

/** Columns of the datasets list; `key` is the server's order column. */
export function datasetColumns({ canWrite, canModify, canExport, onExplore, onEdit, onDuplicate, onDelete, onExport }: DatasetRowActions): ColumnsType<DatasetListItem> {
  return [
    {
      key: 'table_name',
      title: 'Name',
      sorter: true,
      sortDirections: ALWAYS_SORTED,
      render: (_value, dataset) => (
        <Link to={datasetExplorePath(dataset.id)} data-test="dataset-name-link">
          {dataset.table_name}
        </Link>
      ),
    },
    {
      key: 'sql',
      title: 'Type',
      sorter: true,
      sortDirections: ALWAYS_SORTED,
      render: (_value, dataset) => <Tag color={dataset.kind === 'virtual' ? 'blue' : 'default'}>{dataset.kind === 'virtual' ? 'Virtual' : 'Physical'}</Tag>,
    },
    {
      key: 'database.database_name',
      title: 'Database',
      sorter: true,
      sortDirections: ALWAYS_SORTED,
      render: (_value, dataset) => dataset.database?.database_name ?? '',
    },
    { key: 'schema', title: 'Schema', dataIndex: 'schema', sorter: true, sortDirections: ALWAYS_SORTED },
    { key: 'owners', title: 'Owners', render: (_value, dataset) => (dataset.owners ?? []).map(userName).join(', ') },
    { key: 'changed_on_delta_humanized', title: 'Last modified', dataIndex: 'changed_on_delta_humanized', sorter: true, sortDirections: ALWAYS_SORTED },
    {
      key: 'actions',
      title: 'Actions',
      fixed: 'right',
      render: (_value, dataset) => (
        <Space size={0}>
          <RowAction title="Explore" label={`Explore ${dataset.table_name}`} icon={<CompassOutlined />} dataTest="dataset-explore" onClick={() => onExplore(dataset)} />
          {canExport ? (
            <RowAction title="Export" label={`Export ${dataset.table_name}`} icon={<ExportOutlined />} dataTest="dataset-export" onClick={() => onExport(dataset)} />
          ) : null}
          {canWrite ? (
            <>
              <RowAction
                title="Edit"
                label={`Edit ${dataset.table_name}`}
                icon={<EditOutlined />}
                dataTest="dataset-edit"
                onClick={() => onEdit(dataset)}
                disabledReason={canModify(dataset) ? null : NOT_DATASET_OWNER}
              />
              {dataset.kind === 'virtual' ? (
                <RowAction title="Duplicate" label={`Duplicate ${dataset.table_name}`} icon={<CopyOutlined />} dataTest="dataset-duplicate" onClick={() => onDuplicate(dataset)} />
              ) : null}
              <RowAction
                danger
                title="Delete"
                label={`Delete ${dataset.table_name}`}
                icon={<DeleteOutlined />}
                dataTest="dataset-delete"
                onClick={() => onDelete(dataset)}
                disabledReason={canModify(dataset) ? null : NOT_DATASET_OWNER}
              />
            </>
          ) : null}
        </Space>
      ),
    },
  ];
}
