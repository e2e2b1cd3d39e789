import { describe, expect, it } from 'vitest';
import type { DashboardLayout } from '../layoutTypes.js';
import { withScopesFilled } from './withScopesFilled.js';

const layout: DashboardLayout = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], meta: {} },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], meta: {} },
  'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1', 'CHART-2', 'CHART-3'], meta: {} },
  'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId: 1 } },
  'CHART-2': { id: 'CHART-2', type: 'CHART', children: [], meta: { chartId: 2 } },
  'CHART-3': { id: 'CHART-3', type: 'CHART', children: [], meta: { chartId: 3 } },
};
const everywhere = { rootPath: ['ROOT_ID'], excluded: [] as number[] };

describe('withScopesFilled', () => {
  it('recomputes the charts a filter or cross-filter reaches from the layout, a chart added after the scope was saved included', () => {
    const filled = withScopesFilled(
      {
        native_filter_configuration: [
          { id: 'NATIVE_FILTER-a', type: 'NATIVE_FILTER', scope: { rootPath: ['ROOT_ID'], excluded: [2] }, chartsInScope: [1] },
          { id: 'NATIVE_FILTER_DIVIDER-b', type: 'DIVIDER', title: 'Section' },
        ],
        global_chart_configuration: { scope: everywhere, chartsInScope: [1, 2] },
        chart_configuration: {
          '1': { id: 1, crossFilters: { scope: 'global', chartsInScope: [2] } },
          '2': { id: 2, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [3] }, chartsInScope: [] } },
        },
        color_scheme: 'supersetColors',
      },
      layout,
    );
    expect(filled.native_filter_configuration).toEqual([
      { id: 'NATIVE_FILTER-a', type: 'NATIVE_FILTER', scope: { rootPath: ['ROOT_ID'], excluded: [2] }, chartsInScope: [1, 3], tabsInScope: [] },
      { id: 'NATIVE_FILTER_DIVIDER-b', type: 'DIVIDER', title: 'Section' },
    ]);
    expect(filled.global_chart_configuration).toEqual({ scope: everywhere, chartsInScope: [1, 2, 3] });
    // A chart never filters itself: the global scope minus the emitter, a custom scope minus the emitter.
    expect(filled.chart_configuration).toEqual({
      '1': { id: 1, crossFilters: { scope: 'global', chartsInScope: [2, 3] } },
      '2': { id: 2, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [3] }, chartsInScope: [1] } },
    });
    expect(filled.color_scheme).toBe('supersetColors');
  });

  it('leaves the metadata as it is without a layout', () => {
    const metadata = { native_filter_configuration: [{ id: 'F', type: 'NATIVE_FILTER', scope: everywhere, chartsInScope: [9] }] };
    expect(withScopesFilled(metadata, null)).toBe(metadata);
  });
});
