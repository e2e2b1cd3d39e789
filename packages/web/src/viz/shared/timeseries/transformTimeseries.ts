import type { FormData } from '@tessera/core';
import type { CategoricalColorScale } from '../../colors/CategoricalColorScale';
import type { EchartsProps } from '../../echarts/EchartsRenderer';
import { getTimeFormatter, tooltipTimeFormat } from '../../formatters/timeFormat';
import { getNumberFormatter } from '../../formatters/numberFormat';
import type { ChartProps, ExploreDatasource } from '../../types';
import { ensureIsArray, getColumnLabel, getXAxisLabel } from '../chartQuery';
import { chosenNumberFormat, metricAxisFormatter, metricValueFormatter, seriesMetricFormatter } from '../metricFormat';
import { colorScaleOf, gridWithLegend, isTemporalColumn, legendOption, parseBounds, toEpoch, toNumber } from '../props';
import { annotationLegend, annotationSeries } from './annotations';
import { derivedSeriesColors } from './derivedSeries';
import { splitForecastColumns } from './forecastColumns';
import { forecastSeries } from './forecastSeries';
import { axisTooltipFormatter } from './axisTooltip';
import { xValue } from './xValue';

export type SeriesKind = 'line' | 'bar' | 'area' | 'scatter' | 'smooth' | 'step';

/** Superset's generic `seriesType` values onto our kinds. */
export function kindOf(seriesType: unknown, fallback: SeriesKind): SeriesKind {
  switch (seriesType) {
    case 'line':
    case 'bar':
    case 'scatter':
    case 'smooth':
      return seriesType;
    case 'start':
    case 'middle':
    case 'end':
    case 'step':
      return 'step';
    case 'area':
      return 'area';
    default:
      return fallback;
  }
}

export interface SeriesBuildOptions {
  kind: SeriesKind;
  formData: FormData;
  yAxisIndex?: number;
  horizontal?: boolean;
  nameSuffix?: string;
  stackId?: string;
  /** Shared between the mixed chart's two queries so their series do not reuse colours. */
  colors?: CategoricalColorScale;
  /** Lends saved metric formats to value labels and tooltips (metricFormat.ts). */
  datasource?: ExploreDatasource | undefined;
  /** The result's label_map: which metric each column draws, so each series takes that metric's saved format. */
  labelMap?: Readonly<Record<string, readonly string[]>> | undefined;
}

/**
 * Superset's getPercentFormatter for contribution mode: shares read as percentages in value labels, tooltips and
 * the axis alike, in the chart's number format when one is chosen, else as whole percents.
 */
export function contributionFormatter(formData: FormData, formatKey = 'y_axis_format') {
  return getNumberFormatter(chosenNumberFormat(formData[formatKey]) ?? ',.0%');
}

/**
 * A time x axis forced to categories keeps each category's raw value (epoch ms as text, or the warehouse's ISO
 * text) so distinct times stay distinct; this formats one for the axis or the tooltip header.
 */
export function timeCategoryFormatter(format: string | undefined) {
  const formatTime = getTimeFormatter(format);
  return (value: unknown) => {
    const text = String(value);
    const epoch = /^-?\d+$/.test(text) ? Number(text) : toEpoch(value);
    return epoch === null ? text : formatTime(epoch);
  };
}

