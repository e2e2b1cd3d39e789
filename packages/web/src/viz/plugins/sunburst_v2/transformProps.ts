import type { FormData } from '@tessera/core';
import type { EchartsProps } from '../../echarts/EchartsRenderer';
import { getSequentialScale } from '../../colors/sequentialScale';
import { ensureIsArray, getColumnLabel, getMetricLabel } from '../../shared/chartQuery';
import { escapeHtml } from '../../shared/escapeHtml';
import { buildHierarchy, hierarchyNamer, shareOfNode, type HierarchyNode, type TreeTooltipParams } from '../../shared/hierarchy';
import { colorScaleOf, valueFormatter } from '../../shared/props';
import type { ChartProps } from '../../types';

/** Slices under this share of the total lose their label with "Hide small labels" (Superset's default 5%). */
const SMALL_SLICE_SHARE = 0.05;
/** Inner and outer radius in % of half the pane's shorter side (how ECharts reads percentages here). */
const INNER = 10;
const OUTER = 90;
const LABEL_PADDING = 4;

interface SliceParams extends TreeTooltipParams {
  data?: { secondary?: number };
}

/**
 * Superset's sunburst tooltip: the slice, its share of the total and of its parent slice, the metric's value,
 * and with a secondary metric its value and its ratio to the primary (what the colour shows).
 */
export function sunburstTooltip(p: SliceParams, o: { total: number; metric: string; secondary?: string; format: (v: number) => string }): string {
  const path = p.treePathInfo.slice(1);
  const parent = path.length > 1 ? path.at(-2) : undefined;
  const second = p.data?.secondary;
  const lines = [
    `<b>${escapeHtml(path.map((t) => t.name).join(' ▸ '))}</b>`,
    escapeHtml(`${shareOfNode(p.value, { value: o.total })} of total`),
    parent ? escapeHtml(`${shareOfNode(p.value, parent)} of ${parent.name}`) : '',
    escapeHtml(`${o.metric}: ${o.format(p.value)}${o.secondary && second !== undefined ? `, ${o.secondary}: ${o.format(second)}` : ''}`),
    o.secondary && second !== undefined ? escapeHtml(`${o.secondary}/${o.metric}: ${shareOfNode(second, { value: p.value })}`) : '',
  ];
  return lines.filter(Boolean).join('<br/>');
}

export function transformProps(chartProps: ChartProps): EchartsProps {
  const { formData, queriesData, width, height } = chartProps;
  const levels = ensureIsArray(formData.columns).map(getColumnLabel);
  const metric = getMetricLabel(formData.metric);
  const secondary = formData.secondary_metric ? getMetricLabel(formData.secondary_metric as FormData['metric']) : undefined;
  // Temporal levels are named in the date format (Superset's formatSeriesName); other cells as they read.
  const nameOf = hierarchyNamer(queriesData[0], formData.date_format as string | undefined);
  const tree = buildHierarchy(queriesData[0]?.data ?? [], levels, metric, secondary && secondary !== metric ? secondary : undefined, nameOf);
  const format = valueFormatter(formData, 'number_format');
  const colors = colorScaleOf(formData);
  // With a secondary metric, colour is the secondary/primary ratio on the sequential scheme.
  const ratios: number[] = [];
  const collect = (nodes: HierarchyNode[]) => nodes.forEach((n) => (n.secondary !== undefined && n.value && ratios.push(n.secondary / n.value), n.children && collect(n.children)));
  collect(tree);
  const seq = ratios.length ? getSequentialScale(formData.linear_color_scheme as string | undefined, [Math.min(...ratios), Math.max(...ratios)]) : undefined;
  const total = tree.reduce((s, n) => s + n.value, 0);
  const toData = (nodes: HierarchyNode[]): Record<string, unknown>[] =>
    nodes.map((n) => ({
      name: n.name,
      value: n.value,
      // The slice's path of level values: a click cross-filters by every level down to it.
      filterValues: n.path,
      ...(n.secondary !== undefined ? { secondary: n.secondary } : {}),
      itemStyle: { color: seq && n.secondary !== undefined && n.value ? seq(n.secondary / n.value) : colors.getColor(n.path[0]) },
      ...(n.children ? { children: toData(n.children) } : {}),
    }));
  const labelType = (formData.label_type as string | undefined) ?? 'key';
  // Every level gets an equal ring between the inner and outer radius.
  const ringDepth = (((OUTER - INNER) / 100) * Math.min(width, height)) / 2 / Math.max(1, levels.length);
  return {
    echartOptions: {
      animation: false,
      tooltip: {
        trigger: 'item',
        formatter: (p: SliceParams) => sunburstTooltip(p, { total, metric, secondary: secondary && secondary !== metric ? secondary : undefined, format }),
      },
      series: [
        {
          type: 'sunburst',
          radius: [`${INNER}%`, `${OUTER}%`],
          data: toData(tree),
          label: {
            show: formData.show_labels !== false,
            rotate: 'radial',
            // A formatter returning '' cannot hide a label: ECharts then falls back to the slice's name. The angle
            // is what ECharts checks, and a slice's angle is its share of the whole turn.
            ...(formData.show_labels_threshold_enabled !== false ? { minAngle: SMALL_SLICE_SHARE * 360 } : {}),
            // Radial labels run across the ring: longer ones are cut to its depth instead of running into the next.
            width: Math.max(0, ringDepth - 2 * LABEL_PADDING),
            overflow: 'truncate',
            formatter: (p: { name: string; value: number }) => (labelType === 'value' ? format(p.value) : labelType === 'key_value' ? `${p.name}: ${format(p.value)}` : p.name),
          },
        },
      ],
    },
    filterColumns: levels,
  };
}
