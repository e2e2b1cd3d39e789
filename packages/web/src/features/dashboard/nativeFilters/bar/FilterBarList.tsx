import type { NativeFilterConfig } from '@tessera/core';
import { FilterBarDivider } from './FilterBarDivider';
import { FilterBarItem } from './FilterBarItem';
import type { FilterBarModel } from './useFilterBarModel';

export interface FilterBarListProps {
  items: readonly NativeFilterConfig[];
  model: FilterBarModel;
  orientation: 'VERTICAL' | 'HORIZONTAL';
  controlsReady: boolean;
  /** Horizontal row: each entry gets its width from here (the overflow computation uses the same widths). */
  widthOf?: (item: NativeFilterConfig) => number;
}

/** Filters and dividers in configuration order, each with its control. */
export function FilterBarList({ items, model, orientation, controlsReady, widthOf }: FilterBarListProps) {
  return (
    <>
      {items.map((item) => (
        <div key={item.id} style={widthOf ? { width: widthOf(item), flexShrink: 0 } : undefined}>
          {item.type === 'DIVIDER' ? (
            <FilterBarDivider divider={item} orientation={orientation} />
          ) : (
            <FilterBarItem
              filter={item}
              dataMask={model.pending[item.id]}
              parentExtraFormData={model.parentExtraFormData(item)}
              onChange={model.onChange}
              orientation={orientation}
              controlsReady={controlsReady}
            />
          )}
        </div>
      ))}
    </>
  );
}
