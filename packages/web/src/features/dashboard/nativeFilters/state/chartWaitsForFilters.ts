import type { DashboardJsonMetadata, DataMaskState } from '@tessera/core';
import { selectDashboardState } from '../../state/dashboardStateSlice';
import { isRequiredFilter, maskHasValue, nativeFiltersOf, selectsFirstValue } from './filterMasks';

/** The state a chart shows while a filter it needs has no value yet. */
export const WAITING_FOR_FILTERS = 'Waiting for filter values';

/**
 * Whether a chart must not query yet: a filter in its scope is required or selects its first value, and has no applied
 * value yet. Running it would show unfiltered data first and query again once the value comes.
 */
export function chartWaitsForFilters(chartId: number, metadata: DashboardJsonMetadata, applied: DataMaskState): boolean {
  return nativeFiltersOf(metadata).some((filter) => {
    if (!isRequiredFilter(filter) && !selectsFirstValue(filter)) return false;
    const inScope = Array.isArray(filter.chartsInScope) ? filter.chartsInScope.includes(chartId) : true;
    return inScope && !maskHasValue(applied[filter.id]);
  });
}

/** The selector for one chart holder (a boolean: other charts' changes do not re-render it). */
export function selectChartWaitsForFilters(state: object, chartId: number): boolean {
  const dashboard = selectDashboardState(state);
  return chartWaitsForFilters(chartId, dashboard.metadata, dashboard.dataMask);
}
