import { Link } from 'react-router';
import { Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';
import type { DashboardListItem } from '@tessera/core';
import { DeleteOutlined, EditOutlined } from '../../../ui/icons';
import { RowAction } from '../../../ui/RowAction';
import { FavoriteStar, userName } from '../../charts';
import { ExportOutlined } from '../../importExport';
import { OwnerAvatars } from '../components/OwnerAvatars';
import { dashboardHref } from './dashboardLinks';

/** Clicking a sorted column flips its direction instead of dropping the sort. */
const ALWAYS_SORTED: SortOrder[] = ['ascend', 'descend', 'ascend'];

/** Why Edit and Delete are disabled on a dashboard the user does not own (spec §6: owners or Admin). */
export const NOT_OWNER_TOOLTIP = 'Only the owners of this dashboard or an admin can change or delete it';

export interface DashboardRowActions {
  canWrite: boolean;
  canExport: boolean;
  /** The user owns the dashboard or is an admin (the server refuses PUT/DELETE otherwise). */
  canModify: (dashboard: DashboardListItem) => boolean;
  isStarred: (id: number) => boolean;
  onToggleStar: (dashboard: DashboardListItem) => void;
  onEdit: (dashboard: DashboardListItem) => void;
  onDelete: (dashboard: DashboardListItem) => void;
  onExport: (dashboard: DashboardListItem) => void;
}

export function StatusTag({ published }: { published: boolean }) {
  return (
    <Tag color={published ? 'blue' : undefined} data-test="dashboard-status">
      {published ? 'Published' : 'Draft'}
    </Tag>
  );
}

export function CertifiedTag({ dashboard }: { dashboard: Pick<DashboardListItem, 'certified_by' | 'certification_details'> }) {
  if (!dashboard.certified_by) return null;
  const details = dashboard.certification_details ? `: ${dashboard.certification_details}` : '';
  return (
    <Tooltip title={`Certified by ${dashboard.certified_by}${details}`}>
      <Tag color="green" data-test="dashboard-certified">
        Certified
      </Tag>
    </Tooltip>
  );
}

/** A dashboard's actions (export, edit, delete) with their permission rules: the list row's and the card footer's. */
export function dashboardActionItems(
  { canWrite, canExport, canModify, onEdit, onDelete, onExport }: DashboardRowActions,
  dashboard: DashboardListItem,
) {
  const notOwner = canModify(dashboard) ? null : NOT_OWNER_TOOLTIP;
  const title = dashboard.dashboard_title;
  return [
    ...(canExport
      ? [<RowAction key="export" title="Export" label={`Export ${title}`} icon={<ExportOutlined />} dataTest="dashboard-export" onClick={() => onExport(dashboard)} />]
      : []),
    ...(canWrite
      ? [
          <RowAction key="edit" title="Edit" label={`Edit ${title}`} icon={<EditOutlined />} dataTest="dashboard-edit" onClick={() => onEdit(dashboard)} disabledReason={notOwner} />,
          <RowAction
            key="delete"
            danger
            title="Delete"
            label={`Delete ${title}`}
            icon={<DeleteOutlined />}
            dataTest="dashboard-delete"
            onClick={() => onDelete(dashboard)}
            disabledReason={notOwner}
          />,
        ]
      : []),
  ];
}

/** Columns of the dashboards list; `key` is the server's order column. */
export function dashboardColumns(actions: DashboardRowActions): ColumnsType<DashboardListItem> {
  const { canWrite, canExport, isStarred, onToggleStar } = actions;
  return [
    {
      key: 'favorite',
      title: '',
      width: 40,
      render: (_value, dashboard) => (
        <FavoriteStar starred={isStarred(dashboard.id)} name={dashboard.dashboard_title} onToggle={() => onToggleStar(dashboard)} />
      ),
    },
    {
      key: 'dashboard_title',
      title: 'Name',
      sorter: true,
      sortDirections: ALWAYS_SORTED,
      render: (_value, dashboard) => (
        <Space size={4}>
          <Link to={dashboardHref(dashboard)} data-test="dashboard-title-link">
            {dashboard.dashboard_title}
          </Link>
          <CertifiedTag dashboard={dashboard} />
        </Space>
      ),
    },
    { key: 'published', title: 'Status', sorter: true, sortDirections: ALWAYS_SORTED, render: (_value, dashboard) => <StatusTag published={dashboard.published} /> },
    { key: 'owners', title: 'Owners', render: (_value, dashboard) => <OwnerAvatars owners={dashboard.owners ?? []} /> },
    {
      key: 'changed_by',
      title: 'Modified by',
      render: (_value, dashboard) => dashboard.changed_by_name || (dashboard.changed_by ? userName(dashboard.changed_by) : ''),
    },
    { key: 'changed_on_delta_humanized', title: 'Last modified', dataIndex: 'changed_on_delta_humanized', sorter: true, sortDirections: ALWAYS_SORTED },
    {
      key: 'actions',
      title: 'Actions',
      fixed: 'right',
      render: (_value, dashboard) => (canWrite || canExport ? <Space size={0}>{dashboardActionItems(actions, dashboard)}</Space> : null),
    },
  ];
}
