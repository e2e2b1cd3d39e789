import type { FormData, PostProcessingRule, QueryObject } from '../../contracts/chartData.js';
import type { RenameOptions } from '../../postProcessing/options.js';
import { ensureIsArray } from '../ensureIsArray.js';
import { getMetricLabel } from '../getMetricLabel.js';
import { getXAxisLabel } from '../xAxis.js';
import { getMetricOffsetsMap, isTimeComparison } from './timeComparison.js';

const DERIVED_COMPARISONS = new Set(['difference', 'absolute', 'ratio', 'percentage']);

/**
 * With one metric, series dimensions, an x-axis and `truncate_metric` on, series are named by their dimension
 * values only: the metric level of the pivoted column names is removed (renamed to null), and with time
 * comparison "values" each `metric__offset` level becomes just the offset. Derived comparisons keep names as is.
 */
export function renameOperator(formData: FormData, query: QueryObject): PostProcessingRule | undefined {
  const metrics = ensureIsArray(query.metrics);
  const columns = ensureIsArray(query.series_columns ?? query.columns);
  const xAxis = getXAxisLabel(formData);
  const timeComparison = isTimeComparison(formData, query);
  if (
    metrics.length !== 1 ||
    columns.length === 0 ||
    !xAxis ||
    (timeComparison && DERIVED_COMPARISONS.has(formData.comparison_type as string)) ||
    !formData.truncate_metric
  ) {
    return undefined;
  }
  const renames: [string, string | null][] = [];
  if (timeComparison && formData.comparison_type === 'values') {
    const offsets = ensureIsArray(formData.time_compare as string | string[] | undefined);
    for (const withOffset of getMetricOffsetsMap(formData, query).keys()) {
      const offset = offsets.find((o) => withOffset.endsWith(o));
      if (offset !== undefined) renames.push([withOffset, offset]);
    }
  }
  renames.push([getMetricLabel(metrics[0]!), null]);
  const options: RenameOptions = { columns: Object.fromEntries(renames), level: 0, inplace: true };
  return { operation: 'rename', options: { ...options } };
}
