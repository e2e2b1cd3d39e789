import type { FormData, QueryContextInput } from '@tessera/core';
import {
  buildQueryContext,
  contributionOperator,
  ensureIsArray,
  flattenOperator,
  getXAxisLabel,
  normalizeOrderBy,
  normalizeTimeColumn,
  pivotOperator,
  prophetOperator,
  renameOperator,
  resampleOperator,
  rollingWindowOperator,
  sortOperator,
  timeCompareOperator,
  timeComparePivotOperator,
  isTimeComparison,
  type PostProcessingRule,
  type QueryObject,
} from '../chartQuery';

/** The query object of one timeseries query (also used for each half of the mixed chart). */
export function timeseriesQueryObject(formData: FormData, base: QueryObject): QueryObject {
  const groupby = ensureIsArray(formData.groupby);
  const xAxis = formData.x_axis;
  const isCompare = ensureIsArray(formData.time_compare as string[] | undefined).length > 0;
  let query: QueryObject = {
    ...base,
    columns: [...(xAxis ? [xAxis] : []), ...groupby],
    series_columns: groupby,
    ...(isCompare ? { time_offsets: ensureIsArray(formData.time_compare as string[]) } : {}),
    group_others_when_limit_reached: !!formData.group_others_when_limit_reached,
  };
  // Without a series limit the metric order only matters for a categorical x axis sorted by value.
  query = normalizeOrderBy(query);
  query = normalizeTimeColumn(formData, query);
  const pipeline: (PostProcessingRule | undefined)[] = [
    // With a derived time comparison the pivot already carries the compared columns.
    isTimeComparison(formData, query) ? timeComparePivotOperator(formData, query) : pivotOperator(formData, query),
    rollingWindowOperator(formData, query),
    timeCompareOperator(formData, query),
    resampleOperator(formData),
    renameOperator(formData, query),
    contributionOperator(formData),
    sortOperator(formData, query),
    getXAxisLabel(formData) ? flattenOperator() : undefined,
    // Last, as Superset does: the forecast fits each flattened series column against the x-axis.
    prophetOperator(formData, query),
  ];
  query.post_processing = pipeline.filter((r): r is PostProcessingRule => !!r);
  return query;
}

export function buildTimeseriesQuery(formData: FormData): QueryContextInput {
  return buildQueryContext(formData, (base) => [timeseriesQueryObject(formData, base)]);
}
