import type { QueryColumn } from '@tessera/core';
import type { EchartsProps } from '../../echarts/EchartsRenderer';
import { getColumnLabel, getMetricLabel } from '../../shared/chartQuery';
import { colorScaleOf, labelOf, legendOption, textWidth, toNumber, valueFormatter } from '../../shared/props';
import type { ChartProps } from '../../types';
import { forceLayout } from './forceLayout';
import { escapeHtml } from '../../shared/escapeHtml';

/** Gap between a node and its label on the right. */
const LABEL_DISTANCE = 5;
const LABEL_HEIGHT = 16;
/** Labels longer than this share of the pane are cut, so the room kept for them stays reasonable. */
const MAX_LABEL_SHARE = 0.25;
/** Space kept clear along the pane's edges, the height of a legend row, and the narrowest box the graph gets. */
const MARGIN = 8;
const LEGEND_HEIGHT = 30;
/** What a vertical legend adds to its longest name: padding, the colour swatch and the gap after it. */
const LEGEND_ICON = 50;
const MIN_BOX = 40;

interface GraphNode {
  id: string;
  name: string;
  value: number;
  category?: number;
}

export function transformProps(chartProps: ChartProps): EchartsProps {
  const { formData, queriesData, width } = chartProps;
  const label = (key: string) => (formData[key] ? getColumnLabel(formData[key] as QueryColumn) : undefined);
  const [source, target, sourceCategory, targetCategory] = [label('source')!, label('target')!, label('source_category'), label('target_category')];
  const metric = getMetricLabel(formData.metric);
  const nodes = new Map<string, GraphNode>();
  const categories: string[] = [];
  const categoryIndex = (name: string | undefined) => {
    if (name === undefined) return undefined;
    if (!categories.includes(name)) categories.push(name);
    return categories.indexOf(name);
  };
  const links = (queriesData[0]?.data ?? []).map((row) => {
    const value = toNumber(row[metric]) ?? 0;
    const ends: [string, string | undefined][] = [
      [labelOf(row[source]), sourceCategory ? labelOf(row[sourceCategory]) : undefined],
      [labelOf(row[target]), targetCategory ? labelOf(row[targetCategory]) : undefined],
    ];
    // A node's size is the total value of its edges.
    for (const [name, category] of ends) {
      const node = nodes.get(name) ?? { id: name, name, value: 0 };
      node.category ??= categoryIndex(category);
      node.value += value;
      nodes.set(name, node);
    }
    return { source: ends[0]![0], target: ends[1]![0], value };
  });
  const maxNode = Math.max(1, ...[...nodes.values()].map((n) => n.value));
  const maxLink = Math.max(1, ...links.map((l) => l.value));
  const baseNode = Number(formData.baseNodeSize ?? 20);
  const baseEdge = Number(formData.baseEdgeWidth ?? 3);
  const colors = colorScaleOf(formData);
  const format = valueFormatter(formData);
  const roam = formData.roam;
  const circular = formData.layout === 'circular';
  const nodeList = [...nodes.values()].map((n) => ({ ...n, symbolSize: baseNode * (0.5 + n.value / maxNode) }));
  const index = new Map(nodeList.map((n, i) => [n.id, i]));
  const positions = circular
    ? undefined
    : forceLayout(
        nodeList.length,
        links.map((l) => [index.get(l.source)!, index.get(l.target)!] as const),
        { edgeLength: Number(formData.edgeLength ?? 400), repulsion: Number(formData.repulsion ?? 1000), gravity: Number(formData.gravity ?? 0.3), friction: Number(formData.friction ?? 0.2) },
      );
  // ECharts stretches the layout over the series box. The box leaves room for the largest node, the legend and
  // the labels, which sit right of their node: only as much room on the right as the labels near it need.
  const radius = Math.max(0, ...nodeList.map((n) => n.symbolSize)) / 2;
  const labelCap = Math.round(width * MAX_LABEL_SHARE);
  const labelWidths = nodeList.map((n) => Math.min(textWidth(n.name), labelCap));
  const legend = legendOption(formData, categories);
  const legendSide = categories.length && legend.show ? ((formData.legendOrientation as string | undefined) ?? 'top') : undefined;
  const legendRoom = (side: string) => (legendSide !== side ? 0 : side === 'top' || side === 'bottom' ? LEGEND_HEIGHT : Math.min(width * 0.4, Math.max(...categories.map((c) => textWidth(c))) + LEGEND_ICON));
  const left = MARGIN + radius + legendRoom('left');
  const rightEdge = width - MARGIN - legendRoom('right');
  const labelRoom = (i: number) => nodeList[i]!.symbolSize / 2 + LABEL_DISTANCE + labelWidths[i]!;
  let right = width - rightEdge + radius + LABEL_DISTANCE + Math.max(0, ...labelWidths);
  if (positions) {
    const xs = positions.map(([x]) => x);
    const [min, span] = [Math.min(...xs), Math.max(...xs) - Math.min(...xs)];
    // A node at share u of the box's width sits at left + u · (width - left - right); its label must end by rightEdge.
    const needed = xs.map((x, i) => {
      const u = span ? (x - min) / span : 0.5;
      return u > 0 ? width - left - (rightEdge - left - labelRoom(i)) / u : 0;
    });
    right = Math.max(width - rightEdge + radius, ...needed);
  }
  right = Math.min(right, width - left - MIN_BOX);
  return {
    echartOptions: {
      animation: false,
      legend,
      tooltip: { trigger: 'item', formatter: (p: { dataType: string; name: string; value: number; data: { source?: string; target?: string } }) => escapeHtml(p.dataType === 'edge' ? `${p.data.source} > ${p.data.target}: ${format(p.value)}` : `${p.name}: ${format(p.value)}`) },
      series: [
        {
          type: 'graph',
          // A force layout is computed here (see forceLayout) and handed over as fixed positions.
          layout: circular ? 'circular' : 'none',
          left,
          right,
          top: MARGIN + Math.max(radius, LABEL_HEIGHT / 2) + legendRoom('top'),
          bottom: MARGIN + Math.max(radius, LABEL_HEIGHT / 2) + legendRoom('bottom'),
          draggable: !!formData.draggable,
          roam: roam === 1 || roam === '1' || roam === true ? true : roam === 'scale' || roam === 'move' ? roam : false,
          edgeSymbol: String(formData.edgeSymbol ?? 'none,arrow').split(','),
          categories: categories.map((name) => ({ name, itemStyle: { color: colors.getColor(name) } })),
          data: nodeList.map((n, i) => ({
            ...n,
            ...(positions ? { x: positions[i]![0], y: positions[i]![1] } : {}),
            ...(n.category === undefined ? { itemStyle: { color: colors.getColor(n.name) } } : {}),
          })),
          links: links.map((l) => ({ ...l, lineStyle: { width: baseEdge * (0.3 + l.value / maxLink) } })),
          label: { show: true, position: 'right', distance: LABEL_DISTANCE, width: labelCap, overflow: 'truncate' },
        },
      ],
    },
    filterColumns: [source, target],
  };
}
