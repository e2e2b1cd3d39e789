import type { FormData, QueryContextInput } from '@tessera/core';
import { buildQueryContext, ensureIsArray, normalizeTimeColumn } from '../../shared/chartQuery';

export function buildQuery(formData: FormData): QueryContextInput {
  return buildQueryContext(formData, (base) => {
    const y = ensureIsArray(formData.groupby).slice(0, 1);
    const metrics = formData.metric ? [formData.metric] : [];
    return [normalizeTimeColumn(formData, { ...base, columns: [...(formData.x_axis ? [formData.x_axis] : []), ...y], metrics, orderby: metrics[0] ? [[metrics[0], false]] : [] })];
  });
}
