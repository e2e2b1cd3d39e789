import { pivotEntryLabel, type PivotAxisEntry } from '@tessera/core';
import type { PivotTableProps } from './transformProps';

/** The header levels of one axis of a drawn pivot: how many, each entry's text at a level, and each level's name. */
export interface PivotAxisLevels {
  count: number;
  /** The level the metric names sit on, or null on the axis without them. */
  metricLevel: number | null;
  text: (entry: PivotAxisEntry, level: number) => string;
  name: (level: number) => string;
}

/**
 * The axis that holds the metrics has one level more: the first, as Superset draws it (each metric heads its
 * keys), or the last when metrics are combined (each key heads its metrics). Its name is "Metric".
 */
export function pivotAxisLevels(props: PivotTableProps, axis: 'rows' | 'columns'): PivotAxisLevels {
  const headers = axis === 'rows' ? props.rowHeaders : props.colHeaders;
  const key = (entry: PivotAxisEntry, level: number) => pivotEntryLabel(entry, level, props.totalLabel);
  if ((props.metricsLayout === 'ROWS') !== (axis === 'rows')) return { count: headers.length, metricLevel: null, text: key, name: (level) => headers[level] ?? '' };
  const metricLevel = props.combineMetric ? headers.length : 0;
  const dimension = (level: number) => (metricLevel === 0 ? level - 1 : level);
  return {
    count: headers.length + 1,
    metricLevel,
    text: (entry, level) => (level === metricLevel ? props.metricName(entry.metric ?? '') : key(entry, dimension(level))),
    name: (level) => (level === metricLevel ? 'Metric' : (headers[dimension(level)] ?? '')),
  };
}

/**
 * The corner of the header: column level names beside their rows, row level names on the last header row. When
 * that last row is a column dimension (not the self-evident metric level), its name would be hidden, so the row
 * names take a header row of their own, as Superset draws them.
 */
export function pivotCorner(columns: PivotAxisLevels, rows: PivotAxisLevels): { headerRows: number; cell: (headerRow: number, i: number) => string } {
  const levels = Math.max(1, columns.count);
  const rowCount = Math.max(1, rows.count);
  const ownRow = rows.count > 0 && columns.count > 0 && columns.metricLevel !== columns.count - 1;
  const namesRow = ownRow ? levels : levels - 1;
  return {
    headerRows: ownRow ? levels + 1 : levels,
    cell: (headerRow, i) => (headerRow === namesRow ? rows.name(i) : i === rowCount - 1 && headerRow < levels ? columns.name(headerRow) : ''),
  };
}
