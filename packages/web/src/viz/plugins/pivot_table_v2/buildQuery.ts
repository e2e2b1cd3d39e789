import type { FormData, QueryColumn, QueryContextInput, QueryMetric } from '@tessera/core';
import { buildQueryContext, ensureIsArray, getColumnLabel } from '../../shared/chartQuery';

export function buildQuery(formData: FormData): QueryContextInput {
  const lookup = (formData.temporal_columns_lookup ?? {}) as Record<string, boolean>;
  const grain = formData.time_grain_sqla;
  const columns = [...ensureIsArray(formData.groupbyRows as QueryColumn[] | undefined), ...ensureIsArray(formData.groupbyColumns as QueryColumn[] | undefined)]
    // The same column on both axes is fetched once.
    .filter((col, i, all) => all.findIndex((o) => getColumnLabel(o) === getColumnLabel(col)) === i)
    .map((col) => (grain && typeof col === 'string' && lookup[col] ? { sqlExpression: col, label: col, expressionType: 'SQL' as const, columnType: 'BASE_AXIS' as const, timeGrain: grain, isColumnReference: true } : col));
  return buildQueryContext(formData, (base) => {
    const metrics = ensureIsArray(formData.metrics);
    const sortMetric = (formData.series_limit_metric as QueryMetric | undefined) ?? metrics[0];
    return [{ ...base, columns, metrics, orderby: sortMetric ? [[sortMetric, !(formData.order_desc ?? true)]] : [] }];
  });
}
