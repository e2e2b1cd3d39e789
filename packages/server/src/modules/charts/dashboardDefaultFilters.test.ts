import { describe, expect, it } from 'vitest';
import { dashboardDefaultFilters, defaultFilterChartIds, filterConfigsOf } from './dashboardDefaultFilters.js';

const layout = {
  ROOT_ID: { type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { type: 'GRID', children: ['ROW-1', 'TABS-1'] },
  'ROW-1': { type: 'ROW', children: ['CHART-7'] },
  'CHART-7': { type: 'CHART', meta: { chartId: 7 } },
  'TABS-1': { type: 'TABS', children: ['TAB-1'] },
  'TAB-1': { type: 'TAB', children: ['CHART-8'] },
  'CHART-8': { type: 'CHART', meta: { chartId: 8 } },
};

const dashboard = (metadata: object, position: object = layout) => ({ json_metadata: JSON.stringify(metadata), position_json: JSON.stringify(position) });

describe('dashboard default filters (Superset get_dashboard_extra_filters)', () => {
  it('turns each default value into an `in` or `==` filter, skipping empty ones', () => {
    const dash = dashboard({ default_filters: JSON.stringify({ 3: { name: ['Ann', 'Bob'], state: 'CA', gender: [], region: null } }) });
    expect(dashboardDefaultFilters(dash, 7)).toEqual([
      { col: 'name', op: 'in', val: ['Ann', 'Bob'] },
      { col: 'state', op: '==', val: 'CA' },
    ]);
  });

  it('leaves out charts outside the filter scope and immune charts', () => {
    const dash = dashboard({
      default_filters: JSON.stringify({ 3: { name: ['Ann'], state: ['CA'] } }),
      filter_scopes: { 3: { name: { scope: ['TAB-1'], immune: [] }, state: { scope: ['ROOT_ID'], immune: [8] } } },
    });
    expect(dashboardDefaultFilters(dash, 7)).toEqual([{ col: 'state', op: 'in', val: ['CA'] }]);
    expect(dashboardDefaultFilters(dash, 8)).toEqual([{ col: 'name', op: 'in', val: ['Ann'] }]);
  });

  it('shapes a value as its filter box declares the column (single or multiple)', () => {
    const dash = dashboard({ default_filters: JSON.stringify({ 3: { name: ['Ann', 'Bob'], state: 'CA' } }) });
    const configs = filterConfigsOf(JSON.stringify({ filter_configs: [{ column: 'name', multiple: false }, { column: 'state', multiple: true }] }));
    expect(dashboardDefaultFilters(dash, 7, (id) => (id === '3' ? configs : []))).toEqual([
      { col: 'name', op: '==', val: 'Ann' },
      { col: 'state', op: 'in', val: ['CA'] },
    ]);
    expect(defaultFilterChartIds(dash.json_metadata)).toEqual([3]);
  });

  it('answers nothing for metadata without defaults or that is not JSON', () => {
    expect(dashboardDefaultFilters({ json_metadata: null, position_json: null }, 7)).toEqual([]);
    expect(dashboardDefaultFilters({ json_metadata: '{oops', position_json: null }, 7)).toEqual([]);
    expect(dashboardDefaultFilters(dashboard({ default_filters: 'not json' }), 7)).toEqual([]);
    expect(defaultFilterChartIds('{oops')).toEqual([]);
  });
});
