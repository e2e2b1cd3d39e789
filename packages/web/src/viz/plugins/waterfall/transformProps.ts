import type { EchartsProps } from '../../echarts/EchartsRenderer';
import { ensureIsArray, getColumnLabel, getMetricLabel, getXAxisLabel } from '../../shared/chartQuery';
import { categoryAxisLabel, gridWithLegend, isTemporalColumn, labelOf, legendOption, toNumber, valueFormatter } from '../../shared/props';
import type { ChartProps } from '../../types';
import { escapeHtml } from '../../shared/escapeHtml';

export const TOTAL_LABEL = 'Total';

export interface WaterfallStep {
  name: string;
  /** Where the bar starts (the running total before it) and its signed change. */
  base: number;
  delta: number;
  kind: 'increase' | 'decrease' | 'total';
}

/** Running-total steps from ordered (name, value) pairs, ending with the total bar. */
export function waterfallSteps(values: { name: string; value: number }[]): WaterfallStep[] {
  let running = 0;
  const steps: WaterfallStep[] = values.map(({ name, value }) => {
    const step: WaterfallStep = { name, base: running, delta: value, kind: value >= 0 ? 'increase' : 'decrease' };
    running += value;
    return step;
  });
  steps.push({ name: TOTAL_LABEL, base: 0, delta: running, kind: 'total' });
  return steps;
}

const rgba = (c: unknown, fallback: string) => {
  const v = c as { r?: number; g?: number; b?: number; a?: number } | undefined;
  return v && v.r !== undefined ? `rgba(${v.r},${v.g},${v.b},${v.a ?? 1})` : fallback;
};

export function transformProps(chartProps: ChartProps): EchartsProps {
  const { formData, queriesData, width } = chartProps;
  const result = queriesData[0];
  const xCol = getXAxisLabel(formData) ?? '';
  const breakdown = getColumnLabel(ensureIsArray(formData.groupby)[0]);
  const metric = getMetricLabel(formData.metric);
  const temporal = isTemporalColumn(result, xCol);
  const timeFormat = formData.x_axis_time_format as string | undefined;
  // A temporal breakdown reads in the same time format, as Superset's waterfall axis does.
  const breakdownTemporal = isTemporalColumn(result, breakdown);
  const values = (result?.data ?? []).map((r) => ({
    name: breakdown ? `${labelOf(r[xCol], temporal, timeFormat)}, ${labelOf(r[breakdown], breakdownTemporal, timeFormat)}` : labelOf(r[xCol], temporal, timeFormat),
    value: toNumber(r[metric]) ?? 0,
  }));
  const steps = waterfallSteps(values);
  const colors = {
    increase: rgba(formData.increase_color, '#5AC189'),
    decrease: rgba(formData.decrease_color, '#E04355'),
    total: rgba(formData.total_color, '#666666'),
  };
  const format = valueFormatter(formData);
  // An invisible "assist" bar lifts each visible bar to where the running total stood.
  const lower = (s: WaterfallStep) => (s.kind === 'total' ? Math.min(0, s.delta) : Math.min(s.base, s.base + s.delta));
  const barOf = (kind: WaterfallStep['kind']) => ({
    name: { increase: 'Increase', decrease: 'Decrease', total: 'Total' }[kind],
    type: 'bar',
    stack: 'waterfall',
    itemStyle: { color: colors[kind] },
    data: steps.map((s) => (s.kind === kind ? Math.abs(s.delta) : null)),
    label: { show: !!formData.show_value, position: 'top', formatter: (p: { dataIndex: number }) => format(steps[p.dataIndex]!.delta) },
  });
  return {
    echartOptions: {
      animation: false,
      grid: gridWithLegend(formData),
      legend: legendOption(formData, ['Increase', 'Decrease', 'Total']),
      tooltip: { trigger: 'axis', formatter: (p: { dataIndex: number }[]) => escapeHtml(`${steps[p[0]!.dataIndex]!.name}: ${format(steps[p[0]!.dataIndex]!.delta)}`) },
      xAxis: {
        type: 'category',
        data: steps.map((s) => s.name),
        axisLabel: categoryAxisLabel(steps.map((s) => s.name), width, Number(formData.xAxisLabelRotation ?? 0), { autoRotate: true }),
        name: (formData.x_axis_label as string) || undefined,
        nameLocation: 'middle',
        nameGap: 28,
      },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => format(v) }, name: (formData.y_axis_label as string) || undefined, nameLocation: 'middle', nameGap: 45 },
      series: [{ name: 'assist', type: 'bar', stack: 'waterfall', silent: true, itemStyle: { color: 'transparent' }, data: steps.map(lower) }, barOf('increase'), barOf('decrease'), barOf('total')],
    },
    filterColumns: [xCol],
  };
}
