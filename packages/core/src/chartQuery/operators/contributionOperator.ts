import type { FormData, PostProcessingRule, QueryObject } from '../../contracts/chartData.js';
import type { ContributionOptions } from '../../postProcessing/options.js';

/** Contribution mode ('row' share of each x value, 'column' share of each series total). */
export function contributionOperator(formData: FormData, _query?: QueryObject, timeShifts?: string[]): PostProcessingRule | undefined {
  const orientation = formData.contributionMode;
  if (orientation !== 'row' && orientation !== 'column') return undefined;
  const options: ContributionOptions = { orientation, ...(timeShifts && timeShifts.length > 0 ? { time_shifts: timeShifts } : {}) };
  return { operation: 'contribution', options: { ...options } };
}
