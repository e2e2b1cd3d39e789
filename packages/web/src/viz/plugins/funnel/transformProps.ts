import type { EchartsProps } from '../../echarts/EchartsRenderer';
import { getNumberFormatter } from '../../formatters/numberFormat';
import { ensureIsArray, getColumnLabel, getMetricLabel } from '../../shared/chartQuery';
import { metricValueFormatter } from '../../shared/metricFormat';
import { colorScaleOf, labelOf, legendOption, toNumber } from '../../shared/props';
import type { ChartProps } from '../../types';
import { formatPieLabel } from '../pie/transformProps';
import { escapeHtml } from '../../shared/escapeHtml';

/** Each stage's share: of the first stage, of the previous stage, or of the total. */
export function funnelPercents(values: number[], type: string): number[] {
  const total = values.reduce((a, b) => a + b, 0);
  return values.map((v, i) => {
    const base = type === 'total' ? total : type === 'prev_step' ? (i === 0 ? v : values[i - 1]!) : values[0]!;
    return base ? v / base : 0;
  });
}

export function transformProps(chartProps: ChartProps): EchartsProps {
  const { formData, queriesData, datasource } = chartProps;
  const groupby = ensureIsArray(formData.groupby).map(getColumnLabel);
  const metric = getMetricLabel(formData.metric);
  const labelMap: Record<string, unknown[]> = {};
  const stages = (queriesData[0]?.data ?? []).map((row) => {
    const name = groupby.map((g) => labelOf(row[g])).join(', ') || metric;
    if (groupby.length > 0) labelMap[name] = groupby.map((g) => row[g]);
    return { name, value: toNumber(row[metric]) ?? 0 };
  });
  const percents = funnelPercents(
    stages.map((s) => s.value),
    (formData.percent_calculation_type as string | undefined) ?? 'first_step',
  );
  const format = metricValueFormatter(formData, datasource, formData.metric, 'number_format');
  const pct = getNumberFormatter('.2%');
  const colors = colorScaleOf(formData);
  const labelType = (formData.label_type as string | undefined) ?? 'key';
  const data = stages.map((s, i) => ({ ...s, percent: percents[i], itemStyle: { color: colors.getColor(s.name) } }));
  return {
    echartOptions: {
      animation: false,
      legend: legendOption(formData, data.map((d) => d.name)),
      tooltip: { trigger: 'item', formatter: (p: { dataIndex: number }) => escapeHtml(formatPieLabel('key_value_percent', data[p.dataIndex]!.name, format(data[p.dataIndex]!.value), pct(percents[p.dataIndex]!))) },
      series: [
        {
          type: 'funnel',
          sort: 'none',
          top: formData.show_legend === false ? 10 : 40,
          bottom: 10,
          data,
          label: {
            show: formData.show_labels !== false,
            formatter: (p: { dataIndex: number }) => formatPieLabel(labelType, data[p.dataIndex]!.name, format(data[p.dataIndex]!.value), pct(percents[p.dataIndex]!)),
          },
        },
      ],
    },
    filterColumns: groupby,
    labelMap,
  };
}
