import type { EchartsProps } from '../../echarts/EchartsRenderer';
import { getSequentialColors } from '../../colors/sequentialScale';
import { getNumberFormatter } from '../../formatters/numberFormat';
import { ensureIsArray, getColumnLabel, getMetricLabel, getXAxisLabel } from '../../shared/chartQuery';
import { metricValueFormatter } from '../../shared/metricFormat';
import { categoryAxisLabel, isTemporalColumn, labelOf, textWidth, toEpoch, toNumber } from '../../shared/props';
import type { ChartProps } from '../../types';
import { escapeHtml } from '../../shared/escapeHtml';

/** Axis categories in the chosen order: by label, or by the sum of the metric along them. */
export function sortCategories(values: Map<string, number>, sort: string | undefined): string[] {
  const keys = [...values.keys()];
  switch (sort) {
    case 'alpha_desc':
      return keys.sort((a, b) => b.localeCompare(a, undefined, { numeric: true }));
    case 'value_asc':
      return keys.sort((a, b) => values.get(a)! - values.get(b)!);
    case 'value_desc':
      return keys.sort((a, b) => values.get(b)! - values.get(a)!);
    default:
      return keys.sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  }
}

export function transformProps(chartProps: ChartProps): EchartsProps {
  const { formData, queriesData, width, datasource } = chartProps;
  const result = queriesData[0];
  const xCol = getXAxisLabel(formData) ?? '';
  const yCol = getColumnLabel(ensureIsArray(formData.groupby)[0]);
  const metric = getMetricLabel(formData.metric);
  const temporal = isTemporalColumn(result, xCol);
  // Superset formats a temporal y axis with the same time format as the x axis.
  const yTemporal = isTemporalColumn(result, yCol);
  const timeFormat = formData.x_axis_time_format as string | undefined;
  const cells = (result?.data ?? []).map((r) => ({ x: labelOf(r[xCol], temporal, timeFormat), y: labelOf(r[yCol], yTemporal, timeFormat), v: toNumber(r[metric]) }));
  // Formatted dates do not sort as text ("Dec 1999" after "Jan 2000"): a temporal y axis sorts by the time itself.
  const yTimes = new Map<string, number>();
  for (const r of yTemporal ? (result?.data ?? []) : []) {
    const label = labelOf(r[yCol], true, timeFormat);
    if (!yTimes.has(label)) yTimes.set(label, toEpoch(r[yCol]) ?? Number.POSITIVE_INFINITY);
  }
  const xSums = new Map<string, number>();
  const ySums = new Map<string, number>();
  for (const c of cells) {
    xSums.set(c.x, (xSums.get(c.x) ?? 0) + (c.v ?? 0));
    ySums.set(c.y, (ySums.get(c.y) ?? 0) + (c.v ?? 0));
  }
  // Sorting numeric-looking time labels alphabetically is wrong, so temporal x keeps the answer's order.
  const xs = temporal && (!formData.sort_x_axis || formData.sort_x_axis === 'alpha_asc') ? [...xSums.keys()] : sortCategories(xSums, formData.sort_x_axis as string | undefined);
  const ySort = formData.sort_y_axis as string | undefined;
  const ys =
    yTemporal && (!ySort || ySort === 'alpha_asc' || ySort === 'alpha_desc')
      ? [...ySums.keys()].sort((a, b) => (ySort === 'alpha_desc' ? -1 : 1) * (yTimes.get(a)! - yTimes.get(b)!))
      : sortCategories(ySums, ySort);
  const total = cells.reduce((s, c) => s + (c.v ?? 0), 0);
  const across = (formData.normalize_across as string | undefined) ?? 'heatmap';
  const share = (c: (typeof cells)[number]) => {
    const base = across === 'x' ? xSums.get(c.x)! : across === 'y' ? ySums.get(c.y)! : total;
    return base ? (c.v ?? 0) / base : 0;
  };
  const normalized = !!formData.normalized;
  const data = cells.map((c) => [xs.indexOf(c.x), ys.indexOf(c.y), normalized ? share(c) : c.v, share(c)]);
  const colorValues = data.map((d) => d[2] as number | null).filter((v): v is number => v !== null);
  const format = metricValueFormatter(formData, datasource, formData.metric);
  const pct = getNumberFormatter('.2%');
  // The x categories share what the grid's margins and the y labels (with their 8 px gap) leave.
  const grid = { top: 20, right: 20, bottom: formData.show_legend === false ? 30 : 70, left: 20 };
  const yLabels = Math.max(0, ...ys.map((y) => textWidth(y))) + 8;
  const xAxisLabel = categoryAxisLabel(xs, width, Number(formData.xAxisLabelRotation ?? 0), { autoRotate: true, reserved: grid.left + grid.right + yLabels });
  return {
    echartOptions: {
      animation: false,
      grid: { ...grid, containLabel: true },
      tooltip: {
        formatter: (p: { value: [number, number, number, number] }) =>
          escapeHtml(`${xs[p.value[0]]} / ${ys[p.value[1]]}: ${normalized ? pct(p.value[2]) : format(p.value[2])}${formData.show_percentage !== false ? ` (${pct(p.value[3])})` : ''}`),
      },
      xAxis: { type: 'category', data: xs, axisLabel: xAxisLabel, splitArea: { show: true } },
      yAxis: { type: 'category', data: ys, splitArea: { show: true } },
      visualMap: {
        show: formData.show_legend !== false,
        // Without it ECharts colours by the last dimension, the share, which the value-based min/max never reach.
        dimension: 2,
        min: colorValues.length ? Math.min(...colorValues) : 0,
        max: colorValues.length ? Math.max(...colorValues) : 1,
        calculable: true,
        orient: 'horizontal',
        left: 'center',
        bottom: 0,
        inRange: { color: getSequentialColors(formData.linear_color_scheme as string | undefined) },
        formatter: (v: number) => (normalized ? pct(v) : format(v)),
      },
      series: [
        {
          type: 'heatmap',
          data,
          label: { show: !!formData.show_values, formatter: (p: { value: number[] }) => (normalized ? pct(p.value[2]!) : format(p.value[2]!)) },
        },
      ],
    },
    filterColumns: [xCol, yCol],
  };
}
