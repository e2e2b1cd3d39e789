import type { EchartsProps } from '../../echarts/EchartsRenderer';
import { getNumberFormatter, type NumberFormatter } from '../../formatters/numberFormat';
import { ensureIsArray, getColumnLabel } from '../../shared/chartQuery';
import { colorScaleOf, gridWithLegend, labelOf, legendOption, toNumber, valueFormatter } from '../../shared/props';
import type { ChartProps } from '../../types';

/** The server names bins '<from> - <to>' with raw float edges; the axis shows them in the x-axis number format. */
export function binLabel(bin: string, format: NumberFormatter): string {
  const edges = /^(\S+) - (\S+)$/.exec(bin);
  const [from, to] = [Number(edges?.[1]), Number(edges?.[2])];
  return edges && Number.isFinite(from) && Number.isFinite(to) ? `${format(from)} - ${format(to)}` : bin;
}

export function transformProps(chartProps: ChartProps): EchartsProps {
  const { formData, queriesData } = chartProps;
  const result = queriesData[0];
  const groupby = ensureIsArray(formData.groupby).map(getColumnLabel);
  const bins = (result?.colnames ?? []).filter((c) => !groupby.includes(c));
  const colors = colorScaleOf(formData);
  const format = formData.normalize ? valueFormatter({ ...formData, y_axis_format: formData.y_axis_format && formData.y_axis_format !== 'SMART_NUMBER' ? formData.y_axis_format : '.1%' }) : valueFormatter(formData);
  const xFormat = getNumberFormatter(formData.x_axis_format as string | undefined);
  const columnLabel = getColumnLabel(formData.column as never);
  const series = (result?.data ?? []).map((row) => {
    const name = groupby.map((g) => labelOf(row[g])).join(', ') || columnLabel;
    return {
      name,
      type: 'bar',
      data: bins.map((b) => toNumber(row[b])),
      itemStyle: { color: colors.getColor(name) },
      label: { show: !!formData.show_value, position: 'top', formatter: (p: { value: number }) => format(p.value) },
    };
  });
  return {
    echartOptions: {
      animation: false,
      grid: gridWithLegend(formData, { top: 30, right: 20, bottom: 40, left: 30 }),
      legend: legendOption(formData, series.map((s) => s.name)),
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => format(v) },
      xAxis: { type: 'category', data: bins.map((b) => binLabel(b, xFormat)), name: (formData.x_axis_title as string) || undefined, nameLocation: 'middle', nameGap: 28 },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => format(v) }, name: (formData.y_axis_title as string) || undefined, nameLocation: 'middle', nameGap: 40 },
      series,
    },
    filterColumns: groupby,
  };
}
