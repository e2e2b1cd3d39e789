import { useEffect, useMemo, useRef, useState } from 'react';
import { Flex, theme } from 'antd';
import type { NativeFilterConfig } from '@tessera/core';
import { CrossFiltersSection } from '../crossFilters';
import { FilterBarActions } from './FilterBarActions';
import { FilterBarEmpty } from './FilterBarEmpty';
import { FilterBarList } from './FilterBarList';
import { FilterBarSettings } from './FilterBarSettings';
import type { FilterBarOrientation } from './filterBarOrientation';
import { MoreFilters } from './MoreFilters';
import { HORIZONTAL_DIVIDER_WIDTH, HORIZONTAL_FILTER_WIDTH, HORIZONTAL_GAP, visibleCount } from './overflowCount';
import type { FilterBarModel } from './useFilterBarModel';

export interface HorizontalFilterBarProps {
  model: FilterBarModel;
  canEdit: boolean;
  onEditFilters: () => void;
  onOrientationChange: (orientation: FilterBarOrientation) => void;
  controlsReady: boolean;
}

const widthOf = (item: NativeFilterConfig) => (item.type === 'DIVIDER' ? HORIZONTAL_DIVIDER_WIDTH : HORIZONTAL_FILTER_WIDTH);

/** The row's width as it is laid out (0 until measured, or without ResizeObserver: everything goes to the row then). */
function useRowWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => setWidth(entries[0]?.contentRect.width ?? null));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * The bar as a row above the grid (`filter_bar_orientation: HORIZONTAL`): cross-filters first, then the filters that
 * fit, the rest under "More filters", then Apply and Clear all.
 */
export function HorizontalFilterBar({ model, canEdit, onEditFilters, onOrientationChange, controlsReady }: HorizontalFilterBarProps) {
  const { token } = theme.useToken();
  const [rowRef, rowWidth] = useRowWidth();
  const count = useMemo(() => (rowWidth === null ? model.items.length : visibleCount(model.items.map(widthOf), rowWidth)), [model.items, rowWidth]);
  const shown = model.items.slice(0, count);
  const overflow = model.items.slice(count);
  const hasFilters = model.items.length > 0;
  return (
    <Flex
      data-test="filter-bar"
      data-orientation="horizontal"
      aria-label="Filters and options"
      role="region"
      align="center"
      gap={HORIZONTAL_GAP}
      style={{ padding: '8px 0', marginBottom: 8, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <CrossFiltersSection orientation="HORIZONTAL" />
      <div ref={rowRef} style={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: HORIZONTAL_GAP }} data-test="filter-bar__filters">
        {hasFilters ? (
          <>
            <FilterBarList items={shown} model={model} orientation="HORIZONTAL" controlsReady={controlsReady} widthOf={widthOf} />
            {overflow.length > 0 ? (
              <MoreFilters count={overflow.filter((item) => item.type !== 'DIVIDER').length}>
                <FilterBarList items={overflow} model={model} orientation="VERTICAL" controlsReady={controlsReady} />
              </MoreFilters>
            ) : null}
          </>
        ) : (
          <FilterBarEmpty canEdit={canEdit} onAdd={onEditFilters} orientation="HORIZONTAL" />
        )}
      </div>
      {hasFilters ? (
        <FilterBarActions
          orientation="HORIZONTAL"
          applyDisabled={model.applyDisabled}
          clearAllDisabled={model.clearAllDisabled}
          onApply={model.apply}
          onClearAll={model.clearAll}
        />
      ) : null}
      {canEdit ? <FilterBarSettings orientation="HORIZONTAL" onEditFilters={onEditFilters} onOrientationChange={onOrientationChange} /> : null}
    </Flex>
  );
}
