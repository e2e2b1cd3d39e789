import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Collapse, Dropdown, Input, Tooltip, Typography } from 'antd';
import { DownOutlined, FunctionOutlined } from '@ant-design/icons';
import { GENERIC_DATA_TYPE } from '@tessera/core';
import { useLazyGetExploreBootstrapQuery } from '../../../api/exploreApi';
import { DatasetEditModal } from '../../datasets';
import { useToasts } from '../../toasts';
import { getClientErrorObject } from '../../errors';
import { changeDatasource, setControlValue } from '../state/exploreSlice';
import { useExploreDispatch, useExploreState } from '../state/ExploreContext';
import { toExploreDatasource } from '../utils/hydrateFromBootstrap';
import { usePermissions } from '../../auth';
import { ROUTES } from '../../../routes';
import { sqlLabRequestFor } from '../utils/sqlLabRequest';
import { isDatasourceMissing } from '../utils/missingDatasource';
import { ChangeDatasetModal } from './ChangeDatasetModal';
import { ColumnTypeIcon, columnGenericType } from './ColumnTypeIcon';

/** Column groups by generic type; columns whose type nobody knows come last rather than posing as strings. */
const GROUPS = [
  { type: GENERIC_DATA_TYPE.TEMPORAL, label: 'Temporal' },
  { type: GENERIC_DATA_TYPE.NUMERIC, label: 'Numeric' },
  { type: GENERIC_DATA_TYPE.STRING, label: 'String' },
  { type: GENERIC_DATA_TYPE.BOOLEAN, label: 'Boolean' },
  { type: null, label: 'Unknown type' },
] as const;

/** The left column: dataset name with its menu, a search box, the columns grouped by generic type and the metrics. */
export function DatasourcePanel() {
  const { datasource, controls, formData } = useExploreState();
  const dispatch = useExploreDispatch();
  const { addDangerToast } = useToasts();
  const [search, setSearch] = useState('');
  const [changing, setChanging] = useState(false);
  const [editing, setEditing] = useState(false);
  const [loadDataset, { isFetching }] = useLazyGetExploreBootstrapQuery();
  const navigate = useNavigate();
  const { can } = usePermissions();
  if (!datasource) return null;

  const needle = search.trim().toLowerCase();
  const matches = (...texts: (string | null | undefined)[]) => !needle || texts.some((t) => t?.toLowerCase().includes(needle));
  const columns = datasource.columns.filter((c) => matches(c.column_name, c.verbose_name));
  const metrics = datasource.metrics.filter((m) => matches(m.metric_name, m.verbose_name));
  const grouped = GROUPS.map((group) => ({ ...group, columns: columns.filter((c) => columnGenericType(c) === group.type) })).filter((g) => g.columns.length > 0);

  const switchTo = async (datasetId: number) => {
    try {
      const result = await loadDataset({ datasource_id: datasetId, datasource_type: 'table' }).unwrap();
      // Also after an edit of this dataset: controls naming columns it no longer has go back to defaults.
      dispatch(changeDatasource(toExploreDatasource(result.dataset)));
      setChanging(false);
    } catch (error) {
      addDangerToast(getClientErrorObject(error).error);
    }
  };

  /** Click to add: a column goes to the first dimensions control, a metric to the first metrics control. */
  const addTo = (types: string[], value: string) => {
    const control = controls.find((c) => types.includes(c.type));
    if (!control) return;
    const current = formData[control.name];
    const list = control.type === 'MetricControl' ? null : Array.isArray(current) ? current : [];
    if (list && list.includes(value)) return;
    dispatch(setControlValue({ name: control.name, value: list ? [...list, value] : value }));
  };

  // The chart's dataset was deleted: the bootstrap answers no dataset, only a message (shown above the chart).
  if (isDatasourceMissing(datasource)) {
    return (
      <div style={{ padding: 8 }} data-test="datasource-panel">
        <Typography.Text strong data-test="datasource-name">
          Missing dataset
        </Typography.Text>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0' }}>
          The dataset of this chart no longer exists. Pick another one to keep working on the chart.
        </Typography.Paragraph>
        <Button type="primary" block onClick={() => setChanging(true)}>
          Swap dataset
        </Button>
        {changing ? <ChangeDatasetModal loading={isFetching} onCancel={() => setChanging(false)} onSelect={(id) => void switchTo(id)} /> : null}
      </div>
    );
  }

  const menu = {
    items: [
      ...(datasource.type === 'table' ? [{ key: 'edit', label: 'Edit dataset' }] : []),
      { key: 'change', label: 'Change dataset' },
      ...(can('can_read', 'SQLLab') ? [{ key: 'sqllab', label: 'View in SQL Lab' }] : []),
    ],
    onClick: ({ key }: { key: string }) => {
      if (key === 'change') setChanging(true);
      if (key === 'edit') setEditing(true);
      if (key === 'sqllab') void navigate(ROUTES.sqlLab, { state: { requestedQuery: sqlLabRequestFor(datasource) } });
    },
  };

  return (
    <div style={{ padding: 8, height: '100%', overflow: 'auto' }} data-test="datasource-panel">
      <Dropdown menu={menu} trigger={['click']}>
        <Button type="text" block style={{ justifyContent: 'space-between', fontWeight: 600 }} data-test="datasource-menu-trigger">
          <Tooltip title={datasource.name}>
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }} data-test="datasource-name">
              {datasource.name}
            </span>
          </Tooltip>
          <DownOutlined />
        </Button>
      </Dropdown>
      <Input.Search aria-label="Search Metrics & Columns" placeholder="Search Metrics & Columns" allowClear value={search} onChange={(e) => setSearch(e.target.value)} style={{ margin: '8px 0' }} />
      <Collapse
        size="small"
        ghost
        defaultActiveKey={['metrics', 'columns']}
        items={[
          {
            key: 'metrics',
            label: `Metrics (${metrics.length})`,
            children: metrics.map((m) => (
              <div key={m.metric_name} title={m.expression} style={{ fontSize: 12, padding: '2px 0', cursor: 'pointer' }} data-test="datasource-metric" onClick={() => addTo(['MetricsControl', 'MetricControl'], m.metric_name)}>
                <FunctionOutlined /> {m.verbose_name || m.metric_name}
              </div>
            )),
          },
          {
            key: 'columns',
            label: `Columns (${columns.length})`,
            children: grouped.map((group) => (
              <div key={group.label} style={{ marginBottom: 8 }}>
                <Typography.Text type="secondary" style={{ fontSize: 11, textTransform: 'uppercase' }}>
                  {group.label}
                </Typography.Text>
                {group.columns.map((c) => (
                  <div key={c.column_name} title={(c.expression && c.expression !== c.column_name ? c.expression : c.type) ?? ''} style={{ fontSize: 12, padding: '2px 0', cursor: 'pointer' }} data-test="datasource-column" onClick={() => addTo(['GroupByControl'], c.column_name)}>
                    <ColumnTypeIcon column={c} /> {c.verbose_name || c.column_name}
                  </div>
                ))}
              </div>
            )),
          },
        ]}
      />
      <DatasetEditModal datasetId={editing ? datasource.id : null} onClose={() => setEditing(false)} onSaved={() => void switchTo(datasource.id)} />
      {changing ? <ChangeDatasetModal loading={isFetching} onCancel={() => setChanging(false)} onSelect={(id) => void switchTo(id)} /> : null}
    </div>
  );
}
