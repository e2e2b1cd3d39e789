import type { FormData, QueryColumn, QueryContextInput, QueryMetric } from '@tessera/core';
import { buildCategoryQuery } from '../../shared/categoryQuery';

export function buildQuery(formData: FormData): QueryContextInput {
  const secondary = formData.secondary_metric as QueryMetric | undefined;
  const sort = formData.timeseries_limit_metric as QueryMetric | undefined;
  const metrics = [formData.metric, secondary && JSON.stringify(secondary) !== JSON.stringify(formData.metric) ? secondary : null];
  return buildCategoryQuery(formData, [formData.entity as QueryColumn], sort ? [sort, ...metrics.filter((m) => m && JSON.stringify(m) !== JSON.stringify(sort))] : metrics);
}
