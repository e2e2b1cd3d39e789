import type { FormData, PostProcessingRule, QueryObject } from '../../contracts/chartData.js';
import type { PivotOptions } from '../../postProcessing/options.js';
import { ensureIsArray } from '../ensureIsArray.js';
import { getColumnLabel } from '../getColumnLabel.js';
import { getMetricLabel } from '../getMetricLabel.js';
import { getXAxisLabel } from '../xAxis.js';

/** Series columns of a timeseries query: `series_columns`, else the columns except the x-axis. */
export function seriesColumnLabels(formData: FormData, query: QueryObject): string[] {
  const xAxis = getXAxisLabel(formData);
  return ensureIsArray(query.series_columns ?? query.columns)
    .map(getColumnLabel)
    .filter((label) => label !== xAxis);
}

/**
 * Pivots a long result (x, series..., metrics) into one row per x value and one column per metric and series.
 * 'mean' is used as the cell aggregate because each (x, series) pair holds one row and mean keeps nulls as gaps.
 */
export function pivotOperator(formData: FormData, query: QueryObject): PostProcessingRule | undefined {
  const metricLabels = ensureIsArray(query.metrics).map(getMetricLabel);
  const xAxis = getXAxisLabel(formData);
  if (!xAxis || metricLabels.length === 0) return undefined;
  const options: PivotOptions = {
    index: [xAxis],
    columns: seriesColumnLabels(formData, query),
    aggregates: Object.fromEntries(metricLabels.map((metric) => [metric, { operator: 'mean' }])),
    drop_missing_columns: !formData.show_empty_columns,
  };
  return { operation: 'pivot', options: { ...options } };
}
