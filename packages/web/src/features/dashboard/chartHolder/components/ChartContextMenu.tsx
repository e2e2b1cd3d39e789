import { Dropdown, type MenuProps } from 'antd';
import { filterText, type DrillFilter } from '../drill/drillQueries';

interface ChartContextMenuProps {
  x: number;
  y: number;
  filters: DrillFilter[];
  canDrillToDetail: boolean;
  drillByColumns: { column_name: string; verbose_name?: string | null }[];
  onDrillToDetail: (filters: DrillFilter[]) => void;
  onDrillBy: (column: string, filters: DrillFilter[]) => void;
  /** The clicked element's cross-filter, when the chart emits them: "Add cross-filter", or "Remove cross-filter" when it is the active one. */
  crossFilter?: { isSelected: boolean } | null;
  onCrossFilter?: () => void;
  onClose: () => void;
}

/** The right-click menu on a drawn chart (facts §4.2): drill to detail by the clicked point, drill by another column. */
export function ChartContextMenu({ x, y, filters, canDrillToDetail, drillByColumns, onDrillToDetail, onDrillBy, crossFilter, onCrossFilter, onClose }: ChartContextMenuProps) {
  const by = filters.map(filterText).join(', ');
  const items: MenuProps['items'] = [
    ...(crossFilter
      ? [
          {
            key: 'cross_filter',
            label: <span data-test="context-menu-cross-filter">{crossFilter.isSelected ? 'Remove cross-filter' : 'Add cross-filter'}</span>,
          },
        ]
      : []),
    ...(canDrillToDetail
      ? [{ key: 'drill_to_detail', label: <span data-test="context-menu-drill-to-detail">{by ? `Drill to detail by ${by}` : 'Drill to detail'}</span> }]
      : []),
    ...(drillByColumns.length > 0
      ? [
          {
            key: 'drill_by',
            label: <span data-test="context-menu-drill-by">Drill by</span>,
            children: drillByColumns.map((c) => ({ key: `drill_by:${c.column_name}`, label: <span data-test={`drill-by-${c.column_name}`}>{c.verbose_name || c.column_name}</span> })),
          },
        ]
      : []),
  ];
  if (items.length === 0) return null;
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'cross_filter') onCrossFilter?.();
    else if (key === 'drill_to_detail') onDrillToDetail(filters);
    else if (key.startsWith('drill_by:')) onDrillBy(key.slice('drill_by:'.length), filters);
    onClose();
  };
  return (
    <Dropdown open menu={{ items, onClick }} onOpenChange={(open) => !open && onClose()} trigger={['contextMenu']}>
      <div data-test="chart-context-menu" style={{ position: 'fixed', left: x, top: y, width: 1, height: 1 }} />
    </Dropdown>
  );
}
