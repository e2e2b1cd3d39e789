import type { FormData, QueryContextInput } from '@tessera/core';
import { buildCategoryQuery, columnsOf } from '../../shared/categoryQuery';

export function buildQuery(formData: FormData): QueryContextInput {
  const secondary = formData.secondary_metric as FormData['metric'];
  return buildCategoryQuery(formData, columnsOf(formData, 'columns'), [formData.metric, secondary && JSON.stringify(secondary) !== JSON.stringify(formData.metric) ? secondary : null]);
}
