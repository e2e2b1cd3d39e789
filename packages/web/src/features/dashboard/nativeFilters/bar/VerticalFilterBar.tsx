import { Button, Flex, theme, Tooltip, Typography } from 'antd';
import FilterOutlined from '@ant-design/icons/FilterOutlined';
import VerticalRightOutlined from '@ant-design/icons/VerticalRightOutlined';
import { CrossFiltersSection } from '../crossFilters';
import { FilterBarActions } from './FilterBarActions';
import { FilterBarEmpty } from './FilterBarEmpty';
import { FilterBarList } from './FilterBarList';
import { FilterBarSettings } from './FilterBarSettings';
import type { FilterBarOrientation } from './filterBarOrientation';
import type { FilterBarModel } from './useFilterBarModel';

/** Width of the open bar and of its folded strip, in px. */
export const FILTER_BAR_WIDTH = 260;
export const FILTER_BAR_COLLAPSED_WIDTH = 32;

export interface VerticalFilterBarProps {
  model: FilterBarModel;
  canEdit: boolean;
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
  onEditFilters: () => void;
  onOrientationChange: (orientation: FilterBarOrientation) => void;
  controlsReady: boolean;
}

/**
 * The bar as a left column (Superset's vertical FilterBar): "Filters and options", the cross-filters, the filters and
 * dividers, then Apply and Clear all. Folded, it keeps its controls mounted (hidden) so that filters selecting their
 * first value still give their charts that value.
 */
export function VerticalFilterBar(props: VerticalFilterBarProps) {
  const { model, canEdit, collapsed, onCollapsedChange, onEditFilters, onOrientationChange, controlsReady } = props;
  const { token } = theme.useToken();
  const hasFilters = model.items.length > 0;
  return (
    <aside
      data-test="filter-bar"
      data-orientation="vertical"
      data-collapsed={collapsed ? 'true' : 'false'}
      aria-label="Filters and options"
      style={{
        width: collapsed ? FILTER_BAR_COLLAPSED_WIDTH : FILTER_BAR_WIDTH,
        flexShrink: 0,
        alignSelf: 'stretch',
        borderRight: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorBgContainer,
      }}
    >
      {collapsed ? (
        <Flex vertical align="center" gap={8} style={{ paddingTop: 8 }}>
          <Tooltip title="Expand filter bar" placement="right">
            <Button type="text" size="small" icon={<VerticalRightOutlined rotate={180} />} aria-label="Expand filter bar" onClick={() => onCollapsedChange(false)} data-test="filter-bar__expand-button" />
          </Tooltip>
          <FilterOutlined style={{ color: token.colorTextSecondary }} />
        </Flex>
      ) : null}
      <Flex vertical style={{ display: collapsed ? 'none' : 'flex', position: 'sticky', top: 0, maxHeight: '100vh', padding: 16, gap: 12 }}>
        <Flex align="center" justify="space-between" gap={8}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            Filters and options
          </Typography.Title>
          <Flex gap={4}>
            {canEdit ? <FilterBarSettings orientation="VERTICAL" onEditFilters={onEditFilters} onOrientationChange={onOrientationChange} /> : null}
            <Tooltip title="Collapse filter bar">
              <Button type="text" size="small" icon={<VerticalRightOutlined />} aria-label="Collapse filter bar" onClick={() => onCollapsedChange(true)} data-test="filter-bar__collapse-button" />
            </Tooltip>
          </Flex>
        </Flex>
        {canEdit && hasFilters ? (
          <Button type="link" onClick={onEditFilters} style={{ padding: 0, alignSelf: 'flex-start' }} data-test="filter-bar__create-filter">
            + Add or edit filters
          </Button>
        ) : null}
        <CrossFiltersSection orientation="VERTICAL" />
        <div style={{ flex: 1, overflowY: 'auto', minHeight: 0 }} data-test="filter-bar__filters">
          {hasFilters ? (
            <FilterBarList items={model.items} model={model} orientation="VERTICAL" controlsReady={controlsReady} />
          ) : (
            <FilterBarEmpty canEdit={canEdit} onAdd={onEditFilters} orientation="VERTICAL" />
          )}
        </div>
        {hasFilters ? (
          <FilterBarActions
            orientation="VERTICAL"
            applyDisabled={model.applyDisabled}
            clearAllDisabled={model.clearAllDisabled}
            onApply={model.apply}
            onClearAll={model.clearAll}
          />
        ) : null}
      </Flex>
    </aside>
  );
}
