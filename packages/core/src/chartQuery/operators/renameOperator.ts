import type { FormData, PostProcessingRule, QueryObject } from '../../contracts/chartData.js';
import type { RenameOptions } from '../../postProcessing/options.js';
import { ensureIsArray } from '../ensureIsArray.js';
import { getMetricLabel } from '../getMetricLabel.js';
import { getXAxisLabel } from '../xAxis.js';
import { isTimeComparison, TIME_COMPARISON_SEPARATOR } from './timeComparison.js';

const DERIVED_COMPARISONS = new Set(['difference', 'absolute', 'ratio', 'percentage']);

/**
 * Names the series by renaming the top level (the metric) of the pivoted column names, as Superset does:
 * - with a time comparison, each shifted metric becomes its offset ("1 year ago"), or "metric, offset" with
 *   several metrics; derived comparisons rename their `<type>__<metric>__<metric>__<offset>` columns the
 *   same way, so a difference reads "1 year ago" rather than the internal column name;
 * - otherwise, with one metric and `truncate_metric` on, the metric level is removed when there are
 *   dimensions or several time shifts, so series are named by their dimension values only.
 */
export function renameOperator(formData: FormData, query: QueryObject): PostProcessingRule | undefined {
  const metrics = ensureIsArray(query.metrics);
  const columns = ensureIsArray(query.series_columns ?? query.columns);
  const offsets = ensureIsArray(formData.time_compare as string | string[] | undefined);
  const comparison = isTimeComparison(formData, query);
  const truncate = !!formData.truncate_metric && (columns.length > 0 || offsets.length > 1);
  if (metrics.length === 0 || !getXAxisLabel(formData) || !(comparison || truncate)) return undefined;

  const renames: [string, string | null][] = [];
  if (comparison) {
    const type = formData.comparison_type as string;
    for (const label of metrics.map(getMetricLabel)) {
      for (const offset of offsets) {
        const shifted = [label, offset].join(TIME_COMPARISON_SEPARATOR);
        const column = type === 'values' ? shifted : [type, label, shifted].join(TIME_COMPARISON_SEPARATOR);
        renames.push([column, metrics.length > 1 ? `${label}, ${offset}` : offset]);
      }
    }
  } else if (metrics.length === 1 && !DERIVED_COMPARISONS.has(formData.comparison_type as string)) {
    renames.push([getMetricLabel(metrics[0]!), null]);
  }
  if (renames.length === 0) return undefined;
  const options: RenameOptions = { columns: Object.fromEntries(renames), level: 0, inplace: true };
  return { operation: 'rename', options: { ...options } };
}
