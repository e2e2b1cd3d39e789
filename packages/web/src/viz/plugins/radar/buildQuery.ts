import type { FormData, QueryContextInput, QueryMetric } from '@tessera/core';
import { buildCategoryQuery, columnsOf } from '../../shared/categoryQuery';
import { ensureIsArray } from '../../shared/chartQuery';

export function buildQuery(formData: FormData): QueryContextInput {
  const metrics = ensureIsArray(formData.metrics);
  const sortMetric = formData.timeseries_limit_metric as QueryMetric | undefined;
  return buildCategoryQuery(formData, columnsOf(formData), sortMetric ? [sortMetric, ...metrics.filter((m) => m !== sortMetric)] : metrics);
}
