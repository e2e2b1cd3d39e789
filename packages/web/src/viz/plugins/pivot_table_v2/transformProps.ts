import { GENERIC_DATA_TYPE, isFractionAggregate, pivotTable, pivotTableLayout, type PivotCellValue, type PivotTableResult } from '@tessera/core';
import { getTimeFormatter } from '../../formatters/timeFormat';
import { ensureIsArray } from '../../shared/chartQuery';
import type { ConditionalFormattingRule } from '../../shared/conditionalFormatting';
import { valueFormatter } from '../../shared/props';
import type { ChartProps } from '../../types';
import { getNumberFormatter } from '../../formatters/numberFormat';

export interface PivotTableProps extends PivotTableResult {
  [key: string]: unknown;
  rowHeaders: string[];
  colHeaders: string[];
  format: (value: PivotCellValue) => string;
  conditionalFormatting: ConditionalFormattingRule[];
  /** Each metric's values in the query's rows: conditional formatting shades a cell by its place among them. */
  metricValues: Record<string, unknown[]>;
  metricsLayout: 'COLUMNS' | 'ROWS';
  allowRenderHtml: boolean;
}

export function transformProps(chartProps: ChartProps): PivotTableProps {
  const { formData, queriesData } = chartProps;
  const result = queriesData[0];
  const { rowHeaders, colHeaders, options } = pivotTableLayout(formData);
  // Temporal keys are shown with the date format before pivoting so equal days group together.
  const dateFormat = getTimeFormatter((formData.date_format as string | undefined) ?? '%Y-%m-%d');
  const temporal = (result?.colnames ?? []).filter((c, i) => result!.coltypes[i] === GENERIC_DATA_TYPE.TEMPORAL);
  const records = (result?.data ?? []).map((r) => (temporal.length ? { ...r, ...Object.fromEntries(temporal.map((t) => [t, r[t] === null || r[t] === undefined ? r[t] : dateFormat(r[t] as number)])) } : r));
  const pivoted = pivotTable(records, options);
  // Shares read as percentages whatever the value format (Superset formats its fraction aggregators so too).
  const format = isFractionAggregate(options.aggregateFunction) ? getNumberFormatter('.1%') : valueFormatter(formData, 'valueFormat');
  return {
    ...pivoted,
    rowHeaders,
    colHeaders,
    format: (v) => (v === null ? '' : typeof v === 'string' ? v : format(v)),
    conditionalFormatting: ensureIsArray(formData.conditional_formatting as ConditionalFormattingRule[] | undefined),
    metricValues: Object.fromEntries(options.metrics.map((m) => [m, records.map((r) => r[m])])),
    metricsLayout: options.metricsLayout,
    allowRenderHtml: formData.allow_render_html !== false,
  };
}
