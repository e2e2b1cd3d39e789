import type { FormData, QueryColumn, QueryContextInput } from '@tessera/core';
import { buildCategoryQuery } from '../../shared/categoryQuery';

export function buildQuery(formData: FormData): QueryContextInput {
  const col = (key: string) => formData[key] as QueryColumn | undefined;
  return buildCategoryQuery(formData, [col('source'), col('target'), col('source_category'), col('target_category')], [formData.metric]);
}
