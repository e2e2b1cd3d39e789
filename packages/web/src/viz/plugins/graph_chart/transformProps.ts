import type { QueryColumn } from '@tessera/core';
import type { EchartsProps } from '../../echarts/EchartsRenderer';
import { getColumnLabel, getMetricLabel } from '../../shared/chartQuery';
import { colorScaleOf, labelOf, legendOption, toNumber, valueFormatter } from '../../shared/props';
import type { ChartProps } from '../../types';

interface GraphNode {
  id: string;
  name: string;
  value: number;
  category?: number;
}

export function transformProps(chartProps: ChartProps): EchartsProps {
  const { formData, queriesData } = chartProps;
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
  return {
    echartOptions: {
      animation: formData.layout !== 'force' ? false : true,
      legend: legendOption(formData, categories),
      tooltip: { trigger: 'item', formatter: (p: { dataType: string; name: string; value: number; data: { source?: string; target?: string } }) => (p.dataType === 'edge' ? `${p.data.source} > ${p.data.target}: ${format(p.value)}` : `${p.name}: ${format(p.value)}`) },
      series: [
        {
          type: 'graph',
          layout: formData.layout === 'circular' ? 'circular' : 'force',
          draggable: !!formData.draggable,
          roam: roam === 1 || roam === '1' || roam === true ? true : roam === 'scale' || roam === 'move' ? roam : false,
          edgeSymbol: String(formData.edgeSymbol ?? 'none,arrow').split(','),
          categories: categories.map((name) => ({ name, itemStyle: { color: colors.getColor(name) } })),
          data: [...nodes.values()].map((n) => ({
            ...n,
            symbolSize: baseNode * (0.5 + n.value / maxNode),
            ...(n.category === undefined ? { itemStyle: { color: colors.getColor(n.name) } } : {}),
          })),
          links: links.map((l) => ({ ...l, lineStyle: { width: baseEdge * (0.3 + l.value / maxLink) } })),
          label: { show: true, position: 'right' },
          force: {
            edgeLength: Number(formData.edgeLength ?? 400),
            repulsion: Number(formData.repulsion ?? 1000),
            gravity: Number(formData.gravity ?? 0.3),
            friction: Number(formData.friction ?? 0.2),
          },
        },
      ],
    },
    filterColumns: [source, target],
  };
}
