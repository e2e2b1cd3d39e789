import type { EchartsProps } from '../../echarts/EchartsRenderer';
import { getColumnLabel, getMetricLabel } from '../../shared/chartQuery';
import { colorScaleOf, labelOf, toNumber, valueFormatter } from '../../shared/props';
import type { ChartProps } from '../../types';
import type { QueryColumn } from '@tessera/core';
import { escapeHtml } from '../../shared/escapeHtml';

export interface Link {
  source: string;
  target: string;
  value: number;
}

/**
 * Links in answer order, skipping self links and any link that would close a cycle: a sankey is a DAG and
 * ECharts refuses to lay out anything else.
 */
export function acyclicLinks(links: Link[]): { links: Link[]; dropped: Link[] } {
  const out = new Map<string, Set<string>>();
  const reaches = (from: string, to: string): boolean => {
    const stack = [from];
    const seen = new Set<string>();
    while (stack.length) {
      const n = stack.pop()!;
      if (n === to) return true;
      if (seen.has(n)) continue;
      seen.add(n);
      stack.push(...(out.get(n) ?? []));
    }
    return false;
  };
  const kept: Link[] = [];
  const dropped: Link[] = [];
  for (const link of links) {
    if (link.source === link.target || reaches(link.target, link.source)) {
      dropped.push(link);
      continue;
    }
    out.set(link.source, (out.get(link.source) ?? new Set()).add(link.target));
    kept.push(link);
  }
  return { links: kept, dropped };
}

export function transformProps(chartProps: ChartProps): EchartsProps {
  const { formData, queriesData } = chartProps;
  const source = getColumnLabel(formData.source as QueryColumn);
  const target = getColumnLabel(formData.target as QueryColumn);
  const metric = getMetricLabel(formData.metric);
  const { links, dropped } = acyclicLinks(
    (queriesData[0]?.data ?? []).map((r) => ({ source: labelOf(r[source]), target: labelOf(r[target]), value: toNumber(r[metric]) ?? 0 })),
  );
  const colors = colorScaleOf(formData);
  const names = [...new Set(links.flatMap((l) => [l.source, l.target]))];
  const format = valueFormatter(formData);
  return {
    echartOptions: {
      animation: false,
      tooltip: {
        trigger: 'item',
        formatter: (p: { dataType: string; name: string; value: number; data: Link }) =>
          escapeHtml(p.dataType === 'edge' ? `${p.data.source} → ${p.data.target}: ${format(p.value)}` : `${p.name}: ${format(p.value)}`),
      },
      series: [
        {
          type: 'sankey',
          data: names.map((name) => ({ name, itemStyle: { color: colors.getColor(name) } })),
          links,
          emphasis: { focus: 'adjacency' },
          lineStyle: { color: 'gradient', opacity: 0.4 },
          label: { show: true },
        },
      ],
    },
    filterColumns: [source, target],
    droppedLinks: dropped.length,
  };
}
