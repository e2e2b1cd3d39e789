import { GENERIC_DATA_TYPE, type QueryColumn } from '@tessera/core';
import { getTimeFormatter } from '../../formatters/timeFormat';
import { ensureIsArray, getColumnLabel, getMetricLabel } from '../../shared/chartQuery';
import type { ConditionalFormattingRule } from '../../shared/conditionalFormatting';
import { valueFormatter } from '../../shared/props';
import type { ChartProps } from '../../types';
import { getNumberFormatter } from '../../formatters/numberFormat';
import { isFractionAggregate, pivot, type CellValue, type PivotResult } from './pivot';

export interface PivotTableProps extends PivotResult {
  [key: string]: unknown;
  rowHeaders: string[];
  colHeaders: string[];
  format: (value: CellValue) => string;
  conditionalFormatting: ConditionalFormattingRule[];
  /** Each metric's values in the query's rows: conditional formatting shades a cell by its place among them. */
  metricValues: Record<string, unknown[]>;
  metricsLayout: 'COLUMNS' | 'ROWS';
  allowRenderHtml: boolean;
}

export function transformProps(chartProps: ChartProps): PivotTableProps {
  const { formData, queriesData } = chartProps;
  const result = queriesData[0];
  let rows = ensureIsArray(formData.groupbyRows as QueryColumn[] | undefined).map(getColumnLabel);
  let columns = ensureIsArray(formData.groupbyColumns as QueryColumn[] | undefined).map(getColumnLabel);
  if (formData.transposePivot) [rows, columns] = [columns, rows];
  const metrics = ensureIsArray(formData.metrics).map(getMetricLabel);
  // Temporal keys are shown with the date format before pivoting so equal days group together.
  const dateFormat = getTimeFormatter((formData.date_format as string | undefined) ?? '%Y-%m-%d');
  const temporal = (result?.colnames ?? []).filter((c, i) => result!.coltypes[i] === GENERIC_DATA_TYPE.TEMPORAL);
  const records = (result?.data ?? []).map((r) => (temporal.length ? { ...r, ...Object.fromEntries(temporal.map((t) => [t, r[t] === null || r[t] === undefined ? r[t] : dateFormat(r[t] as number)])) } : r));
  const metricsLayout = formData.metricsLayout === 'ROWS' ? 'ROWS' : 'COLUMNS';
  const pivoted = pivot(records, {
    rows,
    columns,
    metrics,
    metricsLayout,
    aggregateFunction: formData.aggregateFunction as string | undefined,
    rowTotals: !!formData.rowTotals,
    colTotals: !!formData.colTotals,
    rowSubTotals: !!formData.rowSubTotals,
    colSubTotals: !!formData.colSubTotals,
    rowSubtotalPosition: formData.rowSubtotalPosition === 'before' ? 'before' : 'after',
    colSubtotalPosition: formData.colSubtotalPosition === 'before' ? 'before' : 'after',
    rowOrder: formData.rowOrder as string | undefined,
    colOrder: formData.colOrder as string | undefined,
    combineMetric: !!formData.combineMetric,
  });
  // Shares read as percentages whatever the value format (Superset formats its fraction aggregators so too).
  const format = isFractionAggregate(formData.aggregateFunction as string | undefined) ? getNumberFormatter('.1%') : valueFormatter(formData, 'valueFormat');
  return {
    ...pivoted,
    rowHeaders: rows,
    colHeaders: columns,
    format: (v) => (v === null ? '' : typeof v === 'string' ? v : format(v)),
    conditionalFormatting: ensureIsArray(formData.conditional_formatting as ConditionalFormattingRule[] | undefined),
    metricValues: Object.fromEntries(metrics.map((m) => [m, records.map((r) => r[m])])),
    metricsLayout,
    allowRenderHtml: formData.allow_render_html !== false,
  };
}
