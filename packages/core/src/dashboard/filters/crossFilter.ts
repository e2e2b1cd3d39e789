import type { DataMask, ExtraFormData } from '../dataMask.js';
import type { DashboardJsonMetadata, FilterScope } from '../jsonMetadata.js';
import type { DashboardLayout } from '../layoutTypes.js';
import { chartsInScope, defaultFilterScope } from './filterScope.js';

/**
 * Viz types that emit cross-filters on click (facts §4.2, Superset's InteractiveChart behaviour) among the ones we
 * draw. Big numbers, heatmap and waterfall are not interactive in Superset, nor are bubble, histogram, sankey and
 * word cloud.
 */
export const INTERACTIVE_VIZ_TYPES: readonly string[] = [
  'table',
  'pivot_table_v2',
  'pie',
  'echarts_timeseries_line',
  'echarts_timeseries_bar',
  'echarts_timeseries_scatter',
  'echarts_timeseries_smooth',
  'echarts_timeseries_step',
  'echarts_area',
  'mixed_timeseries',
  'box_plot',
  'funnel',
  'gauge_chart',
  'graph_chart',
  'radar',
  'treemap_v2',
  'sunburst_v2',
  'world_map',
];

export function isInteractiveChart(vizType: string | null | undefined): boolean {
  return typeof vizType === 'string' && INTERACTIVE_VIZ_TYPES.includes(vizType);
}

/** What a click on a drawn element selects: one value per column (a pie slice of two groupbys gives two). */
export interface CrossFilterSelection {
  columns: string[];
  values: unknown[];
  /** How the element reads (`boy`, `boy, CA`): the bar and the badge show it. */
  label: string;
}

/**
 * The data mask of a cross-filter emitted by `chartId` (Superset's getCrossFilterDataMask): one filter per column,
 * `IN` the selected values of that column, or `IS NULL` for an empty value. `values` holds one row of values per
 * selected element, `labels` their texts.
 */
export function crossFilterDataMask(chartId: number, columns: readonly string[], values: readonly (readonly unknown[])[], labels: readonly string[]): DataMask {
  if (values.length === 0) return clearedCrossFilter(chartId);
  const filters: NonNullable<ExtraFormData['filters']> = columns.map((col, index) => {
    const colValues = values.map((row) => row[index]);
    if (colValues.every((v) => v === null || v === undefined)) return { col, op: 'IS NULL' };
    return { col, op: 'IN', val: colValues.filter((v) => v !== null && v !== undefined) };
  });
  return {
    id: String(chartId),
    extraFormData: { filters },
    filterState: { value: values.map((row) => [...row]), selectedValues: [...labels], label: labels.join(', ') },
  };
}

/** The mask of a chart whose cross-filter was taken off: it filters nothing and selects nothing. */
export function clearedCrossFilter(chartId: number | string): DataMask {
  return { id: String(chartId), extraFormData: {}, filterState: { value: null } };
}

/** The mask for a selection (the clicked element). */
export function selectionDataMask(chartId: number, selection: CrossFilterSelection): DataMask {
  return crossFilterDataMask(chartId, selection.columns, [selection.values], [selection.label]);
}

const sameValues = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The mask after a click (Superset toggles): the same values clicked again clear the cross-filter; other values
 * replace it.
 */
export function toggleCrossFilter(current: DataMask | undefined, next: DataMask): DataMask {
  const currentValue = current?.filterState?.value;
  if (currentValue !== null && currentValue !== undefined && sameValues(currentValue, next.filterState?.value)) return clearedCrossFilter(next.id);
  return next;
}

/** Whether a mask is an active cross-filter (a chart's id, with filters). */
export function isActiveCrossFilter(mask: DataMask | undefined): boolean {
  return !!mask && /^\d+$/.test(mask.id) && (mask.extraFormData?.filters?.length ?? 0) > 0;
}

/** Selected value rows of a chart's mask, or null when it selects nothing (what a renderer highlights). */
export function crossFilterSelectedValues(mask: DataMask | undefined): unknown[][] | null {
  const value = mask?.filterState?.value;
  return isActiveCrossFilter(mask) && Array.isArray(value) && value.every(Array.isArray) ? (value as unknown[][]) : null;
}

/** A chart's cross-filter scope: its own when it has one, else the global one, else the whole dashboard. */
export function chartCrossFilterScope(metadata: DashboardJsonMetadata, chartId: number): { scope: FilterScope; isGlobal: boolean } {
  const own = metadata.chart_configuration?.[String(chartId)]?.crossFilters;
  if (own && own.scope !== 'global') return { scope: own.scope, isGlobal: false };
  return { scope: metadata.global_chart_configuration?.scope ?? defaultFilterScope(), isGlobal: true };
}

/**
 * The metadata keys of the cross-filter scopes (facts §4.2) for every chart of the layout: the global scope with
 * the charts it reaches, and per chart its scope ("global" or its own) with the charts it reaches, itself excluded.
 * `custom` holds the charts with their own scope.
 */
export function crossFilterConfiguration(
  layout: DashboardLayout,
  chartIds: readonly number[],
  globalScope: FilterScope,
  custom: Readonly<Record<string, FilterScope>>,
): Pick<DashboardJsonMetadata, 'global_chart_configuration' | 'chart_configuration'> {
  const globalCharts = chartsInScope(layout, globalScope);
  const chartConfiguration: NonNullable<DashboardJsonMetadata['chart_configuration']> = {};
  for (const id of chartIds) {
    const own = custom[String(id)];
    const reached = (own ? chartsInScope(layout, own) : globalCharts).filter((c) => c !== id);
    chartConfiguration[String(id)] = { id, crossFilters: { scope: own ?? 'global', chartsInScope: reached } };
  }
  return { global_chart_configuration: { scope: globalScope, chartsInScope: globalCharts }, chart_configuration: chartConfiguration };
}
