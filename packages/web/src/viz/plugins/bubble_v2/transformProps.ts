import type { QueryColumn, QueryMetric } from '@tessera/core';
import type { EchartsProps } from '../../echarts/EchartsRenderer';
import { getColumnLabel, getMetricLabel } from '../../shared/chartQuery';
import { colorScaleOf, gridWithLegend, labelOf, legendOption, toNumber, valueFormatter } from '../../shared/props';
import type { ChartProps } from '../../types';
import { escapeHtml } from '../../shared/escapeHtml';

export function transformProps(chartProps: ChartProps): EchartsProps {
  const { formData, queriesData } = chartProps;
  const entity = getColumnLabel(formData.entity as QueryColumn);
  const seriesCol = formData.series ? getColumnLabel(formData.series as QueryColumn) : undefined;
  const [x, y, size] = (['x', 'y', 'size'] as const).map((k) => getMetricLabel(formData[k] as QueryMetric));
  const rows = queriesData[0]?.data ?? [];
  const maxSize = Math.max(0, ...rows.map((r) => Math.abs(toNumber(r[size!]) ?? 0))) || 1;
  const maxBubble = Number(formData.max_bubble_size ?? 25);
  const colors = colorScaleOf(formData);
  const groups = new Map<string, unknown[][]>();
  for (const r of rows) {
    const name = seriesCol ? labelOf(r[seriesCol]) : labelOf(r[entity]);
    const point = [toNumber(r[x!]), toNumber(r[y!]), toNumber(r[size!]), labelOf(r[entity])];
    groups.set(name, [...(groups.get(name) ?? []), point]);
  }
  const xFormat = valueFormatter(formData, 'xAxisFormat');
  const yFormat = valueFormatter(formData);
  const sizeFormat = valueFormatter(formData, 'tooltipSizeFormat');
  // Bubble area, not radius, is proportional to the size metric.
  const symbolSize = (v: unknown[]) => Math.max(2, Math.sqrt(Math.abs(Number(v[2]) || 0) / maxSize) * maxBubble * 2);
  const series = [...groups].map(([name, data]) => ({
    name,
    type: 'scatter',
    data,
    symbolSize,
    itemStyle: { color: colors.getColor(name), opacity: Number(formData.opacity ?? 0.6) },
  }));
  return {
    echartOptions: {
      animation: false,
      grid: gridWithLegend(formData, { top: 30, right: 30, bottom: 40, left: 30 }),
      legend: legendOption(formData, series.map((s) => s.name)),
      tooltip: {
        trigger: 'item',
        formatter: (p: { seriesName: string; value: unknown[] }) =>
          [`${String(p.value[3])}${seriesCol ? ` (${p.seriesName})` : ''}`, `${x}: ${xFormat(p.value[0] as number)}`, `${y}: ${yFormat(p.value[1] as number)}`, `${size}: ${sizeFormat(p.value[2] as number)}`].map(escapeHtml).join('<br/>'),
      },
      xAxis: { type: formData.logXAxis ? 'log' : 'value', scale: true, axisLabel: { formatter: (v: number) => xFormat(v) }, name: (formData.x_axis_label as string) || undefined, nameLocation: 'middle', nameGap: 28 },
      yAxis: { type: formData.logYAxis ? 'log' : 'value', scale: true, axisLabel: { formatter: (v: number) => yFormat(v) }, name: (formData.y_axis_label as string) || undefined, nameLocation: 'middle', nameGap: 45 },
      series,
    },
    filterColumns: [entity],
  };
}
