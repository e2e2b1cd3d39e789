import type { FormData, QueryColumn, QueryContextInput } from '@tessera/core';
import { buildCategoryQuery } from '../../shared/categoryQuery';

export function buildQuery(formData: FormData): QueryContextInput {
  return buildCategoryQuery(formData, [formData.source as QueryColumn, formData.target as QueryColumn], [formData.metric]);
}
