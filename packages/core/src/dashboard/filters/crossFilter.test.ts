import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DashboardLayout } from '../layoutTypes.js';
import {
  chartCrossFilterScope,
  clearedCrossFilter,
  crossFilterConfiguration,
  crossFilterDataMask,
  crossFilterSelectedValues,
  isActiveCrossFilter,
  isInteractiveChart,
  selectionDataMask,
  toggleCrossFilter,
} from './crossFilter.js';

/** ROOT > TABS > [TAB-a > ROW > charts 1, 2; TAB-b > ROW > chart 3]. */
const layout = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-1'], meta: {} },
  'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-a', 'TAB-b'], meta: {} },
  'TAB-a': { id: 'TAB-a', type: 'TAB', children: ['ROW-a'], meta: {} },
  'TAB-b': { id: 'TAB-b', type: 'TAB', children: ['ROW-b'], meta: {} },
  'ROW-a': { id: 'ROW-a', type: 'ROW', children: ['CHART-1', 'CHART-2'], meta: {} },
  'ROW-b': { id: 'ROW-b', type: 'ROW', children: ['CHART-3'], meta: {} },
  'CHART-1': { id: 'CHART-1', type: 'CHART', children: [], meta: { chartId: 1 } },
  'CHART-2': { id: 'CHART-2', type: 'CHART', children: [], meta: { chartId: 2 } },
  'CHART-3': { id: 'CHART-3', type: 'CHART', children: [], meta: { chartId: 3 } },
} as unknown as DashboardLayout;

describe('crossFilterDataMask', () => {
  it('filters each column IN its selected values, keyed by the emitting chart', () => {
    expect(crossFilterDataMask(7, ['gender'], [['boy']], ['boy'])).toEqual({
      id: '7',
      extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] },
      filterState: { value: [['boy']], selectedValues: ['boy'], label: 'boy' },
    });
  });
  it('gives one filter per column for an element of two groupbys, and IS NULL for an empty value', () => {
    const mask = crossFilterDataMask(3, ['gender', 'state'], [[null, 'CA']], ['<NULL>, CA']);
    expect(mask.extraFormData?.filters).toEqual([
      { col: 'gender', op: 'IS NULL' },
      { col: 'state', op: 'IN', val: ['CA'] },
    ]);
    expect(mask.filterState?.value).toEqual([[null, 'CA']]);
  });
  it('clears when nothing is selected', () => {
    expect(crossFilterDataMask(3, ['gender'], [], [])).toEqual(clearedCrossFilter(3));
    expect(isActiveCrossFilter(clearedCrossFilter(3))).toBe(false);
  });
});

describe('toggleCrossFilter', () => {
  const boy = selectionDataMask(1, { columns: ['gender'], values: ['boy'], label: 'boy' });
  const girl = selectionDataMask(1, { columns: ['gender'], values: ['girl'], label: 'girl' });
  it('sets a new value, replaces another one and clears on a second click on the same one', () => {
    expect(toggleCrossFilter(undefined, boy)).toBe(boy);
    expect(toggleCrossFilter(boy, girl)).toBe(girl);
    expect(toggleCrossFilter(boy, boy)).toEqual({ id: '1', extraFormData: {}, filterState: { value: null } });
    expect(toggleCrossFilter(clearedCrossFilter(1), boy)).toBe(boy);
  });
  it('toggles back to the first state after two clicks on any value (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { minLength: 1, maxLength: 3 }), (values) => {
        const columns = values.map((_, i) => `c${i}`);
        const mask = selectionDataMask(5, { columns, values, label: values.join(', ') });
        const once = toggleCrossFilter(undefined, mask);
        expect(isActiveCrossFilter(once)).toBe(true);
        expect(crossFilterSelectedValues(toggleCrossFilter(once, mask))).toBeNull();
      }),
    );
  });
});

describe('isInteractiveChart', () => {
  it('lists the interactive chart types and leaves big numbers, heatmap and waterfall out', () => {
    for (const viz of ['table', 'pie', 'echarts_timeseries_bar', 'treemap_v2', 'sunburst_v2', 'funnel', 'gauge_chart', 'graph_chart', 'radar', 'box_plot']) {
      expect(isInteractiveChart(viz)).toBe(true);
    }
    for (const viz of ['big_number', 'big_number_total', 'heatmap_v2', 'waterfall', undefined, null]) expect(isInteractiveChart(viz)).toBe(false);
  });
});

describe('cross-filter scopes', () => {
  it('reads a chart own scope, else the global one, else the whole dashboard', () => {
    expect(chartCrossFilterScope({}, 1)).toEqual({ scope: { rootPath: ['ROOT_ID'], excluded: [] }, isGlobal: true });
    const metadata = {
      global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [3] }, chartsInScope: [1, 2] },
      chart_configuration: { '2': { id: 2, crossFilters: { scope: { rootPath: ['TAB-b'], excluded: [] }, chartsInScope: [3] } } },
    };
    expect(chartCrossFilterScope(metadata, 1)).toEqual({ scope: { rootPath: ['ROOT_ID'], excluded: [3] }, isGlobal: true });
    expect(chartCrossFilterScope(metadata, 2)).toEqual({ scope: { rootPath: ['TAB-b'], excluded: [] }, isGlobal: false });
  });
  it('computes the charts each chart reaches, never itself', () => {
    const config = crossFilterConfiguration(layout, [1, 2, 3], { rootPath: ['ROOT_ID'], excluded: [3] }, { '2': { rootPath: ['TAB-b'], excluded: [] } });
    expect(config.global_chart_configuration).toEqual({ scope: { rootPath: ['ROOT_ID'], excluded: [3] }, chartsInScope: [1, 2] });
    expect(config.chart_configuration).toEqual({
      '1': { id: 1, crossFilters: { scope: 'global', chartsInScope: [2] } },
      '2': { id: 2, crossFilters: { scope: { rootPath: ['TAB-b'], excluded: [] }, chartsInScope: [3] } },
      '3': { id: 3, crossFilters: { scope: 'global', chartsInScope: [1, 2] } },
    });
  });
});
