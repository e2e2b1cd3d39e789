import type { EchartsProps } from '../../echarts/EchartsRenderer';
import { ensureIsArray, getColumnLabel, getMetricLabel } from '../../shared/chartQuery';
import { categoryAxisLabel, colorScaleOf, isTemporalColumn, labelOf, textWidth, toNumber, valueFormatter } from '../../shared/props';
import type { ChartProps } from '../../types';
import { escapeHtml } from '../../shared/escapeHtml';

const STATS = ['min', 'q1', 'median', 'q3', 'max'] as const;

/** What ECharts hands a tooltip formatter; only the index is read (see the box tooltip below). */
interface ItemParams {
  dataIndex: number;
}

export function transformProps(chartProps: ChartProps): EchartsProps {
  const { formData, queriesData, width } = chartProps;
  const groupby = ensureIsArray(formData.groupby).map(getColumnLabel);
  const metrics = ensureIsArray(formData.metrics).map(getMetricLabel);
  const rows = queriesData[0]?.data ?? [];
  // Temporal groups are named in the date format, as Superset's box plot does.
  const temporal = groupby.map((g) => isTemporalColumn(queriesData[0], g));
  const dateFormat = formData.date_format as string | undefined;
  const categories = rows.map((r) => groupby.map((g, i) => labelOf(r[g], temporal[i], dateFormat)).join(', ') || 'All');
  const colors = colorScaleOf(formData);
  // Superset's box plot keeps its format in `number_format`: a chart imported from it has no `y_axis_format`.
  const format = valueFormatter({ ...formData, y_axis_format: (formData.y_axis_format ?? formData.number_format) as string | undefined });
  const series = metrics.flatMap((m) => {
    const color = colors.getColor(m);
    const boxes = rows.map((r) => STATS.map((s) => toNumber(r[`${m}__${s}`])));
    const outliers = rows.flatMap((r, i) => ensureIsArray(r[`${m}__outliers`] as number[] | undefined).map((v) => [i, v] as [number, number]));
    const boxSeries = {
      name: m,
      type: 'boxplot',
      itemStyle: { color, borderColor: color, opacity: 0.8 },
      data: boxes,
      // ECharts prepends the category index to every box it is given (params.value and params.data both become
      // [index, min, q1, median, q3, max]), so the tooltip reads the statistics back by index instead.
      tooltip: {
        formatter: ({ dataIndex }: ItemParams) => `${escapeHtml(categories[dataIndex])} — ${escapeHtml(m)}<br/>${STATS.map((s, i) => `${s}: ${escapeHtml(format(boxes[dataIndex]?.[i]))}`).join('<br/>')}`,
      },
    };
    const outlierSeries = {
      name: m,
      type: 'scatter',
      data: outliers,
      itemStyle: { color },
      symbolSize: 5,
      tooltip: { formatter: ({ dataIndex }: ItemParams) => `${escapeHtml(categories[outliers[dataIndex]![0]])} — ${escapeHtml(m)}<br/>outlier: ${escapeHtml(format(outliers[dataIndex]![1]))}` },
    };
    return outliers.length ? [boxSeries, outlierSeries] : [boxSeries];
  });
  // The boxes share what the grid's margins, the value labels and the y axis title leave.
  const grid = { top: 30, right: 20, bottom: 40, left: 30 };
  const extremes = rows.flatMap((r) => metrics.flatMap((m) => [r[`${m}__min`], r[`${m}__max`], ...ensureIsArray(r[`${m}__outliers`] as number[] | undefined)]));
  const valueLabels = Math.max(0, ...extremes.map(toNumber).map((v) => (v === null ? 0 : textWidth(format(v))))) + 8;
  const axisLabel = categoryAxisLabel(categories, width, Number(formData.xAxisLabelRotation ?? 0), { autoRotate: true, reserved: grid.left + grid.right + valueLabels + (formData.y_axis_title ? 20 : 0) });
  // Turned labels reach further down: the x axis title goes below their (truncated) length, not over them.
  const angle = (axisLabel.rotate * Math.PI) / 180;
  const labelDepth = Math.min(axisLabel.width, Math.max(0, ...categories.map((c) => textWidth(c)))) * Math.sin(angle) + 12 * Math.cos(angle);
  return {
    echartOptions: {
      animation: false,
      grid: { ...grid, containLabel: true },
      legend: { show: metrics.length > 1, data: metrics, top: 0 },
      tooltip: { trigger: 'item' },
      xAxis: {
        type: 'category',
        data: categories,
        axisLabel,
        name: (formData.x_axis_title as string) || undefined,
        nameLocation: 'middle',
        nameGap: Math.round(labelDepth) + 16,
      },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => format(v) }, name: (formData.y_axis_title as string) || undefined, nameLocation: 'middle', nameGap: 40 },
      series,
    },
    filterColumns: groupby,
  };
}
