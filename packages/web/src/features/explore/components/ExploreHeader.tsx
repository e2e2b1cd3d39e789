import { useState } from 'react';
import { Button, Dropdown, Space, Typography } from 'antd';
import { EllipsisOutlined } from '@ant-design/icons';
import { usePermissions } from '../../auth';
import { ChartDashboardLinks } from '../../charts';
import { getChartPlugin } from '../../chart';
import { useExploreActions } from '../hooks/useExploreActions';
import { setSliceName, sliceSaved } from '../state/exploreSlice';
import { useExploreDispatch, useExploreState } from '../state/ExploreContext';
import { EmbedCodeModal } from './EmbedCodeModal';
import { PropertiesModal } from './PropertiesModal';
import { SaveModal } from './SaveModal';
import { StarToggle } from './StarToggle';
import { ViewQueryModal } from './ViewQueryModal';

type Open = 'save' | 'properties' | 'query' | 'embed' | null;

/** Title (editable), star, save and the actions menu (properties, downloads, permalink, view query, run in SQL Lab). */
export function ExploreHeader() {
  const { slice, sliceName, permissions, formData } = useExploreState();
  const dispatch = useExploreDispatch();
  const [open, setOpen] = useState<Open>(null);
  const { download, downloadPivoted, downloadImage, copyPermalink, emailPermalink, makePermalink, runInSqlLab } = useExploreActions();
  const pivoted = Boolean(getChartPlugin(formData.viz_type)?.pivotedCsv);
  const { can } = usePermissions();

  const menuItems = [
    ...(slice ? [{ key: 'properties', label: 'Edit chart properties' }] : []),
    {
      key: 'download',
      label: 'Download',
      disabled: !permissions.can_download,
      children: [
        { key: 'csv', label: 'Export to .CSV' },
        ...(pivoted ? [{ key: 'pivoted', label: 'Export to Pivoted .CSV' }] : []),
        { key: 'json', label: 'Export to .JSON' },
        { key: 'png', label: 'Download as image' },
        { key: 'xlsx', label: 'Export to Excel' },
      ],
    },
    {
      key: 'share',
      label: 'Share',
      children: [
        { key: 'permalink', label: 'Copy permalink to clipboard' },
        { key: 'email', label: 'Share permalink by email' },
        { key: 'embed', label: 'Embed code' },
      ],
    },
    { key: 'query', label: 'View query' },
    ...(can('can_read', 'SQLLab') ? [{ key: 'sqllab', label: 'Run in SQL Lab' }] : []),
  ];
  const onMenu = ({ key }: { key: string }) => {
    if (key === 'properties' || key === 'query' || key === 'embed') setOpen(key);
    if (key === 'email') void emailPermalink();
    if (key === 'csv' || key === 'xlsx' || key === 'json') void download(key);
    if (key === 'sqllab') void runInSqlLab();
    if (key === 'pivoted') void downloadPivoted();
    if (key === 'png') void downloadImage();
    if (key === 'permalink') void copyPermalink();
  };

  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '8px 16px', borderBottom: '1px solid rgba(0,0,0,0.06)' }} data-test="explore-header">
      <Space align="center">
        <Typography.Title
          level={4}
          style={{ margin: 0 }}
          editable={{ onChange: (text) => dispatch(setSliceName(text)), triggerType: ['text', 'icon'], tooltip: 'Edit chart name' }}
          data-test="editable-title"
        >
          {sliceName || 'Add the name of the chart'}
        </Typography.Title>
        {slice ? <StarToggle chartId={slice.slice_id} /> : null}
        {slice ? <ChartDashboardLinks chartId={slice.slice_id} /> : null}
      </Space>
      <Space>
        <Button type="primary" onClick={() => setOpen('save')} disabled={!permissions.can_add && !permissions.can_overwrite} data-test="query-save-button">
          Save
        </Button>
        <Dropdown menu={{ items: menuItems, onClick: onMenu }} trigger={['click']}>
          <Button icon={<EllipsisOutlined />} aria-label="Menu actions trigger" data-test="actions-trigger" />
        </Dropdown>
      </Space>
      {open === 'save' ? <SaveModal onClose={() => setOpen(null)} /> : null}
      {open === 'query' ? <ViewQueryModal formData={formData} onClose={() => setOpen(null)} /> : null}
      {open === 'embed' ? <EmbedCodeModal makePermalink={makePermalink} onClose={() => setOpen(null)} /> : null}
      {open === 'properties' && slice ? (
        <PropertiesModal slice={slice} onClose={() => setOpen(null)} onSaved={(next) => dispatch(sliceSaved({ slice: next, permissions }))} />
      ) : null}
    </div>
  );
}
