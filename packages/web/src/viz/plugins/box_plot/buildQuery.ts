import type { FormData, QueryContextInput } from '@tessera/core';
import { boxplotOperator, buildQueryContext, ensureIsArray, getColumnLabel, type PostProcessingRule, type QueryObject } from '../../shared/chartQuery';

export function buildQuery(formData: FormData): QueryContextInput {
  return buildQueryContext(formData, (base) => {
    const distributeAcross = ensureIsArray(formData.columns);
    const groupby = ensureIsArray(formData.groupby);
    const columns = [...distributeAcross, ...groupby.filter((g) => !distributeAcross.some((d) => getColumnLabel(d) === getColumnLabel(g)))];
    const query: QueryObject = { ...base, columns, series_columns: groupby, metrics: ensureIsArray(formData.metrics) };
    return [{ ...query, post_processing: [boxplotOperator(formData, query)].filter((r): r is PostProcessingRule => !!r) }];
  });
}