/** ECharts series for every non-x column of flattened (pivoted) rows. */
export function buildSeries(rows: Record<string, unknown>[], xColumn: string, columns: string[], temporal: boolean, opts: SeriesBuildOptions) {
  const { kind, formData, horizontal } = opts;
  const colors = opts.colors ?? colorScaleOf(formData);
  const stack = formData.stack ? (opts.stackId ?? 'total') : undefined;
  const percent = formData.contributionMode ? contributionFormatter(formData) : undefined;
  const chartFormat = percent ?? metricValueFormatter(formData, opts.datasource, formData.metrics);
  const ownFormat = percent ? () => undefined : seriesMetricFormatter(formData, opts.datasource, opts.labelMap);
  const valueOf = (v: unknown) => toNumber(Array.isArray(v) ? v[horizontal ? 0 : 1] : v);
  const showValue = !!formData.show_value;
  const markerSize = Number(formData.markerSize ?? 6);
  const opacity = Number(formData.opacity ?? 0.2);
  const useArea = kind === 'area' || (!!formData.area && kind !== 'bar' && kind !== 'scatter');
  const derived = derivedSeriesColors(formData, columns);
  return columns.map((column) => {
    const name = `${column}${opts.nameSuffix ?? ''}`;
    const original = derived.get(column);
    const format = ownFormat(column) ?? chartFormat;
    const data = rows.map((row) => {
      const pair: [number | string, number | null] = [xValue(row[xColumn], temporal), toNumber(row[column])];
      return horizontal ? [pair[1], pair[0]] : pair;
    });
    const step = kind === 'step' ? ((formData.seriesType as string | undefined) ?? 'start') : undefined;
    return {
      name,
      id: name,
      type: kind === 'bar' ? 'bar' : kind === 'scatter' ? 'scatter' : 'line',
      data,
      yAxisIndex: opts.yAxisIndex ?? 0,
      itemStyle: { color: colors.getColor(original === undefined ? name : `${original}${opts.nameSuffix ?? ''}`) },
      ...(original !== undefined && kind !== 'bar' && kind !== 'scatter' ? { lineStyle: { type: 'dashed' } } : {}),
      ...(stack ? { stack } : {}),
      ...(kind === 'smooth' ? { smooth: true } : {}),
      ...(step ? { step: ['start', 'middle', 'end'].includes(step) ? step : 'start' } : {}),
      ...(useArea ? { areaStyle: { opacity } } : {}),
      ...(kind === 'scatter' ? { symbolSize: markerSize } : {}),
      ...(kind !== 'bar' && kind !== 'scatter' ? { showSymbol: !!formData.markerEnabled, symbolSize: markerSize, connectNulls: false } : {}),
      label: {
        show: showValue,
        position: horizontal ? 'right' : 'top',
        formatter: (p: { value: [unknown, unknown] }) => format(toNumber(p.value[horizontal ? 0 : 1])),
      },
      // ECharts reads a series' own valueFormatter before the chart's, in axis tooltips too: each series is
      // shown in its metric's format (and the mixed chart's two queries each in their own).
      tooltip: { valueFormatter: (v: unknown) => format(valueOf(v)) },
    };
  });
}

export interface AxisBuildOptions {
  formData: FormData;
  temporal: boolean;
  formatKey?: string;
}

export function valueAxis(formData: FormData, formatKey = 'y_axis_format', boundsKey = 'y_axis_bounds', datasource?: ExploreDatasource) {
  const format = formData.contributionMode ? contributionFormatter(formData, formatKey) : metricAxisFormatter(formData, datasource, formData.metrics, formatKey);
  const bounds = parseBounds(formData[boundsKey]);
  return {
    type: formData.logAxis ? 'log' : 'value',
    scale: !!formData.truncateYAxis,
    min: bounds[0] ?? undefined,
    max: bounds[1] ?? undefined,
    minorSplitLine: { show: !!formData.minorSplitLine },
    axisLabel: { formatter: (v: number) => format(v) },
    name: (formData.y_axis_title as string | undefined) || undefined,
    nameLocation: 'middle',
    nameGap: Number(formData.y_axis_title_margin ?? 15) + 30,
  };
}

/** `timeCategories`: the x column is temporal but drawn on a category axis (xAxisForceCategorical). */
export function categoryAxis(formData: FormData, temporal: boolean, timeCategories = false) {
  const timeFormat = getTimeFormatter(formData.x_axis_time_format as string | undefined);
  const categoryFormat = timeCategories ? timeCategoryFormatter(formData.x_axis_time_format as string | undefined) : undefined;
  return {
    type: temporal ? 'time' : 'category',
    axisLabel: {
      hideOverlap: true,
      rotate: Number(formData.xAxisLabelRotation ?? 0),
      ...(temporal ? { formatter: (v: number) => timeFormat(v) } : categoryFormat ? { formatter: categoryFormat } : {}),
    },
    name: (formData.x_axis_title as string | undefined) || undefined,
    nameLocation: 'middle',
    nameGap: Number(formData.x_axis_title_margin ?? 15) + 15,
  };
}

export interface TooltipOptions {
  horizontal?: boolean;
  datasource?: ExploreDatasource;
  /** The x column is temporal but drawn on a category axis (xAxisForceCategorical). */
  timeCategories?: boolean;
  /** The drawn series: each one's values read in its own format (its metric's, its query's), as their labels do. */
  series?: readonly { name: string; tooltip?: { valueFormatter?: (v: unknown) => string } }[];
}

/**
 * The chart's tooltip. The rich tooltip (on the x axis) lists the series with a value at the hovered x, forecasts
 * joined to their series (axisTooltipFormatter); without it, the hovered point alone, in its series' format.
 */
