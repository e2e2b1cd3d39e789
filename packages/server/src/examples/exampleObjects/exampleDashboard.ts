import type { AdhocFilter, AdhocMetric, FormData } from '@tessera/core';

/**
 * The example charts and dashboards created at first start (Superset's `load-examples`), as plain data: a
 * dashboard names its example table, its charts (form data without the datasource, which is known only once the
 * table's dataset exists), how they are laid out and its native filters.
 */
export interface ExampleChart {
  /** Unique within its dashboard; the layout and the filters refer to charts by it. */
  key: string;
  name: string;
  vizType: string;
  /** Form data as the explorer saves it, less `datasource` and `viz_type` (added when the chart is created). */
  params: Omit<FormData, 'datasource' | 'viz_type'>;
}

/** A cell of a layout row: a chart by key, or a markdown block. Widths are grid columns (a row holds 12 at most). */
export type ExampleCell = { chart: string; width: number; height: number } | { markdown: string; width: number; height: number };
export type ExampleRow = ExampleCell[];

export interface ExampleTab {
  title: string;
  rows: ExampleRow[];
}

export interface ExampleFilter {
  name: string;
  filterType: 'filter_select' | 'filter_time' | 'filter_range';
  /** The column filtered (none for a time range filter, which applies to each chart's time column). */
  column: string | null;
  multiSelect?: boolean;
}

export interface ExampleDashboard {
  slug: string;
  title: string;
  /** The example table whose dataset every chart of this dashboard reads. */
  table: string;
  charts: ExampleChart[];
  /** Rows above the tabs (or the whole dashboard when there are no tabs). */
  rows: ExampleRow[];
  tabs: ExampleTab[];
  filters: ExampleFilter[];
}

/** SUM(column) as the explorer's adhoc metric picker saves it. */
export function sumOf(column: string, label = `SUM(${column})`): AdhocMetric {
  return simpleMetric(column, 'SUM', label);
}

/** An aggregate of one column as the explorer's "Simple" metric tab saves it. */
export function simpleMetric(column: string, aggregate: 'SUM' | 'AVG' | 'MAX' | 'MIN' | 'COUNT' | 'COUNT_DISTINCT', label: string): AdhocMetric {
  return { expressionType: 'SIMPLE', column: { column_name: column }, aggregate, label, hasCustomLabel: true, optionName: `metric_${label.replace(/\W+/g, '_').toLowerCase()}` };
}

/** A WHERE filter of the explorer's "Simple" tab (`column operator value`). */
export function whereFilter(column: string, operator: '==' | '<' | '>' | 'IN', comparator: unknown): AdhocFilter {
  return { expressionType: 'SIMPLE', subject: column, operator, comparator, clause: 'WHERE', isExtra: false, filterOptionName: `filter_${column}_${String(comparator).replace(/\W+/g, '_')}` };
}
