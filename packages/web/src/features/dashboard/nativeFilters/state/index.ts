export { nativeFilterBarSlice, nativeFilterBarActions, selectPendingMasks, type NativeFilterBarState } from './nativeFilterBarSlice';
export { applyFilters, clearAllFilters, filterValueChanged, filterConfigChanged, useFilterBarDispatch } from './filterBarActions';
export { initialDataMask, type InitialMaskSources } from './initialDataMask';
export { chartWaitsForFilters, selectChartWaitsForFilters, WAITING_FOR_FILTERS } from './chartWaitsForFilters';
export { useFilterStateAddress } from './useFilterStateAddress';
export { nativeFiltersOf, hasFilterValue, emptyMask, defaultMask } from './filterMasks';
