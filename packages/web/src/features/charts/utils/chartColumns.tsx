import { Link } from 'react-router';
import { Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';
import type { ChartListItem } from '../../../api/chartApi';
import { DeleteOutlined, EditOutlined } from '../../../ui/icons';
import { RowAction } from '../../../ui/RowAction';
import { ExportOutlined } from '../../importExport';
import { FavoriteStar } from '../components/FavoriteStar';
import { VizTypeName } from '../components/VizThumbnail';
import { chartExplorePath, dashboardPath, datasetExplorePath } from './chartLinks';
import { userName } from './userName';

/** Clicking a sorted column flips its direction instead of dropping the sort. */
const ALWAYS_SORTED: SortOrder[] = ['ascend', 'descend', 'ascend'];

/** Why Edit and Delete are disabled on a chart the user does not own (spec §6: owners or Admin). */
export const NOT_OWNER_TOOLTIP = 'Only the owners of this chart or an admin can change or delete it';

export interface ChartRowActions {
  canWrite: boolean;
  canExport: boolean;
  /** The user owns the chart or is an admin (the server refuses PUT/DELETE otherwise). */
  canModify: (chart: ChartListItem) => boolean;
  isStarred: (id: number) => boolean;
  onToggleStar: (chart: ChartListItem) => void;
  onEdit: (chart: ChartListItem) => void;
  onDelete: (chart: ChartListItem) => void;
  onExport: (chart: ChartListItem) => void;
}

export function DatasetCell({ chart }: { chart: ChartListItem }) {
  const name = chart.datasource_name_text ?? chart.table?.table_name;
  if (!name) return null;
  // The server sends no datasource_url (and no table) once the dataset is deleted: a link would open an explorer on nothing.
  if (!chart.datasource_url && !chart.table) {
    return (
      <Tooltip title="The dataset of this chart no longer exists">
        <Typography.Text type="secondary" data-test="chart-dataset-missing">
          {name}
        </Typography.Text>
      </Tooltip>
    );
  }
  return <Link to={chart.datasource_url ?? datasetExplorePath(chart.datasource_id, chart.datasource_type)}>{name}</Link>;
}

function DashboardsCell({ chart }: { chart: ChartListItem }) {
  return (
    <Space size={[0, 4]} wrap>
      {(chart.dashboards ?? []).map((dashboard) => (
        <Tag key={dashboard.id}>
          <Link to={dashboardPath(dashboard.id)}>{dashboard.dashboard_title}</Link>
        </Tag>
      ))}
    </Space>
  );
}

/** A chart's actions (export, edit, delete) with their permission rules: the list row's and the card footer's. */
export function chartActionItems({ canWrite, canExport, canModify, onEdit, onDelete, onExport }: ChartRowActions, chart: ChartListItem) {
  const notOwner = canModify(chart) ? null : NOT_OWNER_TOOLTIP;
  return [
    ...(canExport
      ? [<RowAction key="export" title="Export" label={`Export ${chart.slice_name}`} icon={<ExportOutlined />} dataTest="chart-export" onClick={() => onExport(chart)} />]
      : []),
    ...(canWrite
      ? [
          <RowAction key="edit" title="Edit" label={`Edit ${chart.slice_name}`} icon={<EditOutlined />} dataTest="chart-edit" onClick={() => onEdit(chart)} disabledReason={notOwner} />,
          <RowAction
            key="delete"
            danger
            title="Delete"
            label={`Delete ${chart.slice_name}`}
            icon={<DeleteOutlined />}
            dataTest="chart-delete"
            onClick={() => onDelete(chart)}
            disabledReason={notOwner}
          />,
        ]
      : []),
  ];
}

/** Columns of the charts list; `key` is the server's order column. */
export function chartColumns(actions: ChartRowActions): ColumnsType<ChartListItem> {
  const { canWrite, canExport, isStarred, onToggleStar } = actions;
  return [
    {
      key: 'favorite',
      title: '',
      width: 40,
      render: (_value, chart) => (
        <FavoriteStar starred={isStarred(chart.id)} name={chart.slice_name} onToggle={() => onToggleStar(chart)} />
      ),
    },
    {
      key: 'slice_name',
      title: 'Name',
      sorter: true,
      sortDirections: ALWAYS_SORTED,
      render: (_value, chart) => (
        <Space size={4}>
          <Link to={chart.slice_url || chartExplorePath(chart.id)} data-test="chart-name-link">
            {chart.slice_name}
          </Link>
          {chart.certified_by ? (
            <Tooltip title={`Certified by ${chart.certified_by}${chart.certification_details ? `: ${chart.certification_details}` : ''}`}>
              <Tag color="green">Certified</Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    { key: 'viz_type', title: 'Type', sorter: true, sortDirections: ALWAYS_SORTED, render: (_value, chart) => <VizTypeName vizType={chart.viz_type} /> },
    { key: 'datasource_name', title: 'Dataset', sorter: true, sortDirections: ALWAYS_SORTED, render: (_value, chart) => <DatasetCell chart={chart} /> },
    { key: 'dashboards', title: 'Dashboards added to', render: (_value, chart) => <DashboardsCell chart={chart} /> },
    {
      key: 'owners',
      title: 'Owners',
      render: (_value, chart) => <Typography.Text>{(chart.owners ?? []).map(userName).join(', ')}</Typography.Text>,
    },
    {
      key: 'changed_by',
      title: 'Modified by',
      render: (_value, chart) => chart.changed_by_name ?? (chart.changed_by ? userName(chart.changed_by) : ''),
    },
    { key: 'changed_on_delta_humanized', title: 'Last modified', dataIndex: 'changed_on_delta_humanized', sorter: true, sortDirections: ALWAYS_SORTED },
    {
      key: 'actions',
      title: 'Actions',
      fixed: 'right',
      render: (_value, chart) =>
        canWrite || canExport ? <Space size={0}>{chartActionItems(actions, chart)}</Space> : null,
    },
  ];
}
