import type { QueryObject } from '../contracts/chartData.js';

function isValidOrderBy(orderby: QueryObject['orderby']): boolean {
  if (!Array.isArray(orderby) || orderby.length === 0) return false;
  const first = orderby[0];
  if (!Array.isArray(first) || first.length !== 2 || typeof first[1] !== 'boolean') return false;
  const expr = first[0];
  return (typeof expr === 'string' && expr.length > 0) || (typeof expr === 'object' && expr !== null);
}

/**
 * Ensures a query has a usable `orderby`: a valid one is kept; otherwise it sorts by the series limit metric,
 * else by the first metric, in the direction `order_desc` asks for (descending by default).
 */
export function normalizeOrderBy(query: QueryObject): QueryObject {
  if (isValidOrderBy(query.orderby)) return query;
  const result: QueryObject = { ...query };
  delete result.orderby;
  delete result.timeseries_limit_metric;
  const ascending = query.order_desc === false;
  const limitMetric = query.series_limit_metric ?? query.timeseries_limit_metric;
  if (limitMetric !== undefined && limitMetric !== null && limitMetric !== '') {
    return { ...result, orderby: [[limitMetric, ascending]] };
  }
  const firstMetric = query.metrics?.[0];
  if (firstMetric !== undefined) return { ...result, orderby: [[firstMetric, ascending]] };
  return result;
}
