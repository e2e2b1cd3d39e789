import type { FormData, QueryContextInput } from '@tessera/core';
import { buildCategoryQuery, columnsOf } from '../../shared/categoryQuery';

export function buildQuery(formData: FormData): QueryContextInput {
  return buildCategoryQuery(formData, columnsOf(formData), [formData.metric]);
}
