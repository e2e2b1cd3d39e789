import type { FormData, QueryContextInput, QueryMetric } from '@tessera/core';
import { buildQueryContext, ensureIsArray } from '../../shared/chartQuery';

export function buildQuery(formData: FormData): QueryContextInput {
  return buildQueryContext(formData, (base) => {
    const sortMetric = (formData.timeseries_limit_metric as QueryMetric | undefined) ?? formData.metric;
    return [{ ...base, columns: ensureIsArray(formData.groupby), metrics: formData.metric ? [formData.metric] : [], orderby: sortMetric ? [[sortMetric, false]] : [] }];
  });
}
