import type { EChartsCoreOption } from 'echarts/core';
import { getNumberFormatter } from '../../formatters/numberFormat';
import { getTimeFormatter, tooltipTimeFormat } from '../../formatters/timeFormat';
import { getMetricLabel, getXAxisLabel } from '../../shared/chartQuery';
import { metricValueFormatter } from '../../shared/metricFormat';
import { isTemporalColumn, toEpoch, toNumber } from '../../shared/props';
import type { ChartProps } from '../../types';

export interface BigNumberTrendProps {
  [key: string]: unknown;
  headerText: string;
  subheaderText: string;
  timestampText?: string;
  headerFontSize: number;
  subheaderFontSize: number;
  /** Null when the trend line is hidden or there are fewer than two points. */
  trendline: EChartsCoreOption | null;
  percentChange: number | null;
}

const colorOf = (c: unknown): string => {
  const v = c as { r?: number; g?: number; b?: number; a?: number } | undefined;
  return v && v.r !== undefined ? `rgba(${v.r}, ${v.g}, ${v.b}, ${v.a ?? 1})` : 'rgba(0, 122, 135, 1)';
};

export function transformProps(chartProps: ChartProps): BigNumberTrendProps {
  const { formData, queriesData, datasource } = chartProps;
  const metricLabel = getMetricLabel(formData.metric);
  const xLabel = getXAxisLabel(formData) ?? '__timestamp';
  // A metric that yields a time (MAX(ds)) reads and shows as one, as Superset's header formatter does.
  const timeValued = !!formData.force_timestamp_formatting || isTemporalColumn(queriesData[0], metricLabel);
  const valueOf = (v: unknown) => toNumber(v) ?? (timeValued ? toEpoch(v) : null);
  const points = (queriesData[0]?.data ?? [])
    .map((row) => [toEpoch(row[xLabel]), valueOf(row[metricLabel])] as const)
    .filter((p): p is readonly [number, number | null] => p[0] !== null)
    .sort((a, b) => a[0] - b[0]);
  const format = metricValueFormatter(formData, datasource, formData.metric);
  const timeFormat = getTimeFormatter((formData.time_format as string | undefined) ?? '%Y-%m-%d');
  const tooltipTime = getTimeFormatter(tooltipTimeFormat(formData.time_format as string | undefined));
  const headerFormat = (v: number | null) => (timeValued ? timeFormat(v) : format(v));
  // The big number is the latest point that has a value.
  const lastIndex = points.findLastIndex((p) => p[1] !== null);
  const last = lastIndex >= 0 ? points[lastIndex]! : undefined;
  let percentChange: number | null = null;
  let subheaderText = '';
  const lag = Number.parseInt(String(formData.compare_lag ?? ''), 10);
  if (last && lag > 0 && lastIndex - lag >= 0) {
    const previous = points[lastIndex - lag]![1];
    if (previous !== null && previous !== 0) {
      percentChange = (last[1]! - previous) / Math.abs(previous);
      subheaderText = `${getNumberFormatter('+.1%')(percentChange)} ${String(formData.compare_suffix ?? '')}`.trim();
    }
  }
  const color = colorOf(formData.color_picker);
  const trendline: EChartsCoreOption | null =
    formData.show_trend_line !== false && points.length > 1
      ? {
          animation: false,
          grid: { top: 4, bottom: 4, left: 4, right: 4 },
          xAxis: { type: 'time', show: false },
          yAxis: { type: 'value', show: false, scale: formData.start_y_axis_at_zero === false },
          tooltip: { trigger: 'axis', valueFormatter: (v: number) => headerFormat(v), axisPointer: { label: { formatter: (p: { value: number }) => tooltipTime(p.value) } } },
          series: [{ type: 'line', data: points.map((p) => [p[0], p[1]]), showSymbol: false, lineStyle: { color, width: 2 }, areaStyle: { color, opacity: 0.2 }, itemStyle: { color } }],
        }
      : null;
  return {
    headerText: last ? headerFormat(last[1]) : 'No data',
    subheaderText,
    timestampText: formData.show_timestamp && last ? timeFormat(last[0]) : undefined,
    headerFontSize: Number(formData.header_font_size ?? 0.4),
    subheaderFontSize: Number(formData.subheader_font_size ?? 0.15),
    trendline,
    percentChange,
  };
}
