import { init, setPlatformAPI, use as registerEchartsParts, type EChartsCoreOption, type EChartsType } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { GraphicComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { LabelLayout } from 'echarts/features';

/**
 * Draws an ECharts option for a test the way a chart would, so assertions can read what ECharts itself lays out
 * (tooltip parameters, tile and node positions, which labels survive) rather than only the option handed to it.
 * Server-side SVG rendering needs no canvas, which jsdom lacks.
 */

// Without a canvas ECharts measures text with its own per-character widths. Saying so up front keeps jsdom from
// logging "getContext() not implemented" for every label.
setPlatformAPI({ createCanvas: () => undefined as never });

/** `parts` are what the chart's renderer module registers; the components every chart gets are added here. */
export function drawOption(option: EChartsCoreOption, parts: Parameters<typeof registerEchartsParts>[0], size = { width: 800, height: 400 }): EChartsType {
  registerEchartsParts([SVGRenderer, GridComponent, TooltipComponent, LegendComponent, TitleComponent, GraphicComponent, LabelLayout, ...(Array.isArray(parts) ? parts : [parts])]);
  const chart = init(null as never, undefined, { renderer: 'svg', ssr: true, ...size });
  chart.setOption(option);
  return chart;
}

/** The series model of a drawn chart (ECharts' own data, layout and tooltip parameters live there). */
export function seriesModel(chart: EChartsType, index = 0) {
  // getModel() is not in the public typings, but it is how ECharts' own tests read layouts.
  return (chart as unknown as { getModel(): { getSeriesByIndex(i: number): DrawnSeries } }).getModel().getSeriesByIndex(index);
}

export interface DrawnSeries {
  /** Exactly what a tooltip or label formatter receives for this data item. */
  getDataParams(dataIndex: number, dataType?: string): Record<string, unknown> & { dataIndex: number };
  getData(dataType?: string): {
    count(): number;
    getName(i: number): string;
    getItemLayout(i: number): unknown;
    tree?: { root: DrawnTreeNode };
  };
  coordinateSystem?: { dataToPoint(p: number[]): number[] };
  layoutInfo?: { x: number; y: number; width: number; height: number };
}

export interface DrawnTreeNode {
  name: string;
  children: DrawnTreeNode[];
  getLayout(): { x: number; y: number; width: number; height: number } | undefined;
}

/** The text of every label drawn in the SVG (hidden labels are not in it), one entry per line. */
export function drawnTexts(chart: EChartsType): string[] {
  const svg = chart.renderToSVGString();
  const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  return [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => decode(m[1]!));
}
