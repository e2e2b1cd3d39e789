import type { FormData } from '@tessera/core';
import type { EchartsProps } from '../../echarts/EchartsRenderer';
import { getSequentialScale } from '../../colors/sequentialScale';
import { getNumberFormatter } from '../../formatters/numberFormat';
import { ensureIsArray, getColumnLabel, getMetricLabel } from '../../shared/chartQuery';
import { buildHierarchy, type HierarchyNode } from '../../shared/hierarchy';
import { colorScaleOf, valueFormatter } from '../../shared/props';
import type { ChartProps } from '../../types';

export function transformProps(chartProps: ChartProps): EchartsProps {
  const { formData, queriesData } = chartProps;
  const levels = ensureIsArray(formData.columns).map(getColumnLabel);
  const metric = getMetricLabel(formData.metric);
  const secondary = formData.secondary_metric ? getMetricLabel(formData.secondary_metric as FormData['metric']) : undefined;
  const tree = buildHierarchy(queriesData[0]?.data ?? [], levels, metric, secondary && secondary !== metric ? secondary : undefined);
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
      itemStyle: { color: seq && n.secondary !== undefined && n.value ? seq(n.secondary / n.value) : colors.getColor(n.path[0]) },
      ...(n.children ? { children: toData(n.children) } : {}),
    }));
  const labelType = (formData.label_type as string | undefined) ?? 'key';
  const pct = getNumberFormatter('.1%');
  return {
    echartOptions: {
      animation: false,
      tooltip: {
        trigger: 'item',
        formatter: (p: { treePathInfo: { name: string }[]; value: number }) =>
          `${p.treePathInfo.map((t) => t.name).filter(Boolean).join(' / ')}: ${format(p.value)} (${pct(total ? p.value / total : 0)})`,
      },
      series: [
        {
          type: 'sunburst',
          radius: ['10%', '90%'],
          data: toData(tree),
          label: {
            show: formData.show_labels !== false,
            rotate: 'radial',
            formatter: (p: { name: string; value: number }) =>
              formData.show_labels_threshold_enabled !== false && total && p.value / total < 0.05 ? '' : labelType === 'value' ? format(p.value) : labelType === 'key_value' ? `${p.name}: ${format(p.value)}` : p.name,
          },
        },
      ],
    },
    filterColumns: levels,
  };
}
