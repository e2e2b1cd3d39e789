import type { QueryColumn, QueryMetric } from '../contracts/chartData.js';
import { ensureIsArray } from '../chartQuery/ensureIsArray.js';
import { getColumnLabel } from '../chartQuery/getColumnLabel.js';
import { getMetricLabel } from '../chartQuery/getMetricLabel.js';
import type { PivotTableOptions } from './pivotTable.js';

/** The pivot a pivot table's form data asks for, and the dimension names its headers show. */
export interface PivotTableLayout {
  rowHeaders: string[];
  colHeaders: string[];
  options: PivotTableOptions;
}

const labelsOf = (value: unknown): string[] =>
  ensureIsArray(value as QueryColumn | QueryColumn[] | null | undefined)
    .filter((c) => c !== null && c !== '')
    .map(getColumnLabel);

/**
 * The pivot_table_v2 controls as pivot options (the browser's transformProps and the server's post-processed
 * answer read them alike). "Transpose pivot" swaps the dimensions, not the totals, as Superset does.
 */
export function pivotTableLayout(formData: Record<string, unknown>): PivotTableLayout {
  let rows = labelsOf(formData.groupbyRows);
  let columns = labelsOf(formData.groupbyColumns);
  if (formData.transposePivot) [rows, columns] = [columns, rows];
  const metrics = ensureIsArray(formData.metrics as QueryMetric | QueryMetric[] | null | undefined)
    .filter((m) => m !== null && m !== '')
    .map(getMetricLabel);
  const text = (key: string) => (typeof formData[key] === 'string' ? (formData[key] as string) : undefined);
  return {
    rowHeaders: rows,
    colHeaders: columns,
    options: {
      rows,
      columns,
      metrics,
      metricsLayout: formData.metricsLayout === 'ROWS' ? 'ROWS' : 'COLUMNS',
      aggregateFunction: text('aggregateFunction'),
      rowTotals: !!formData.rowTotals,
      colTotals: !!formData.colTotals,
      rowSubTotals: !!formData.rowSubTotals,
      colSubTotals: !!formData.colSubTotals,
      rowSubtotalPosition: formData.rowSubtotalPosition === 'before' ? 'before' : 'after',
      colSubtotalPosition: formData.colSubtotalPosition === 'before' ? 'before' : 'after',
      rowOrder: text('rowOrder'),
      colOrder: text('colOrder'),
      combineMetric: !!formData.combineMetric,
    },
  };
}
