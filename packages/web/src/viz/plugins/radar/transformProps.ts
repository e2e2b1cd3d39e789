import type { EchartsProps } from '../../echarts/EchartsRenderer';
import { ensureIsArray, getColumnLabel, getMetricLabel } from '../../shared/chartQuery';
import { colorScaleOf, labelOf, legendOption, parseJsonObject, toNumber, valueFormatter } from '../../shared/props';
import type { ChartProps } from '../../types';

export function transformProps(chartProps: ChartProps): EchartsProps {
  const { formData, queriesData } = chartProps;
  const groupby = ensureIsArray(formData.groupby).map(getColumnLabel);
  const metrics = ensureIsArray(formData.metrics).map(getMetricLabel);
  const rows = queriesData[0]?.data ?? [];
  const config = parseJsonObject<Record<string, { radarMetricMaxValue?: number | null }>>(formData.column_config);
  const colors = colorScaleOf(formData);
  const format = valueFormatter(formData, 'number_format');
  // Each axis spans to the configured max, else to the largest value of its metric (a 10% margin keeps points off the rim).
  const indicator = metrics.map((m) => ({
    name: m,
    max: toNumber(config[m]?.radarMetricMaxValue) ?? Math.max(0, ...rows.map((r) => toNumber(r[m]) ?? 0)) * 1.1,
  }));
  const labelType = formData.label_type as string | undefined;
  const labelMap: Record<string, unknown[]> = {};
  const data = rows.map((row) => {
    const name = groupby.map((g) => labelOf(row[g])).join(', ') || 'metrics';
    if (groupby.length > 0) labelMap[name] = groupby.map((g) => row[g]);
    const color = colors.getColor(name);
    return { name, value: metrics.map((m) => toNumber(row[m])), itemStyle: { color }, lineStyle: { color }, areaStyle: { opacity: 0.1 } };
  });
  return {
    echartOptions: {
      animation: false,
      legend: legendOption(formData, data.map((d) => d.name)),
      tooltip: { trigger: 'item', valueFormatter: (v: number) => format(v) },
      radar: { indicator, shape: formData.is_circle ? 'circle' : 'polygon', center: ['50%', '55%'], radius: '65%' },
      series: [
        {
          type: 'radar',
          data,
          label: {
            show: !!formData.show_labels,
            formatter: (p: { name: string; value: number }) => (labelType === 'key' ? p.name : labelType === 'key_value' ? `${p.name}: ${format(p.value)}` : format(p.value)),
          },
        },
      ],
    },
    filterColumns: groupby,
    labelMap,
  };
}
