import type { ChartPlugin } from './types';
import { plugin as table } from './plugins/table';
import { plugin as pivotTableV2 } from './plugins/pivot_table_v2';
import { plugin as bigNumberTotal } from './plugins/big_number_total';
import { plugin as bigNumber } from './plugins/big_number';
import { plugin as echartsTimeseriesLine } from './plugins/echarts_timeseries_line';
import { plugin as echartsTimeseriesBar } from './plugins/echarts_timeseries_bar';
import { plugin as echartsArea } from './plugins/echarts_area';
import { plugin as echartsTimeseriesScatter } from './plugins/echarts_timeseries_scatter';
import { plugin as echartsTimeseriesSmooth } from './plugins/echarts_timeseries_smooth';
import { plugin as echartsTimeseriesStep } from './plugins/echarts_timeseries_step';
import { plugin as mixedTimeseries } from './plugins/mixed_timeseries';
import { plugin as pie } from './plugins/pie';
import { plugin as funnel } from './plugins/funnel';
import { plugin as gaugeChart } from './plugins/gauge_chart';
import { plugin as radar } from './plugins/radar';
import { plugin as treemapV2 } from './plugins/treemap_v2';
import { plugin as sunburstV2 } from './plugins/sunburst_v2';
import { plugin as heatmapV2 } from './plugins/heatmap_v2';
import { plugin as histogramV2 } from './plugins/histogram_v2';
import { plugin as boxPlot } from './plugins/box_plot';
import { plugin as bubbleV2 } from './plugins/bubble_v2';
import { plugin as waterfall } from './plugins/waterfall';
import { plugin as sankeyV2 } from './plugins/sankey_v2';
import { plugin as graphChart } from './plugins/graph_chart';
import { plugin as wordCloud } from './plugins/word_cloud';
import { plugin as worldMap } from './plugins/world_map';

/**
 * Every chart type the app offers. Plugins are small (metadata, control panel, two pure functions); their
 * renderers stay behind `loadRenderer` so each chart type's drawing code is its own bundle chunk.
 */
const PLUGINS: ChartPlugin<any>[] = [
  table,
  pivotTableV2,
  bigNumberTotal,
  bigNumber,
  echartsTimeseriesLine,
  echartsTimeseriesBar,
  echartsArea,
  echartsTimeseriesScatter,
  echartsTimeseriesSmooth,
  echartsTimeseriesStep,
  mixedTimeseries,
  pie,
  funnel,
  gaugeChart,
  radar,
  treemapV2,
  sunburstV2,
  heatmapV2,
  histogramV2,
  boxPlot,
  bubbleV2,
  waterfall,
  sankeyV2,
  graphChart,
  wordCloud,
  worldMap,
];

/** Viz types removed from Superset and rewritten by its migrations; saved charts may still carry them. */
export const LEGACY_VIZ_TYPES: Readonly<Record<string, string>> = {
  line: 'echarts_timeseries_line',
  area: 'echarts_area',
  bar: 'echarts_timeseries_bar',
  dist_bar: 'echarts_timeseries_bar',
  dual_line: 'mixed_timeseries',
  pivot_table: 'pivot_table_v2',
  heatmap: 'heatmap_v2',
  histogram: 'histogram_v2',
  sankey: 'sankey_v2',
  bubble: 'bubble_v2',
  treemap: 'treemap_v2',
  sunburst: 'sunburst_v2',
};

const byVizType = new Map(PLUGINS.map((p) => [p.metadata.vizType, p as ChartPlugin]));

/** The current viz type for a possibly legacy one. */
export function resolveVizType(vizType: string): string {
  return LEGACY_VIZ_TYPES[vizType] ?? vizType;
}

export function getChartPlugin(vizType: string): ChartPlugin | undefined {
  return byVizType.get(resolveVizType(vizType));
}

export function listChartPlugins(): ChartPlugin[] {
  return [...byVizType.values()];
}
