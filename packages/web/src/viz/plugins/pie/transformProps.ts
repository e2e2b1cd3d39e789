import type { EchartsProps } from '../../echarts/EchartsRenderer';
import { getNumberFormatter } from '../../formatters/numberFormat';
import { ensureIsArray, getColumnLabel, getMetricLabel } from '../../shared/chartQuery';
import { metricValueFormatter } from '../../shared/metricFormat';
import { colorScaleOf, isTemporalColumn, labelOf, legendOption, toNumber } from '../../shared/props';
import type { ChartProps } from '../../types';
import { escapeHtml } from '../../shared/escapeHtml';

export const OTHER_LABEL = 'Other';

/** The slice label text for one label type ("key_value_percent" → "boy: 1.2k (45.00%)"). */
export function formatPieLabel(type: string, name: string, value: string, percent: string, template = ''): string {
  switch (type) {
    case 'value':
      return value;
    case 'percent':
      return percent;
    case 'key_value':
      return `${name}: ${value}`;
    case 'key_percent':
      return `${name}: ${percent}`;
    case 'key_value_percent':
      return `${name}: ${value} (${percent})`;
    case 'value_percent':
      return `${value} (${percent})`;
    case 'template':
      return template.replaceAll('{name}', name).replaceAll('{value}', value).replaceAll('{percent}', percent);
    default:
      return name;
  }
}

export function transformProps(chartProps: ChartProps): EchartsProps {
  const { formData, queriesData, datasource } = chartProps;
  const result = queriesData[0];
  const groupby = ensureIsArray(formData.groupby).map(getColumnLabel);
  const metricLabel = getMetricLabel(formData.metric);
  const format = metricValueFormatter(formData, datasource, formData.metric, 'number_format');
  const percentFormat = getNumberFormatter('.2%');
  const colors = colorScaleOf(formData);
  // Slice name -> the row's raw groupby values (Superset's labelMap): what a click on the slice cross-filters by.
  const labelMap: Record<string, unknown[]> = {};
  let slices = (result?.data ?? []).map((row) => {
    const name = groupby.map((g) => labelOf(row[g], isTemporalColumn(result, g), formData.date_format as string | undefined)).join(', ') || metricLabel;
    if (groupby.length > 0) labelMap[name] = groupby.map((g) => row[g]);
    return { name, value: toNumber(row[metricLabel]) ?? 0 };
  });
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  // Slices under the "other" threshold are merged into one so a long tail does not become unreadable slivers.
  const otherThreshold = Number(formData.threshold_for_other ?? 0) / 100;
  if (otherThreshold > 0 && total > 0) {
    const small = slices.filter((s) => s.value / total < otherThreshold);
    if (small.length > 1) {
      slices = [...slices.filter((s) => s.value / total >= otherThreshold), { name: OTHER_LABEL, value: small.reduce((sum, s) => sum + s.value, 0) }];
    }
  }
  const labelThreshold = Number(formData.show_labels_threshold ?? 5) / 100;
  const labelType = (formData.label_type as string | undefined) ?? 'key';
  const outer = Number(formData.outerRadius ?? 70);
  const inner = formData.donut ? Number(formData.innerRadius ?? 30) : 0;
  const data = slices.map((s) => ({ ...s, itemStyle: { color: s.name === OTHER_LABEL ? '#B2B2B2' : colors.getColor(s.name) } }));
  return {
    echartOptions: {
      animation: false,
      tooltip: {
        trigger: 'item',
        formatter: (p: { name: string; value: number; percent: number }) => escapeHtml(`${p.name}: ${format(p.value)} (${percentFormat(p.percent / 100)})`),
      },
      legend: legendOption(formData, data.map((d) => d.name)),
      series: [
        {
          type: 'pie',
          radius: [`${inner}%`, `${outer}%`],
          center: ['50%', '50%'],
          avoidLabelOverlap: true,
          data,
          label: {
            show: formData.show_labels !== false,
            position: formData.labels_outside === false ? 'inner' : 'outer',
            formatter: (p: { name: string; value: number; percent: number }) =>
              total && p.value / total < labelThreshold ? '' : formatPieLabel(labelType, p.name, format(p.value), percentFormat(p.percent / 100), String(formData.label_template ?? '')),
          },
          labelLine: { show: !!formData.label_line },
        },
      ],
      ...(formData.show_total ? { graphic: [{ type: 'text', left: 'center', top: 'middle', style: { text: `Total: ${format(total)}`, fontSize: 16 } }] } : {}),
    },
    filterColumns: groupby,
    labelMap,
    total,
  };
}
