import type { FormData, QueryColumn, QueryContextInput, QueryMetric } from '@tessera/core';
import { buildQueryContext, ensureIsArray } from './chartQuery';

/**
 * The query of charts that aggregate metrics by a few dimensions (funnel, radar, treemap, sankey ...):
 * those columns and metrics, largest first so the row limit keeps what matters.
 */
export function buildCategoryQuery(formData: FormData, columns: (QueryColumn | null | undefined)[], metrics: (QueryMetric | null | undefined)[], sort = true): QueryContextInput {
  const cols = columns.filter((c): c is QueryColumn => !!c);
  const mets = metrics.filter((m): m is QueryMetric => !!m);
  return buildQueryContext(formData, (base) => [
    {
      ...base,
      columns: cols,
      metrics: mets,
      orderby: sort && mets[0] && formData.sort_by_metric !== false ? [[mets[0], !(formData.order_desc ?? true)]] : [],
    },
  ]);
}

export const columnsOf = (formData: FormData, key = 'groupby'): QueryColumn[] => ensureIsArray(formData[key] as QueryColumn[] | QueryColumn | undefined);
