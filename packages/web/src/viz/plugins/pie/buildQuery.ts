import type { FormData, QueryContextInput } from '@tessera/core';
import { buildQueryContext } from '../../shared/chartQuery';

export function buildQuery(formData: FormData): QueryContextInput {
  return buildQueryContext(formData, (base) => [
    {
      ...base,
      // Biggest slices first so the row limit keeps the ones that matter.
      orderby: formData.sort_by_metric !== false && formData.metric ? [[formData.metric, false]] : [],
    },
  ]);
}
