import type { FormData, PostProcessingRule, QueryColumn, QueryObject } from '../../contracts/chartData.js';
import type { HistogramOptions } from '../../postProcessing/options.js';
import { ensureIsArray } from '../ensureIsArray.js';
import { getColumnLabel, isAdhocColumn } from '../getColumnLabel.js';

const DEFAULT_BINS = 5;

/** Histogram of one numeric column into equal-width bins, per group, optionally cumulative and normalized. */
export function histogramOperator(formData: FormData, _query?: QueryObject): PostProcessingRule | undefined {
  const column = formData.column as QueryColumn | undefined;
  if (!(typeof column === 'string' && column) && !isAdhocColumn(column)) return undefined;
  const bins = Number(formData.bins ?? DEFAULT_BINS);
  const options: HistogramOptions = {
    column: getColumnLabel(column),
    groupby: ensureIsArray(formData.groupby).map(getColumnLabel),
    bins: Number.isInteger(bins) && bins > 0 ? bins : DEFAULT_BINS,
    cumulative: Boolean(formData.cumulative),
    normalize: Boolean(formData.normalize),
  };
  return { operation: 'histogram', options: { ...options } };
}
