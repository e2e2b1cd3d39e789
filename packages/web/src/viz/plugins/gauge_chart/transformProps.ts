import type { EchartsProps } from '../../echarts/EchartsRenderer';
import { getCategoricalScheme } from '../../colors/schemes';
import { ensureIsArray, getColumnLabel, getMetricLabel } from '../../shared/chartQuery';
import { metricValueFormatter } from '../../shared/metricFormat';
import { colorScaleOf, labelOf, toNumber } from '../../shared/props';
import type { ChartProps } from '../../types';
import { escapeHtml } from '../../shared/escapeHtml';

/** "2, 4,5" → [2, 4, 5]; blanks and non-numbers are skipped. */
const numbers = (text: unknown): number[] =>
  String(text ?? '')
    .split(',')
    .filter((s) => s.trim() !== '')
    .map(Number)
    .filter(Number.isFinite);

/** A max that leaves headroom above the largest value when none is given (1234 → 2000). */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  return Math.ceil(value / magnitude) * magnitude;
}

export function transformProps(chartProps: ChartProps): EchartsProps {
  const { formData, queriesData, datasource } = chartProps;
  const groupby = ensureIsArray(formData.groupby).map(getColumnLabel);
  const metric = getMetricLabel(formData.metric);
  const colors = colorScaleOf(formData);
  const format = metricValueFormatter(formData, datasource, formData.metric, 'number_format');
  const labelMap: Record<string, unknown[]> = {};
  const data = (queriesData[0]?.data ?? []).map((row) => {
    const name = groupby.map((g) => labelOf(row[g])).join(', ') || metric;
    if (groupby.length > 0) labelMap[name] = groupby.map((g) => row[g]);
    return { name, value: toNumber(row[metric]) ?? 0, itemStyle: { color: colors.getColor(name) } };
  });
  const min = toNumber(formData.min_val) ?? 0;
  const max = toNumber(formData.max_val) ?? niceMax(Math.max(0, ...data.map((d) => d.value)));
  const bounds = numbers(formData.intervals);
  const indices = numbers(formData.interval_color_indices);
  const scheme = getCategoricalScheme(formData.color_scheme).colors;
  // Interval bands on the axis line: each bound as a fraction of the range with its picked colour.
  const bands = bounds.map((b, i) => [Math.min(1, Math.max(0, (b - min) / (max - min || 1))), scheme[((indices[i] ?? i + 1) - 1) % scheme.length]!] as [number, string]);
  const fontSize = Number(formData.font_size ?? 15);
  const overlap = formData.overlap !== false;
  return {
    echartOptions: {
      animation: formData.animation !== false,
      tooltip: { trigger: 'item', formatter: (p: { name: string; value: number }) => escapeHtml(`${p.name}: ${format(p.value)}`) },
      series: [
        {
          type: 'gauge',
          min,
          max,
          startAngle: Number(formData.start_angle ?? 225),
          endAngle: Number(formData.end_angle ?? -45),
          splitNumber: Number(formData.split_number ?? 10),
          data: data.map((d, i) => ({
            ...d,
            title: { offsetCenter: ['0%', `${20 + (overlap ? 0 : i * 15)}%`] },
            detail: { offsetCenter: ['0%', `${35 + (overlap ? 0 : i * 15)}%`] },
          })),
          progress: { show: formData.show_progress !== false, overlap, roundCap: !!formData.round_cap },
          pointer: { show: formData.show_pointer !== false },
          axisLine: { roundCap: !!formData.round_cap, lineStyle: bands.length ? { width: 10, color: bands } : { width: 10 } },
          axisTick: { show: !!formData.show_axis_line_ticks },
          splitLine: { show: !!formData.show_split_line },
          axisLabel: { fontSize: fontSize * 0.8, formatter: (v: number) => format(v) },
          title: { fontSize },
          detail: { fontSize: fontSize * 1.6, formatter: (v: number) => format(v) },
        },
      ],
    },
    filterColumns: groupby,
    labelMap,
  };
}
