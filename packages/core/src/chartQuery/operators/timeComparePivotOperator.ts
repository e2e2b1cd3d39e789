import type { FormData, PostProcessingRule, QueryObject } from '../../contracts/chartData.js';
import type { PivotOptions } from '../../postProcessing/options.js';
import { getXAxisLabel } from '../xAxis.js';
import { seriesColumnLabels } from './pivotOperator.js';
import { getMetricOffsetsMap, isTimeComparison } from './timeComparison.js';

/** The pivot of a time-compared query: metrics and their shifted copies (`metric__1 year ago`) become columns. */
export function timeComparePivotOperator(formData: FormData, query: QueryObject): PostProcessingRule | undefined {
  const xAxis = getXAxisLabel(formData);
  if (!xAxis || !isTimeComparison(formData, query)) return undefined;
  const offsets = getMetricOffsetsMap(formData, query);
  const labels = [...new Set([...offsets.values(), ...offsets.keys()])];
  const options: PivotOptions = {
    index: [xAxis],
    columns: seriesColumnLabels(formData, query),
    drop_missing_columns: !formData.show_empty_columns,
    aggregates: Object.fromEntries(labels.map((label) => [label, { operator: 'mean' }])),
  };
  return { operation: 'pivot', options: { ...options } };
}
