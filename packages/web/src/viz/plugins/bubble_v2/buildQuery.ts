import type { FormData, QueryColumn, QueryContextInput, QueryMetric } from '@tessera/core';
import { buildQueryContext } from '../../shared/chartQuery';

export function buildQuery(formData: FormData): QueryContextInput {
  const metric = (key: string) => formData[key] as QueryMetric | undefined;
  return buildQueryContext(formData, (base) => {
    const metrics = [metric('x'), metric('y'), metric('size')].filter((m): m is QueryMetric => !!m);
    const sort = metric('timeseries_limit_metric') ?? metric('size');
    return [
      {
        ...base,
        columns: [formData.entity, formData.series].filter((c): c is QueryColumn => !!c),
        metrics,
        orderby: sort ? [[sort, !(formData.order_desc ?? true)]] : [],
      },
    ];
  });
}
