import { describe, expect, it } from 'vitest';
import { buildChartFilters, chartListSearchParams, EMPTY_CHART_FILTERS, parseChartListParams } from './chartListFilters';

describe('buildChartFilters', () => {
  it('sends nothing for empty filters', () => {
    expect(buildChartFilters(EMPTY_CHART_FILTERS)).toEqual([]);
  });

  it('maps every filter to its FAB column and operator', () => {
    expect(
      buildChartFilters({ search: '  births ', ownerId: 2, vizType: 'pie', datasetId: 3, dashboardId: 7, favorite: false, certified: true, changedById: 4 }),
    ).toEqual([
      { col: 'slice_name', opr: 'chart_all_text', value: 'births' },
      { col: 'owners', opr: 'rel_m_m', value: 2 },
      { col: 'viz_type', opr: 'eq', value: 'pie' },
      { col: 'datasource_id', opr: 'eq', value: 3 },
      { col: 'dashboards', opr: 'rel_m_m', value: 7 },
      { col: 'id', opr: 'chart_is_favorite', value: false },
      { col: 'id', opr: 'chart_is_certified', value: true },
      { col: 'changed_by', opr: 'rel_o_m', value: 4 },
    ]);
  });
});

describe('chart list address state', () => {
  it('round-trips filters, sort, page and view through the query string', () => {
    const state = {
      filters: { search: 'births', ownerId: 1, vizType: 'table', datasetId: null, dashboardId: 7, favorite: true, certified: false, changedById: 3 },
      table: { page: 2, pageSize: 50, sortColumn: 'slice_name', sortDirection: 'asc' as const },
      view: 'card' as const,
    };
    const params = chartListSearchParams(state);
    expect(params.toString()).toBe('search=births&owner=1&viz_type=table&dashboard=7&favorite=true&certified=false&changed_by=3&order_column=slice_name&order_direction=asc&page=2&page_size=50&view=card');
    expect(parseChartListParams(params)).toEqual(state);
  });

  it('falls back to the defaults for missing or malformed values', () => {
    const state = parseChartListParams(new URLSearchParams('owner=abc&page=-1&order_direction=sideways&favorite=maybe&certified=1&changed_by=x'));
    expect(state.filters).toEqual(EMPTY_CHART_FILTERS);
    expect(state.table).toEqual({ page: 0, pageSize: 25, sortColumn: 'changed_on_delta_humanized', sortDirection: 'desc' });
    expect(state.view).toBe('list');
    expect(chartListSearchParams(state).toString()).toBe('');
  });
});
