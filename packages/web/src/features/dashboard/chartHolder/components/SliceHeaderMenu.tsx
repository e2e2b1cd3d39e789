import { Button, Dropdown, type MenuProps } from 'antd';
import { EllipsisOutlined } from '@ant-design/icons';

/** What the holder lets its menu do; an absent handler hides its item. */
export interface SliceMenuActions {
  lastQueried: string | null;
  isFullSize: boolean;
  hasDescription: boolean;
  drillByColumns: { column_name: string; verbose_name?: string | null }[];
  canDownload: boolean;
  canShare: boolean;
  canExplore: boolean;
  canDrillToDetail: boolean;
  onForceRefresh: () => void;
  onToggleFullSize: () => void;
  onToggleDescription: () => void;
  onExplore: () => void;
  onViewQuery: () => void;
  onViewResults: () => void;
  onDrillToDetail: () => void;
  onDrillBy: (column: string) => void;
  onCopyPermalink: () => void;
  onDownload: (format: 'csv' | 'xlsx' | 'png') => void;
  /** "Cross-filtering scoping" of this chart (editors of a dashboard with cross-filters on, interactive charts). */
  onCrossFilterScoping?: (() => void) | undefined;
}

const item = (key: string, text: string, dataTest = key) => ({ key, label: <span data-test={dataTest}>{text}</span> });

/** The chart holder's "..." menu, with Superset's items and wording. */
export function SliceHeaderMenu(props: SliceMenuActions) {
  const items: MenuProps['items'] = [
    {
      key: 'force_refresh',
      label: (
        <span data-test="refresh-chart-menu-item">
          Force refresh
          {props.lastQueried ? <div style={{ fontSize: 11, opacity: 0.65 }}>{props.lastQueried}</div> : null}
        </span>
      ),
    },
    item('toggle_fullscreen', props.isFullSize ? 'Exit fullscreen' : 'Enter fullscreen'),
    ...(props.hasDescription ? [item('toggle_chart_description', 'Toggle chart description')] : []),
    { type: 'divider' as const },
    ...(props.canExplore ? [item('explore_chart', 'Edit chart')] : []),
    item('view_query', 'View query'),
    item('view_results', 'View as table'),
    ...(props.canDrillToDetail ? [item('drill_to_detail', 'Drill to detail')] : []),
    ...(props.onCrossFilterScoping ? [item('cross_filter_scoping', 'Cross-filtering scoping')] : []),
    ...(props.canExplore && props.drillByColumns.length > 0
      ? [
          {
            key: 'drill_by',
            label: <span data-test="drill-by-submenu">Drill by</span>,
            children: props.drillByColumns.map((c) => item(`drill_by:${c.column_name}`, c.verbose_name || c.column_name, `drill-by-${c.column_name}`)),
          },
        ]
      : []),
    { type: 'divider' as const },
    ...(props.canShare ? [{ key: 'share', label: <span data-test="share-chart-submenu">Share</span>, children: [item('copy_permalink', 'Copy permalink to clipboard')] }] : []),
    ...(props.canDownload
      ? [
          {
            key: 'download',
            label: <span data-test="download-chart-submenu">Download</span>,
            children: [item('export_csv', 'Export to .CSV'), item('export_xlsx', 'Export to Excel'), item('download_as_image', 'Download as image')],
          },
        ]
      : []),
  ];

  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    domEvent.stopPropagation();
    if (key.startsWith('drill_by:')) return props.onDrillBy(key.slice('drill_by:'.length));
    const actions: Record<string, () => void> = {
      force_refresh: props.onForceRefresh,
      toggle_fullscreen: props.onToggleFullSize,
      toggle_chart_description: props.onToggleDescription,
      explore_chart: props.onExplore,
      view_query: props.onViewQuery,
      view_results: props.onViewResults,
      drill_to_detail: props.onDrillToDetail,
      cross_filter_scoping: () => props.onCrossFilterScoping?.(),
      copy_permalink: props.onCopyPermalink,
      export_csv: () => props.onDownload('csv'),
      export_xlsx: () => props.onDownload('xlsx'),
      download_as_image: () => props.onDownload('png'),
    };
    actions[key]?.();
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button
        type="text"
        size="small"
        icon={<EllipsisOutlined rotate={90} />}
        aria-label="More Options"
        className="slice-header-controls-trigger"
        data-test="slice-header-menu"
        onClick={(e) => e.stopPropagation()}
      />
    </Dropdown>
  );
}
