import type { FormData } from '@tessera/core';

/** Legacy keys and the keys their current plugin reads, per legacy viz type (Superset's viz migrations). */
const RENAMED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  sunburst: { groupby: 'columns' },
  // Superset's box plot names its value format `number_format`; ours is the y axis format control.
  box_plot: { number_format: 'y_axis_format' },
  bubble: { limit: 'row_limit' },
  heatmap: { all_columns_x: 'x_axis', all_columns_y: 'groupby', y_axis_bounds: 'value_bounds', show_perc: 'show_percentage' },
  histogram: { normalized: 'normalize', link_length: 'bins' },
  pivot_table: {
    groupby: 'groupbyRows',
    columns: 'groupbyColumns',
    pandas_aggfunc: 'aggregateFunction',
    combine_metric: 'combineMetric',
    transpose_pivot: 'transposePivot',
    number_format: 'valueFormat',
  },
};

const PIVOT_AGGREGATES: Readonly<Record<string, string>> = {
  sum: 'Sum',
  mean: 'Average',
  median: 'Median',
  min: 'Minimum',
  max: 'Maximum',
  std: 'Sample Standard Deviation',
  var: 'Sample Variance',
};

const TIMESERIES = new Set(['line', 'area', 'bar']);

/**
 * Form data saved by a removed Superset viz type, read as its current plugin expects it (as Superset's viz
 * migrations rewrite such charts): keys renamed, a pivot table's pandas aggregate named, a time series' shifts
 * ("1 year" meant "1 year ago") and contribution flag in their current form. Values already in the current form
 * are kept; other viz types pass through unchanged.
 */
export function migrateLegacyFormData(formData: FormData): FormData {
  const vizType = formData.viz_type;
  const next: FormData = { ...formData };
  for (const [from, to] of Object.entries(RENAMED[vizType] ?? {})) {
    if (next[from] !== undefined && next[to] === undefined) next[to] = next[from];
    if (next[from] !== undefined) delete next[from];
  }
  if (vizType === 'pivot_table' && typeof next.aggregateFunction === 'string') next.aggregateFunction = PIVOT_AGGREGATES[next.aggregateFunction] ?? next.aggregateFunction;
  // A legacy histogram binned its first "all_columns_x"; a legacy sankey read its ends from a two-column groupby.
  if (vizType === 'histogram') {
    const columns = next.all_columns_x;
    if (next.column === undefined && Array.isArray(columns) && columns.length > 0) next.column = columns[0];
    delete next.all_columns_x;
    if (typeof next.bins === 'string' && next.bins.trim()) next.bins = Number(next.bins);
  }
  if (vizType === 'sankey' && Array.isArray(next.groupby)) {
    const [source, target] = next.groupby as unknown[];
    if (next.source === undefined && source !== undefined) next.source = source;
    if (next.target === undefined && target !== undefined) next.target = target;
    delete next.groupby;
  }
  if (vizType === 'treemap' && next.metric === undefined && Array.isArray(next.metrics) && next.metrics.length > 0) next.metric = next.metrics[0];
  if (TIMESERIES.has(vizType)) {
    const shifts = next.time_compare;
    if (Array.isArray(shifts) || typeof shifts === 'string') {
      next.time_compare = (Array.isArray(shifts) ? shifts : [shifts]).filter((s) => typeof s === 'string' && s.trim()).map((s: string) => (/\bago$/i.test(s.trim()) ? s : `${s.trim()} ago`));
    }
    if (next.contribution === true && next.contributionMode === undefined) next.contributionMode = 'row';
    delete next.contribution;
  }
  return next;
}
