import { pivotEntryLabel, type PivotAxisEntry, type PivotCellValue, type PivotTableResult } from './pivotTable.js';
import type { PivotTableLayout } from './pivotTableLayout.js';

/**
 * A pivot laid out as a plain table, as Superset's post-processed answer gives it: one key column per row
 * level, then one value column per column entry, its header the entry's keys joined by spaces (the metric
 * first unless metrics are combined, "SUM(num) 2000"; totals "Total (Sum)").
 */
export interface FlatPivotTable {
  /** The row levels' names: the row dimensions, and `metric` for the level metrics sit on. */
  indexNames: string[];
  /** Each row's keys, level by level. */
  index: string[][];
  /** Each value column's header parts. */
  columns: string[][];
  values: PivotCellValue[][];
}

/** Joins header parts as Superset flattens a column MultiIndex: by spaces, blanks trimmed off the ends. */
export const flatName = (parts: readonly string[]): string => parts.join(' ').trim();

function parts(e: PivotAxisEntry, dims: number, withMetric: boolean, metricFirst: boolean, totalLabel: string, name: (label: string) => string): string[] {
  // An axis without dimensions has one entry, the grand total of every record.
  const keys = dims === 0 ? [e.kind === 'data' ? totalLabel : pivotEntryLabel(e, 0, totalLabel)] : Array.from({ length: dims }, (_, level) => pivotEntryLabel(e, level, totalLabel));
  if (!withMetric) return keys;
  const metric = name(e.metric ?? '');
  if (dims === 0) return [metric];
  return metricFirst ? [metric, ...keys] : [...keys, metric];
}

/** `name` gives a dimension's or metric's header (Superset writes the dataset's verbose names); keys stay as they are. */
export function flatPivotTable(pivoted: PivotTableResult, layout: PivotTableLayout, name: (label: string) => string = (label) => label): FlatPivotTable {
  const { colHeaders, options } = layout;
  const rowHeaders = layout.rowHeaders.map(name);
  const onRows = options.metricsLayout === 'ROWS';
  const metricFirst = !options.combineMetric;
  const rowNames = rowHeaders.length === 0 && !onRows ? [''] : rowHeaders;
  const indexNames = onRows ? (rowHeaders.length === 0 ? ['metric'] : metricFirst ? ['metric', ...rowHeaders] : [...rowHeaders, 'metric']) : rowNames;
  return {
    indexNames,
    index: pivoted.rowAxis.map((e) => parts(e, rowHeaders.length, onRows, metricFirst, pivoted.totalLabel, name)),
    columns: pivoted.colAxis.map((e) => parts(e, colHeaders.length, !onRows, metricFirst, pivoted.totalLabel, name)),
    values: pivoted.values,
  };
}
