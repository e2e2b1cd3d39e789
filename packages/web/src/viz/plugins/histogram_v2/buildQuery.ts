import type { FormData, QueryColumn, QueryContextInput } from '@tessera/core';
import { buildQueryContext, ensureIsArray, histogramOperator, type PostProcessingRule } from '../../shared/chartQuery';

export function buildQuery(formData: FormData): QueryContextInput {
  const column = formData.column as QueryColumn | undefined;
  return buildQueryContext(formData, (base) => [
    {
      ...base,
      // Raw values: the server bins them after the query.
      columns: [...(column ? [column] : []), ...ensureIsArray(formData.groupby)],
      metrics: undefined,
      orderby: [],
      post_processing: [histogramOperator(formData, base)].filter((r): r is PostProcessingRule => !!r),
    },
  ]);
}
