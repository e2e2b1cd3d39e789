import { describe, expect, it } from 'vitest';
import { validateControl } from './validators';
import { getChartPlugin, LEGACY_VIZ_TYPES, listChartPlugins } from './registry';
import type { ChartCategory } from './types';

const CATALOGUE: [string, string, ChartCategory][] = [
  ['table', 'Table', 'Table'],
  ['pivot_table_v2', 'Pivot Table', 'Table'],
  ['big_number_total', 'Big Number', 'KPI'],
  ['big_number', 'Big Number with Trendline', 'KPI'],
  ['echarts_timeseries_line', 'Line Chart', 'Evolution'],
  ['echarts_timeseries_bar', 'Bar Chart', 'Evolution'],
  ['echarts_area', 'Area Chart', 'Evolution'],
  ['echarts_timeseries_scatter', 'Scatter Plot', 'Evolution'],
  ['echarts_timeseries_smooth', 'Smooth Line', 'Evolution'],
  ['echarts_timeseries_step', 'Stepped Line', 'Evolution'],
  ['mixed_timeseries', 'Mixed Chart', 'Evolution'],
  ['pie', 'Pie Chart', 'Part of a Whole'],
  ['funnel', 'Funnel Chart', 'Part of a Whole'],
  ['gauge_chart', 'Gauge Chart', 'KPI'],
  ['radar', 'Radar Chart', 'Ranking'],
  ['treemap_v2', 'Treemap', 'Part of a Whole'],
  ['sunburst_v2', 'Sunburst Chart', 'Part of a Whole'],
  ['heatmap_v2', 'Heatmap', 'Correlation'],
  ['histogram_v2', 'Histogram', 'Distribution'],
  ['box_plot', 'Box Plot', 'Distribution'],
  ['bubble_v2', 'Bubble Chart', 'Correlation'],
  ['waterfall', 'Waterfall Chart', 'Evolution'],
  ['sankey_v2', 'Sankey Chart', 'Flow'],
  ['graph_chart', 'Graph Chart', 'Flow'],
  ['word_cloud', 'Word Cloud', 'Ranking'],
  ['world_map', 'World Map', 'Map'],
];

describe('chart registry', () => {
  it('offers every catalogue chart with its name and category', () => {
    expect(listChartPlugins().map((p) => [p.metadata.vizType, p.metadata.name, p.metadata.category])).toEqual(CATALOGUE);
  });
  it('maps legacy viz types onto their replacements', () => {
    expect(getChartPlugin('line')!.metadata.vizType).toBe('echarts_timeseries_line');
    expect(getChartPlugin('dist_bar')!.metadata.vizType).toBe('echarts_timeseries_bar');
    expect(getChartPlugin('dual_line')!.metadata.vizType).toBe('mixed_timeseries');
    for (const target of Object.values(LEGACY_VIZ_TYPES)) expect(getChartPlugin(target)).toBeDefined();
    expect(getChartPlugin('nope')).toBeUndefined();
  });
  it('every plugin has an inline SVG thumbnail and declares controls with known names', () => {
    for (const plugin of listChartPlugins()) {
      expect(plugin.metadata.thumbnail.startsWith('<svg')).toBe(true);
      const names = plugin.controlPanel.sections.flatMap((s) => s.controlSetRows.flat().map((c) => c.name));
      expect(new Set(names).size, plugin.metadata.vizType).toBe(names.length);
      expect(names).toContain('adhoc_filters');
    }
  });
  it('row limits are capped at 100000 and default to 10000 where not chart-specific', () => {
    const rowLimit = getChartPlugin('table')!.controlPanel.sections.flatMap((s) => s.controlSetRows.flat()).find((c) => c.name === 'row_limit')!;
    expect(rowLimit.default).toBe(10000);
    expect(rowLimit.validators).toEqual([{ type: 'integer' }, { type: 'minValue', min: 1 }, { type: 'maxValue', max: 100000 }]);
    // Spec §5: a positive integer; the server would refuse a negative one with a 400 the user cannot place.
    expect(validateControl(rowLimit.validators, '-5')).toEqual(['Value must be at least 1']);
    expect(validateControl(rowLimit.validators, 0)).toEqual(['Value must be at least 1']);
    expect(validateControl(rowLimit.validators, '250')).toEqual([]);
    expect(validateControl(rowLimit.validators, '200000')).toEqual(['Value cannot exceed 100000']);
  });
  it('builds a query context for an empty form of every chart type', () => {
    for (const plugin of listChartPlugins()) {
      const ctx = plugin.buildQuery({ datasource: '1__table', viz_type: plugin.metadata.vizType });
      expect(ctx.queries.length, plugin.metadata.vizType).toBeGreaterThan(0);
    }
  });
});
