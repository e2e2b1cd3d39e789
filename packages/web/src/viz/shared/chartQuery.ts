import {
  getColumnLabel as coreColumnLabel,
  getMetricLabel as coreMetricLabel,
  type PostProcessingRule,
  type QueryColumn,
  type QueryMetric,
  type QueryObject,
} from '@tessera/core';

/**
 * The form data → query helpers the plugins use (core's chartQuery, Superset semantics). Plugins import them
 * from here only; the label helpers also accept the empty values form data often holds.
 */
export {
  buildQueryContext,
  buildQueryObject,
  ensureIsArray,
  normalizeOrderBy,
  normalizeTimeColumn,
  getXAxisLabel,
  isXAxisSet,
  pivotOperator,
  rollingWindowOperator,
  timeCompareOperator,
  timeComparePivotOperator,
  isTimeComparison,
  resampleOperator,
  renameOperator,
  contributionOperator,
  sortOperator,
  flattenOperator,
  prophetOperator,
  boxplotOperator,
  histogramOperator,
  retainFormDataSuffix,
  removeFormDataSuffix,
} from '@tessera/core';

export type { PostProcessingRule, QueryObject };

export function getMetricLabel(metric: QueryMetric | null | undefined): string {
  return metric ? coreMetricLabel(metric) : '';
}

export function getColumnLabel(column: QueryColumn | null | undefined): string {
  return column ? coreColumnLabel(column) : '';
}
