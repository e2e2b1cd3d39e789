import type { FormData, PostProcessingRule, QueryObject } from '../../contracts/chartData.js';
import type { BoxplotOptions } from '../../postProcessing/options.js';
import { ensureIsArray } from '../ensureIsArray.js';
import { getColumnLabel } from '../getColumnLabel.js';
import { getMetricLabel } from '../getMetricLabel.js';

const PERCENTILE_WHISKERS = /^(\d+)\/(\d+) percentiles$/;

export class UnsupportedWhiskerError extends Error {
  constructor(whisker: string) {
    super(`Unsupported whisker type: ${whisker}`);
    this.name = 'UnsupportedWhiskerError';
  }
}

/** Box plot statistics per group, with whiskers from the control's choice ('Tukey', 'Min/max (no outliers)', 'a/b percentiles'). */
export function boxplotOperator(formData: FormData, query: QueryObject): PostProcessingRule | undefined {
  const whiskers = formData.whiskerOptions;
  if (typeof whiskers !== 'string' || whiskers === '') return undefined;
  let options: BoxplotOptions;
  const base = { groupby: ensureIsArray(formData.groupby).map(getColumnLabel), metrics: ensureIsArray(query.metrics).map(getMetricLabel) };
  const percentile = PERCENTILE_WHISKERS.exec(whiskers.trim());
  if (whiskers === 'Tukey') options = { ...base, whisker_type: 'tukey' };
  else if (whiskers === 'Min/max (no outliers)') options = { ...base, whisker_type: 'min/max' };
  else if (percentile) options = { ...base, whisker_type: 'percentile', percentiles: [Number(percentile[1]), Number(percentile[2])] };
  else throw new UnsupportedWhiskerError(whiskers);
  return { operation: 'boxplot', options: { ...options } };
}
