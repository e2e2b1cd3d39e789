import type { FormData } from '@tessera/core';
import { getCurrencyFormatter, type CurrencyFormat } from '../formatters/currencyFormat';
import { NumberFormats, type NumberFormatter } from '../formatters/numberFormat';
import type { ExploreDatasource } from '../types';
import { ensureIsArray } from './chartQuery';

/**
 * Superset's getValueFormatter (superset-ui-core currency-format/utils.ts): a chart that shows one saved metric
 * formats it with the d3 format and currency the dataset keeps for that metric (`column_formats` /
 * `currency_formats`) unless the chart chose its own. "Chose" means a format other than the adaptive default:
 * our form data always holds SMART_NUMBER, so treating it as a choice would hide every saved format.
 */

/** The chart's number format, or undefined when it is the adaptive default (empty or SMART_NUMBER). */
export function chosenNumberFormat(format: unknown): string | undefined {
  const text = typeof format === 'string' ? format.trim() : '';
  return text && text !== NumberFormats.SMART_NUMBER ? text : undefined;
}

/** The saved metric (a name) when `metrics` holds exactly one; ad hoc metrics carry no saved format. */
export function loneSavedMetric(metrics: unknown): string | undefined {
  const list = ensureIsArray<unknown>(metrics);
  return list.length === 1 && typeof list[0] === 'string' ? list[0] : undefined;
}

/** The currency the chart sets, when it names a symbol. */
function chosenCurrency(formData: FormData): CurrencyFormat | undefined {
  const currency = formData.currency_format as CurrencyFormat | null | undefined;
  return currency?.symbol ? currency : undefined;
}

/**
 * The formatter for a chart's metric values: the chart's format (`formatKey`) and currency, falling back to the
 * saved metric's when `metrics` is one saved metric.
 */
export function metricValueFormatter(formData: FormData, datasource: ExploreDatasource | undefined, metrics: unknown, formatKey = 'y_axis_format'): NumberFormatter {
  const chartFormat = formData[formatKey] as string | undefined;
  const saved = loneSavedMetric(metrics);
  if (!saved || !datasource) return getCurrencyFormatter(chosenCurrency(formData), chartFormat);
  const format = chosenNumberFormat(chartFormat) ?? datasource.column_formats?.[saved] ?? chartFormat;
  const currency = chosenCurrency(formData) ?? (datasource.currency_formats?.[saved] as CurrencyFormat | undefined);
  return getCurrencyFormatter(currency, format);
}

/**
 * Superset's getYAxisFormatter: a value axis keeps the chart's format unless the lone saved metric is shown as a
 * currency (the chart's or the saved one); a saved d3 format alone reaches tooltips and labels, not the axis.
 */
export function metricAxisFormatter(formData: FormData, datasource: ExploreDatasource | undefined, metrics: unknown, formatKey = 'y_axis_format'): NumberFormatter {
  const saved = loneSavedMetric(metrics);
  const savedCurrency = saved ? (datasource?.currency_formats?.[saved] as CurrencyFormat | undefined) : undefined;
  if (saved && (chosenCurrency(formData) ?? savedCurrency)?.symbol) return metricValueFormatter(formData, datasource, metrics, formatKey);
  return getCurrencyFormatter(chosenCurrency(formData), formData[formatKey] as string | undefined);
}

/**
 * Superset's buildCustomFormatters + getCustomFormatter for charts with several metrics: each series takes the
 * saved format (or currency) of the metric it draws. The series' metric is the first label the server's
 * `label_map` gives for its column (`avg_delay, AA` -> avg_delay), or the column itself when it names a metric.
 * Returns undefined for a series with nothing saved, and always when one metric (or none) is shown: the lone
 * metric's format is the chart-wide one (metricValueFormatter).
 */
export function seriesMetricFormatter(
  formData: FormData,
  datasource: ExploreDatasource | undefined,
  labelMap: Readonly<Record<string, readonly string[]>> | undefined,
  formatKey = 'y_axis_format',
): (column: string) => NumberFormatter | undefined {
  const saved = ensureIsArray<unknown>(formData.metrics).filter((m): m is string => typeof m === 'string');
  if (!datasource || ensureIsArray(formData.metrics).length < 2 || saved.length === 0) return () => undefined;
  const chartFormat = chosenNumberFormat(formData[formatKey]);
  const formatters = new Map<string, NumberFormatter>();
  for (const metric of saved) {
    const format = chartFormat ?? datasource.column_formats?.[metric];
    const currency = chosenCurrency(formData) ?? (datasource.currency_formats?.[metric] as CurrencyFormat | undefined);
    if (format === undefined && !currency?.symbol) continue;
    formatters.set(metric, getCurrencyFormatter(currency?.symbol ? currency : undefined, format ?? (formData[formatKey] as string | undefined)));
  }
  return (column) => {
    const metric = labelMap?.[column]?.[0] ?? column;
    return formatters.get(metric);
  };
}
