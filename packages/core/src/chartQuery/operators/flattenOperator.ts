import type { FormData, PostProcessingRule, QueryObject } from '../../contracts/chartData.js';

/** Last step of a pivoted pipeline: multi-level column names joined with ', ' and the index back as a column. */
export function flattenOperator(_formData?: FormData, _query?: QueryObject): PostProcessingRule {
  return { operation: 'flatten' };
}
