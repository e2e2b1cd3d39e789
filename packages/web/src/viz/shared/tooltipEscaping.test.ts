import { describe, expect, it } from 'vitest';
import { BarChart, BoxplotChart, FunnelChart, GaugeChart, GraphChart, HeatmapChart, PieChart, SankeyChart, ScatterChart } from 'echarts/charts';
import { VisualMapComponent } from 'echarts/components';
import type { FormData } from '@tessera/core';
import { transformProps as boxPlot } from '../plugins/box_plot/transformProps';
import { transformProps as bubble } from '../plugins/bubble_v2/transformProps';
import { transformProps as funnel } from '../plugins/funnel/transformProps';
import { transformProps as gauge } from '../plugins/gauge_chart/transformProps';
import { transformProps as graph } from '../plugins/graph_chart/transformProps';
import { transformProps as heatmap } from '../plugins/heatmap_v2/transformProps';
import { transformProps as pie } from '../plugins/pie/transformProps';
import { transformProps as sankey } from '../plugins/sankey_v2/transformProps';
import { transformProps as waterfall } from '../plugins/waterfall/transformProps';
import type { EchartsProps } from '../echarts/EchartsRenderer';
import type { ChartProps } from '../types';
import { chartProps, chartResult, sumNum } from './testing/fixtures';
import { drawOption, seriesModel } from './testing/drawOption';

/** A value a dataset may well hold (user-entered names): in a tooltip, which ECharts sets as HTML, it would run. */
const HOSTILE = '<img src=x onerror=alert(1)>';
const ESCAPED = '&#60;img src=x onerror=alert(1)&#62;';

type Formatter = (p: unknown) => string;

interface Case {
  name: string;
  transform: (props: ChartProps) => EchartsProps;
  formData: FormData;
  rows: Record<string, unknown>[];
  parts: Parameters<typeof drawOption>[1];
  /** Axis-triggered tooltips get a list of the series' parameters. */
  axis?: boolean;
}

const cases: Case[] = [
  { name: 'pie', transform: pie, formData: { datasource: '1__table', viz_type: 'pie', groupby: ['g'], metric: sumNum }, rows: [{ g: HOSTILE, 'SUM(num)': 3 }], parts: PieChart },
  { name: 'funnel', transform: funnel, formData: { datasource: '1__table', viz_type: 'funnel', groupby: ['g'], metric: sumNum }, rows: [{ g: HOSTILE, 'SUM(num)': 3 }], parts: FunnelChart },
  { name: 'gauge', transform: gauge, formData: { datasource: '1__table', viz_type: 'gauge_chart', groupby: ['g'], metric: sumNum }, rows: [{ g: HOSTILE, 'SUM(num)': 3 }], parts: GaugeChart },
  {
    name: 'sankey',
    transform: sankey,
    formData: { datasource: '1__table', viz_type: 'sankey_v2', source: 'a', target: 'b', metric: sumNum },
    rows: [{ a: HOSTILE, b: 'x', 'SUM(num)': 3 }],
    parts: SankeyChart,
  },
  {
    name: 'graph',
    transform: graph,
    formData: { datasource: '1__table', viz_type: 'graph_chart', source: 'a', target: 'b', metric: sumNum },
    rows: [{ a: HOSTILE, b: 'x', 'SUM(num)': 3 }],
    parts: GraphChart,
  },
  {
    name: 'waterfall',
    transform: waterfall,
    formData: { datasource: '1__table', viz_type: 'waterfall', x_axis: 'q', metric: sumNum },
    rows: [{ q: HOSTILE, 'SUM(num)': 3 }],
    parts: BarChart,
    axis: true,
  },
  {
    name: 'heatmap',
    transform: heatmap,
    formData: { datasource: '1__table', viz_type: 'heatmap_v2', x_axis: 'a', groupby: ['b'], metric: sumNum },
    rows: [{ a: HOSTILE, b: 'x', 'SUM(num)': 3 }],
    parts: [HeatmapChart, VisualMapComponent],
  },
  {
    name: 'box plot',
    transform: boxPlot,
    formData: { datasource: '1__table', viz_type: 'box_plot', columns: ['n'], groupby: ['g'], metrics: [sumNum], whiskerOptions: 'Tukey' },
    rows: [{ g: HOSTILE, 'SUM(num)__min': 1, 'SUM(num)__q1': 2, 'SUM(num)__median': 3, 'SUM(num)__q3': 4, 'SUM(num)__max': 5, 'SUM(num)__mean': 3, 'SUM(num)__count': 9, 'SUM(num)__outliers': [] }],
    parts: [BoxplotChart, ScatterChart],
  },
  {
    name: 'bubble',
    transform: bubble,
    formData: { datasource: '1__table', viz_type: 'bubble_v2', entity: 'e', series: 's', x: 'gdp', y: 'life', size: 'pop' },
    rows: [{ e: HOSTILE, s: HOSTILE, gdp: 1, life: 2, pop: 3 }],
    parts: ScatterChart,
  },
];

describe('chart tooltips', () => {
  it.each(cases)("escape the data's text in the $name tooltip", ({ transform, formData, rows, parts, axis }) => {
    const { echartOptions } = transform(chartProps(formData, [chartResult(rows)]));
    const chart = drawOption(echartOptions, parts);
    const series = seriesModel(chart);
    const own = (echartOptions.series as { tooltip?: { formatter?: Formatter } }[])[0]?.tooltip?.formatter;
    const formatter = own ?? (echartOptions.tooltip as { formatter: Formatter }).formatter;
    const params = series.getDataParams(0);
    const html = formatter(axis ? [params] : params);
    chart.dispose();
    expect(html).toContain(ESCAPED);
    expect(html).not.toContain('<img');
  });
});
