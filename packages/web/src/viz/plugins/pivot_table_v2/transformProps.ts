import { GENERIC_DATA_TYPE, pivotTable, pivotTableLayout, pivotValueFormatter, type PivotCellValue, type PivotTableResult } from '@tessera/core';
import { getTimeFormatter } from '../../formatters/timeFormat';
import { ensureIsArray } from '../../shared/chartQuery';
import type { ConditionalFormattingRule } from '../../shared/conditionalFormatting';
import type { ChartProps } from '../../types';
import { pivotRowValues, type PivotRowValues } from './pivotCrossFilter';

export interface PivotTableProps extends PivotTableResult {
  [key: string]: unknown;
  rowHeaders: string[];
  colHeaders: string[];
  format: (value: PivotCellValue) => string;
  conditionalFormatting: ConditionalFormattingRule[];
  /** Each metric's values in the query's rows: conditional formatting shades a cell by its place among them. */
  metricValues: Record<string, unknown[]>;
  metricsLayout: 'COLUMNS' | 'ROWS';
  /** Metrics sit under each key (the axis' last level) rather than heading them (its first). */
  combineMetric: boolean;
  allowRenderHtml: boolean;
  /** A metric's name as headers show it: the dataset's verbose name, else its label. */
  metricName: (metric: string) => string;
  /** The row dimensions' columns, and the raw values behind their keys: a row header click cross-filters by them. */
  rowColumns: string[];
  rowValues: PivotRowValues;
}

export function transformProps(chartProps: ChartProps): PivotTableProps {
  const { formData, queriesData, datasource } = chartProps;
  const result = queriesData[0];
  const { rowHeaders, colHeaders, options } = pivotTableLayout(formData);
  // Headers read the dataset's verbose names, as Superset's pivot maps them (`namesMapping`); keys stay labels.
  const verbose = datasource?.verbose_map ?? {};
  const named = (label: string) => verbose[label] || label;
  // Temporal keys are shown with the date format before pivoting so equal days group together.
  const dateFormat = getTimeFormatter((formData.date_format as string | undefined) ?? '%Y-%m-%d');
  const temporal = (result?.colnames ?? []).filter((c, i) => result!.coltypes[i] === GENERIC_DATA_TYPE.TEMPORAL);
  const records = (result?.data ?? []).map((r) => (temporal.length ? { ...r, ...Object.fromEntries(temporal.map((t) => [t, r[t] === null || r[t] === undefined ? r[t] : dateFormat(r[t] as number)])) } : r));
  const pivoted = pivotTable(records, options);
  const format = pivotValueFormatter(formData);
  return {
    ...pivoted,
    rowHeaders: rowHeaders.map(named),
    colHeaders: colHeaders.map(named),
    metricName: named,
    format: (v) => (v === null ? '' : typeof v === 'string' ? v : format(v)),
    conditionalFormatting: ensureIsArray(formData.conditional_formatting as ConditionalFormattingRule[] | undefined),
    metricValues: Object.fromEntries(options.metrics.map((m) => [m, records.map((r) => r[m])])),
    metricsLayout: options.metricsLayout,
    combineMetric: !!options.combineMetric,
    allowRenderHtml: formData.allow_render_html !== false,
    rowColumns: options.rows,
    rowValues: pivotRowValues(result?.data ?? [], options.rows, temporal),
  };
}
