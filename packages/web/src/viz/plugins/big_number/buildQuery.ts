import type { FormData, QueryContextInput } from '@tessera/core';
import {
  buildQueryContext,
  flattenOperator,
  normalizeTimeColumn,
  pivotOperator,
  resampleOperator,
  rollingWindowOperator,
  type PostProcessingRule,
} from '../../shared/chartQuery';

export function buildQuery(formData: FormData): QueryContextInput {
  return buildQueryContext(formData, (base) => {
    const query = normalizeTimeColumn(formData, {
      ...base,
      columns: formData.x_axis ? [formData.x_axis] : [],
      metrics: formData.metric ? [formData.metric] : [],
    });
    const pipeline = [pivotOperator(formData, query), rollingWindowOperator(formData, query), resampleOperator(formData), flattenOperator()];
    return [{ ...query, post_processing: pipeline.filter((r): r is PostProcessingRule => !!r) }];
  });
}
