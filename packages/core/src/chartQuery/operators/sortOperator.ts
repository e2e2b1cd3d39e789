import type { FormData, PostProcessingRule, QueryObject } from '../../contracts/chartData.js';
import type { SortOptions } from '../../postProcessing/options.js';
import { ensureIsArray } from '../ensureIsArray.js';
import { getMetricLabel } from '../getMetricLabel.js';
import { getXAxisLabel } from '../xAxis.js';

/**
 * Bar charts' "x-axis sort by": sorting by the x-axis sorts the index, by a metric sorts by that column. Only
 * without dimensions, where each x value is one row and a metric column exists under that name.
 */
export function sortOperator(formData: FormData, query: QueryObject): PostProcessingRule | undefined {
  const xAxis = getXAxisLabel(formData);
  const sortBy = formData.x_axis_sort;
  const ascending = formData.x_axis_sort_asc;
  const sortable = [xAxis, ...ensureIsArray(query.metrics).map(getMetricLabel)].filter((l): l is string => Boolean(l));
  if (typeof sortBy !== 'string' || typeof ascending !== 'boolean' || !sortable.includes(sortBy) || ensureIsArray(formData.groupby).length > 0) {
    return undefined;
  }
  const options: SortOptions = sortBy === xAxis ? { is_sort_index: true, ascending } : { by: sortBy, ascending };
  return { operation: 'sort', options: { ...options } };
}
