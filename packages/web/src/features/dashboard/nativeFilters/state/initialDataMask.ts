import type { DataMask, DataMaskState, NativeFilterConfig } from '@tessera/core';
import { defaultMask, isCrossFilterId } from './filterMasks';

/** Where a page load's filter values may come from (facts §2.5). */
export interface InitialMaskSources {
  /** The rison `native_filters` address parameter. */
  rison?: DataMaskState | null | undefined;
  /** The permalink's `state.dataMask`. */
  permalink?: DataMaskState | null | undefined;
  /** The value stored under `native_filters_key`. */
  filterState?: DataMaskState | null | undefined;
}

function isMask(value: unknown): value is Omit<DataMask, 'id'> & { id?: unknown } {
  return Boolean(value) && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The applied masks a dashboard opens with, as Superset's DashboardPage and dataMask hydration: one source wins as a
 * whole (rison over a permalink over `native_filters_key`), then each native filter takes its default mask overlaid by
 * that source's mask for it. Masks of filters that no longer exist are dropped; cross-filters in the source are kept.
 */
export function initialDataMask(filters: readonly NativeFilterConfig[], sources: InitialMaskSources): DataMaskState {
  const source = sources.rison ?? sources.permalink ?? sources.filterState ?? {};
  const result: DataMaskState = {};
  for (const filter of filters) {
    const stored: unknown = source[filter.id];
    result[filter.id] = isMask(stored) ? { ...defaultMask(filter), ...stored, id: filter.id } : defaultMask(filter);
  }
  for (const [id, mask] of Object.entries(source)) {
    if (isCrossFilterId(id) && isMask(mask)) result[id] = { ...mask, id };
  }
  return result;
}
