import type { EchartsProps } from '../../echarts/EchartsRenderer';
import { ensureIsArray, getColumnLabel, getMetricLabel } from '../../shared/chartQuery';
import { colorScaleOf, labelOf, toNumber, valueFormatter } from '../../shared/props';
import type { ChartProps } from '../../types';

const STATS = ['min', 'q1', 'median', 'q3', 'max'] as const;

export function transformProps(chartProps: ChartProps): EchartsProps {
  const { formData, queriesData } = chartProps;
  const groupby = ensureIsArray(formData.groupby).map(getColumnLabel);
  const metrics = ensureIsArray(formData.metrics).map(getMetricLabel);
  const rows = queriesData[0]?.data ?? [];
  const categories = rows.map((r) => groupby.map((g) => labelOf(r[g])).join(', ') || 'All');
  const colors = colorScaleOf(formData);
  const format = valueFormatter(formData);
  const series = metrics.flatMap((m) => {
    const color = colors.getColor(m);
    const boxes = {
      name: m,
      type: 'boxplot',
      itemStyle: { color, borderColor: color, opacity: 0.8 },
      data: rows.map((r) => STATS.map((s) => toNumber(r[`${m}__${s}`]))),
      tooltip: {
        formatter: (p: { name: string; data: number[] }) => `${p.name} — ${m}<br/>${STATS.map((s, i) => `${s}: ${format(p.data[i])}`).join('<br/>')}`,
      },
    };
    const outliers = rows.flatMap((r, i) => ensureIsArray(r[`${m}__outliers`] as number[] | undefined).map((v) => [i, v]));
    return outliers.length ? [boxes, { name: m, type: 'scatter', data: outliers, itemStyle: { color }, symbolSize: 5 }] : [boxes];
  });
  return {
    echartOptions: {
      animation: false,
      grid: { top: 30, right: 20, bottom: 40, left: 30, containLabel: true },
      legend: { show: metrics.length > 1, data: metrics, top: 0 },
      tooltip: { trigger: 'item' },
      xAxis: { type: 'category', data: categories, axisLabel: { rotate: Number(formData.xAxisLabelRotation ?? 0) }, name: (formData.x_axis_title as string) || undefined, nameLocation: 'middle', nameGap: 28 },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => format(v) }, name: (formData.y_axis_title as string) || undefined, nameLocation: 'middle', nameGap: 40 },
      series,
    },
    filterColumns: groupby,
  };
}