export function tooltipOption(formData: FormData, temporal: boolean, o: TooltipOptions = {}) {
  const format = formData.contributionMode ? contributionFormatter(formData) : metricValueFormatter(formData, o.datasource, formData.metrics);
  const timeFormat = getTimeFormatter(tooltipTimeFormat(formData.tooltipTimeFormat as string | undefined));
  const categoryFormat = timeCategoryFormatter(tooltipTimeFormat(formData.tooltipTimeFormat as string | undefined));
  const rich = formData.rich_tooltip !== false;
  const own = new Map((o.series ?? []).flatMap((s) => (s.tooltip?.valueFormatter ? [[s.name, s.tooltip.valueFormatter] as const] : [])));
  const formatOf = (name: string) => own.get(name) ?? ((v: number | null) => format(v));
  const header = (p: { axisValue?: unknown; axisValueLabel?: string }) =>
    temporal && typeof p.axisValue === 'number'
      ? timeFormat(p.axisValue)
      : !temporal && o.timeCategories
        ? categoryFormat(p.axisValue)
        : String(p.axisValueLabel ?? p.axisValue ?? '');
  return {
    trigger: rich ? 'axis' : 'item',
    valueFormatter: (v: unknown) => format(toNumber(Array.isArray(v) ? v[1] : v)),
    ...(temporal ? { axisPointer: { label: { formatter: (p: { value: number }) => timeFormat(p.value) } } } : {}),
    ...(!temporal && o.timeCategories ? { axisPointer: { label: { formatter: (p: { value: unknown }) => categoryFormat(p.value) } } } : {}),
    ...(rich ? { formatter: axisTooltipFormatter(formatOf, header, o.horizontal ? 0 : 1) } : {}),
  };
}

/** transformProps of the timeseries family (line, bar, area, scatter, smooth, step). */
export function transformTimeseries(chartProps: ChartProps, defaultKind: SeriesKind): EchartsProps {
  const { formData, queriesData, datasource } = chartProps;
  const result = queriesData[0];
  const rows = result?.data ?? [];
  const xColumn = getXAxisLabel(formData) ?? result?.colnames[0] ?? '__timestamp';
  const temporalColumn = isTemporalColumn(result, xColumn) || (rows.length > 0 && typeof rows[0]![xColumn] === 'number' && !!formData.time_grain_sqla);
  const temporal = !formData.xAxisForceCategorical && temporalColumn;
  const timeCategories = !!formData.xAxisForceCategorical && temporalColumn;
  const columns = (result?.colnames ?? []).filter((c) => c !== xColumn);
  const kind = kindOf(formData.seriesType, defaultKind);
  const horizontal = kind === 'bar' && formData.orientation === 'horizontal';
  // A forecast answer (prophet) adds yhat columns per metric: the metric is drawn as usual, its forecast beside it.
  const { observations, forecasts } = splitForecastColumns(columns);
  const colors = colorScaleOf(formData);
  const series = buildSeries(rows, xColumn, observations, temporal, { kind, formData, horizontal, colors, datasource, labelMap: result?.label_map });
  const predicted = [...forecasts].flatMap(([name, parts]) => forecastSeries(rows, xColumn, name, parts, { color: colors.getColor(name), temporal, horizontal }));
  const xAxis = categoryAxis(formData, temporal, timeCategories);
  const yAxis = valueAxis(formData, 'y_axis_format', 'y_axis_bounds', datasource);
  const annotations = annotationSeries(formData, result?.annotation_data ?? {}, rows.map((r) => toEpoch(r[xColumn])).filter((v): v is number => v !== null));
  return {
    echartOptions: {
      animation: false,
      grid: gridWithLegend(formData, { top: 30, right: 30, bottom: formData.zoomable ? 60 : 30, left: 20 }),
      legend: legendOption(formData, [...series.map((s) => s.name), ...annotationLegend(formData, annotations)]),
      tooltip: tooltipOption(formData, temporal, { horizontal, datasource, timeCategories, series }),
      xAxis: horizontal ? yAxis : xAxis,
      yAxis: horizontal ? xAxis : yAxis,
      series: [...series, ...predicted, ...annotations],
      ...(formData.zoomable ? { dataZoom: [{ type: 'slider', bottom: 10 }, { type: 'inside' }] } : {}),
    },
    ...timeseriesCrossFilter(formData, result?.label_map, xColumn, temporal || timeCategories),
  };
}

/**
 * What a click on a point filters by: the groupby values of its series (the last parts of the series' label_map
 * entry, Superset's labelMap); without groupby, a category x axis' value (a bar chart of categories).
 */
export function timeseriesCrossFilter(
  formData: FormData,
  labelMap: Readonly<Record<string, readonly string[]>> | undefined,
  xColumn: string,
  temporalX: boolean,
): Pick<EchartsProps, 'filterColumns' | 'filterBySeries' | 'labelMap'> {
  const groupby = ensureIsArray(formData.groupby).map(getColumnLabel);
  if (groupby.length === 0) return temporalX ? { filterColumns: [] } : { filterColumns: [xColumn] };
  const bySeries: Record<string, unknown[]> = {};
  for (const [series, parts] of Object.entries(labelMap ?? {})) {
    if (parts.length >= groupby.length) bySeries[series] = parts.slice(parts.length - groupby.length);
  }
  // A point's category is the x value; the groupby value it stands for is its series.
  return { filterColumns: groupby, filterBySeries: true, labelMap: bySeries };
}
