import { describe, expect, it } from 'vitest';
import { migrateLegacyFormData } from './legacyFormData';

const base = { datasource: '1__table' };

describe('migrateLegacyFormData', () => {
  it('reads a legacy line chart\'s shifts as offsets ago and its contribution flag as the row mode', () => {
    const next = migrateLegacyFormData({ ...base, viz_type: 'line', time_compare: ['1 year', '28 days ago'], contribution: true });
    expect(next.time_compare).toEqual(['1 year ago', '28 days ago']);
    expect(next.contributionMode).toBe('row');
    expect(next.contribution).toBeUndefined();
  });
  it("reads a Superset box plot's number format as the y axis format", () => {
    expect(migrateLegacyFormData({ datasource: '1__table', viz_type: 'box_plot', number_format: ',.2f' })).toEqual({ datasource: '1__table', viz_type: 'box_plot', y_axis_format: ',.2f' });
  });
  it('renames the keys of a legacy sunburst, bubble chart and pivot table', () => {
    expect(migrateLegacyFormData({ ...base, viz_type: 'sunburst', groupby: ['a', 'b'] })).toMatchObject({ columns: ['a', 'b'] });
    expect(migrateLegacyFormData({ ...base, viz_type: 'bubble', limit: 20 })).toMatchObject({ row_limit: 20 });
    const pivot = migrateLegacyFormData({ ...base, viz_type: 'pivot_table', groupby: ['name'], columns: ['state'], pandas_aggfunc: 'mean' });
    expect(pivot).toMatchObject({ groupbyRows: ['name'], groupbyColumns: ['state'], aggregateFunction: 'Average' });
    expect(pivot.groupby).toBeUndefined();
  });
  it('reads a legacy histogram, sankey and heatmap in their current keys', () => {
    expect(migrateLegacyFormData({ ...base, viz_type: 'histogram', all_columns_x: ['num'], link_length: '10', normalized: true })).toMatchObject({ column: 'num', bins: 10, normalize: true });
    const sankey = migrateLegacyFormData({ ...base, viz_type: 'sankey', groupby: ['source', 'target'], metric: 'count' });
    expect(sankey).toMatchObject({ source: 'source', target: 'target' });
    expect(sankey.groupby).toBeUndefined();
    expect(migrateLegacyFormData({ ...base, viz_type: 'heatmap', all_columns_x: 'a', all_columns_y: 'b' })).toMatchObject({ x_axis: 'a', groupby: 'b' });
  });
  it('keeps values already in the current form, and current viz types as they are', () => {
    expect(migrateLegacyFormData({ ...base, viz_type: 'sunburst', groupby: ['a'], columns: ['b'] }).columns).toEqual(['b']);
    const current = { ...base, viz_type: 'echarts_timeseries_line', time_compare: ['1 year'], groupby: ['g'] };
    expect(migrateLegacyFormData(current)).toEqual(current);
  });
});
