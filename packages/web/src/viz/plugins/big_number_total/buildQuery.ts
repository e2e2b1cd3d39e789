import type { FormData, QueryContextInput } from '@tessera/core';
import { buildQueryContext } from '../../shared/chartQuery';

export function buildQuery(formData: FormData): QueryContextInput {
  return buildQueryContext(formData, (base) => [{ ...base, columns: [], metrics: formData.metric ? [formData.metric] : [] }]);
}
