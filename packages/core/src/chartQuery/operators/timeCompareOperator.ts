import type { FormData, PostProcessingRule, QueryObject } from '../../contracts/chartData.js';
import type { CompareOptions, CompareType } from '../../postProcessing/options.js';
import { getMetricOffsetsMap, isTimeComparison } from './timeComparison.js';

/** Derived time comparison (difference / percentage / ratio against each offset); 'values' needs no step. */
export function timeCompareOperator(formData: FormData, query: QueryObject): PostProcessingRule | undefined {
  const comparisonType = formData.comparison_type as string | undefined;
  if (!isTimeComparison(formData, query) || comparisonType === 'values') return undefined;
  const offsets = getMetricOffsetsMap(formData, query);
  const options: CompareOptions = {
    source_columns: [...offsets.values()],
    compare_columns: [...offsets.keys()],
    compare_type: comparisonType as CompareType,
    drop_original_columns: true,
  };
  return { operation: 'compare', options: { ...options } };
}
