import type { FormData, QueryContextInput } from '@tessera/core';
import { buildQueryContext, ensureIsArray, normalizeTimeColumn } from '../../shared/chartQuery';

export function buildQuery(formData: FormData): QueryContextInput {
  return buildQueryContext(formData, (base) => {
    const columns = [...(formData.x_axis ? [formData.x_axis] : []), ...ensureIsArray(formData.groupby).slice(0, 1)];
    // Steps follow the x axis order, so that is the sort (not the metric).
    return [normalizeTimeColumn(formData, { ...base, columns, metrics: formData.metric ? [formData.metric] : [], orderby: formData.x_axis ? [[formData.x_axis, true]] : [] })];
  });
}
