import type { EchartsProps } from '../../echarts/EchartsRenderer';
import { ensureIsArray, getColumnLabel, getMetricLabel } from '../../shared/chartQuery';
import { buildHierarchy, hierarchyNamer, shareOfNode, type HierarchyNode, type TreeTooltipParams } from '../../shared/hierarchy';
import { metricValueFormatter } from '../../shared/metricFormat';
import { escapeHtml } from '../../shared/escapeHtml';
import { colorScaleOf } from '../../shared/props';
import type { ChartProps } from '../../types';

/** The breadcrumb (shown for two or more levels, to climb back after zooming in) and the room it gets below. */
const BREADCRUMB_HEIGHT = 22;
const BREADCRUMB_GAP = 4;

/** Superset's treemap tooltip: the tile's path, then the metric's value and its share of the parent tile (of the whole at the top). */
export function treemapTooltip(p: TreeTooltipParams, metric: string, format: (v: number) => string): string {
  // The root is the series, named after the metric: below it, the tile's path; at the top, its parent is the whole.
  const path = p.treePathInfo.slice(1);
  const parent = p.treePathInfo.at(-2);
  const share = path.length > 0 && parent?.value !== undefined ? ` (${shareOfNode(p.value, parent)})` : '';
  return `<div>${escapeHtml(path.map((t) => t.name).join(' ▸ '))}</div>${escapeHtml(`${metric}: ${format(p.value)}${share}`)}`;
}

export function transformProps(chartProps: ChartProps): EchartsProps {
  const { formData, queriesData, datasource } = chartProps;
  const levels = ensureIsArray(formData.groupby).map(getColumnLabel);
  const metric = getMetricLabel(formData.metric);
  const colors = colorScaleOf(formData);
  const format = metricValueFormatter(formData, datasource, formData.metric, 'number_format');
  const labelType = (formData.label_type as string | undefined) ?? 'key_value';
  const breadcrumb = levels.length > 1;
  // Top-level nodes get categorical colours; children inherit them (ECharts shades them per level).
  const toData = (nodes: HierarchyNode[], top: boolean): Record<string, unknown>[] =>
    nodes.map((n) => ({
      name: n.name,
      value: n.value,
      // The node's path of level values: a click cross-filters by every level down to it.
      filterValues: n.path,
      ...(top ? { itemStyle: { color: colors.getColor(n.name) } } : {}),
      ...(n.children ? { children: toData(n.children, false) } : {}),
    }));
  // Temporal levels are named in the date format (Superset's formatSeriesName); other cells as they read.
  const nameOf = hierarchyNamer(queriesData[0], formData.date_format as string | undefined);
  const data = toData(buildHierarchy(queriesData[0]?.data ?? [], levels, metric, undefined, nameOf), true);
  const labelText = (separator: string) => (p: { name: string; value: number }) => (labelType === 'key' ? p.name : labelType === 'value' ? format(p.value) : `${p.name}${separator}${format(p.value)}`);
  return {
    echartOptions: {
      animation: false,
      tooltip: { trigger: 'item', formatter: (p: TreeTooltipParams) => treemapTooltip(p, metric, format) },
      series: [
        {
          type: 'treemap',
          name: metric,
          data,
          roam: false,
          // ECharts' default box keeps 20 px off each side and 50 px off the top and bottom, so a width of 100%
          // pushed the tiles past the right edge. The tiles take the whole pane but a strip for the breadcrumb.
          left: 0,
          right: 0,
          top: 0,
          bottom: breadcrumb ? BREADCRUMB_HEIGHT + 2 * BREADCRUMB_GAP : 0,
          breadcrumb: { show: breadcrumb, height: BREADCRUMB_HEIGHT, bottom: BREADCRUMB_GAP },
          // ECharts spaces label lines by the font size alone, so the two lines touch unless given a line height.
          label: { show: formData.show_labels !== false, formatter: labelText('\n'), lineHeight: 16 },
          // Group headers are a one-line strip: a second line would be drawn over the first.
          upperLabel: { show: formData.show_upper_labels !== false, height: 20, formatter: labelText(': ') },
          levels: [{ itemStyle: { gapWidth: 2 } }, { colorSaturation: [0.4, 0.7], itemStyle: { gapWidth: 1, borderColorSaturation: 0.6 } }],
        },
      ],
    },
    filterColumns: levels,
  };
}
