import { randomBytes } from 'node:crypto';
import { ROOT_ID, type NativeFilterConfig } from '@tessera/core';
import type { ExampleFilter } from './exampleDashboard.js';

/** Superset's filter ids: NATIVE_FILTER- and 10 url-safe characters. */
function filterId(): string {
  return `NATIVE_FILTER-${randomBytes(8).toString('base64url').slice(0, 10)}`;
}

/**
 * The dashboard's `native_filter_configuration` (facts §4.1): each filter scoped to the whole dashboard, on the
 * example's dataset. `chartsInScope` lists every chart; the dashboards service recomputes it from the layout on save.
 */
export function exampleFilters(filters: readonly ExampleFilter[], datasetId: number, chartIds: readonly number[]): NativeFilterConfig[] {
  return filters.map((f) => ({
    id: filterId(),
    type: 'NATIVE_FILTER',
    name: f.name,
    filterType: f.filterType,
    targets: f.column ? [{ datasetId, column: { name: f.column } }] : [{}],
    controlValues:
      f.filterType === 'filter_select'
        ? { multiSelect: f.multiSelect ?? true, enableEmptyFilter: false, defaultToFirstItem: false, inverseSelection: false, searchAllOptions: false }
        : { enableEmptyFilter: false },
    defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
    cascadeParentIds: [],
    scope: { rootPath: [ROOT_ID], excluded: [] },
    chartsInScope: [...chartIds],
    tabsInScope: [],
    description: '',
  }));
}
