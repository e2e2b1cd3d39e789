import type { FormData, QueryColumn, QueryContextInput, QueryMetric } from '@tessera/core';
import { buildQueryContext } from '../../shared/chartQuery';

export function buildQuery(formData: FormData): QueryContextInput {
  return buildQueryContext(formData, (base) => {
    const sort = (formData.timeseries_limit_metric as QueryMetric | undefined) ?? formData.metric;
    return [{ ...base, columns: formData.series ? [formData.series as QueryColumn] : [], metrics: formData.metric ? [formData.metric] : [], orderby: sort ? [[sort, false]] : [] }];
  });
}
