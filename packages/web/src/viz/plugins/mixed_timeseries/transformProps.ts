import type { FormData } from '@tessera/core';
import type { EchartsProps } from '../../echarts/EchartsRenderer';
import { ensureIsArray, getColumnLabel, getXAxisLabel } from '../../shared/chartQuery';
import { colorScaleOf, gridWithLegend, isTemporalColumn, legendOption } from '../../shared/props';
import { annotationLegend, annotationSeries } from '../../shared/timeseries/annotations';
import { buildSeries, categoryAxis, kindOf, tooltipOption, valueAxis } from '../../shared/timeseries/transformTimeseries';
import { toEpoch } from '../../shared/props';
import type { ChartProps } from '../../types';

/** Query B's style keys (seriesTypeB, stackB ...) read as the plain keys by the shared series builder. */
function styleOfB(formData: FormData): FormData {
  const keys = ['seriesType', 'stack', 'area', 'show_value', 'opacity', 'markerEnabled', 'markerSize'];
  return { ...formData, ...Object.fromEntries(keys.map((k) => [k, formData[`${k}B`]])) };
}

export function transformProps(chartProps: ChartProps): EchartsProps {
  const { formData, queriesData, datasource } = chartProps;
  const xColumn = getXAxisLabel(formData) ?? '__timestamp';
  const [resultA, resultB] = queriesData;
  const temporalColumn = isTemporalColumn(resultA, xColumn) || isTemporalColumn(resultB, xColumn);
  const temporal = !formData.xAxisForceCategorical && temporalColumn;
  const timeCategories = !!formData.xAxisForceCategorical && temporalColumn;
  const colors = colorScaleOf(formData);
  const identifiers = !!formData.show_query_identifiers;
  const seriesOf = (result: typeof resultA, fd: FormData, metrics: FormData['metrics'], axisKey: string, stackId: string, suffix: string) => {
    if (!result) return [];
    const columns = result.colnames.filter((c) => c !== xColumn);
    const secondary = Number(formData[axisKey] ?? 0) === 1;
    // Values take the format of the axis they are drawn against, or their saved metric's (Superset's
    // customFormatters and customFormattersSecondary).
    const formatted: FormData = { ...fd, metrics, y_axis_format: formData[secondary ? 'y_axis_format_secondary' : 'y_axis_format'] as string | undefined };
    return buildSeries(result.data, xColumn, columns, temporal, {
      kind: kindOf(fd.seriesType, 'line'),
      formData: formatted,
      yAxisIndex: secondary ? 1 : 0,
      stackId,
      colors,
      nameSuffix: identifiers ? suffix : '',
      datasource,
      labelMap: result.label_map,
    });
  };
  const seriesA = seriesOf(resultA, formData, formData.metrics, 'yAxisIndex', 'a', ' (Query A)');
  const seriesB = seriesOf(resultB, styleOfB(formData), formData.metrics_b as FormData['metrics'], 'yAxisIndexB', 'b', ' (Query B)');
  const series = [...seriesA, ...seriesB];
  // Query A's series cross-filter by its groupby values (label_map's last parts); Query B's select nothing.
  const groupby = ensureIsArray(formData.groupby).map(getColumnLabel);
  const labelMap: Record<string, unknown[]> = Object.fromEntries(seriesB.map((s) => [s.name, []]));
  for (const s of seriesA) {
    const column = identifiers ? s.name.slice(0, -' (Query A)'.length) : s.name;
    const parts = resultA?.label_map?.[column];
    if (groupby.length > 0 && parts && parts.length >= groupby.length) labelMap[s.name] = parts.slice(parts.length - groupby.length);
  }
  const primary = valueAxis(formData);
  const secondary = valueAxis({ ...formData, logAxis: formData.logAxisSecondary, y_axis_title: undefined }, 'y_axis_format_secondary', 'y_axis_bounds_secondary');
  const xValues = (resultA?.data ?? []).map((r) => toEpoch(r[xColumn])).filter((v): v is number => v !== null);
  const annotations = annotationSeries(formData, resultA?.annotation_data ?? {}, xValues);
  return {
    echartOptions: {
      animation: false,
      grid: gridWithLegend(formData, { top: 30, right: 30, bottom: formData.zoomable ? 60 : 30, left: 20 }),
      legend: legendOption(formData, [...series.map((s) => s.name), ...annotationLegend(formData, annotations)]),
      tooltip: tooltipOption(formData, temporal, { timeCategories, series }),
      xAxis: categoryAxis(formData, temporal, timeCategories),
      yAxis: [primary, { ...secondary, splitLine: { show: false } }],
      series: [...series, ...annotations],
      ...(formData.zoomable ? { dataZoom: [{ type: 'slider', bottom: 10 }, { type: 'inside' }] } : {}),
    },
    filterColumns: groupby,
    // A point's category is the x value; the groupby value it stands for is its series.
    filterBySeries: true,
    labelMap,
  };
}
