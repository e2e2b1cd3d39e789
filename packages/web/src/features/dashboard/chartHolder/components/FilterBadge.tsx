import { Button, Popover, Tooltip, Typography } from 'antd';
import { FilterOutlined, WarningOutlined } from '@ant-design/icons';
import type { FilterIndicator, IndicatorStatus } from '../utils/filterIndicators';

interface FilterBadgeProps {
  indicators: FilterIndicator[];
  /** Clicking a filter's name (Superset scrolls the bar to it). */
  onFocusFilter?: ((id: string) => void) | undefined;
}

const SECTIONS: { status: IndicatorStatus; title: (n: number) => string }[] = [
  { status: 'crossFilterApplied', title: (n) => `Applied cross-filters (${n})` },
  { status: 'applied', title: (n) => `Applied filters (${n})` },
  { status: 'incompatible', title: (n) => `Incompatible filters (${n})` },
];

function Section({ title, items, status, onFocusFilter }: { title: string; items: FilterIndicator[]; status: IndicatorStatus; onFocusFilter?: ((id: string) => void) | undefined }) {
  return (
    <div data-test={`filter-badge-section-${status}`} style={{ marginBottom: 8 }}>
      <Typography.Text strong>{title}</Typography.Text>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => (
          <li key={item.id} data-test="filter-badge-item" style={{ padding: '2px 0' }}>
            {onFocusFilter ? (
              <Typography.Link onClick={() => onFocusFilter(item.id)}>{item.name}</Typography.Link>
            ) : (
              <Typography.Text>{item.name}</Typography.Text>
            )}
            {item.column ? <Typography.Text type="secondary"> ({item.column})</Typography.Text> : null}
            <Typography.Text>: {item.value}</Typography.Text>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The chart header's filter badge (Superset's FiltersBadge): the count of filters applied to the chart (native and
 * cross), and on click the applied and incompatible ones with their values. Hidden when no filter reaches the chart.
 */
export function FilterBadge({ indicators, onFocusFilter }: FilterBadgeProps) {
  if (indicators.length === 0) return null;
  const applied = indicators.filter((i) => i.status !== 'incompatible').length;
  const incompatible = indicators.length - applied;
  const content = (
    <div data-test="filter-badge-popover" style={{ maxWidth: 320 }}>
      {SECTIONS.map(({ status, title }) => {
        const items = indicators.filter((i) => i.status === status);
        return items.length > 0 ? <Section key={status} title={title(items.length)} items={items} status={status} onFocusFilter={onFocusFilter} /> : null;
      })}
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Tooltip title="Applied filters">
        <Button
          type="text"
          size="small"
          data-test="applied-filter-count"
          aria-label={`${applied} applied filters`}
          icon={incompatible > 0 && applied === 0 ? <WarningOutlined /> : <FilterOutlined />}
        >
          <span data-test="filter-badge-count">{applied}</span>
          {incompatible > 0 ? <WarningOutlined data-test="filter-badge-incompatible" style={{ color: 'var(--ant-color-warning, #faad14)' }} /> : null}
        </Button>
      </Tooltip>
    </Popover>
  );
}
