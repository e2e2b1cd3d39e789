import type { FormData, PostProcessingRule, QueryObject } from '../../contracts/chartData.js';
import type { ResampleMethod, ResampleOptions } from '../../postProcessing/options.js';

/** Resamples the time index to a fixed rule; 'zerofill' is asfreq with gaps filled by 0. */
export function resampleOperator(formData: FormData, _query?: QueryObject): PostProcessingRule | undefined {
  const zeroFill = formData.resample_method === 'zerofill';
  const method = (zeroFill ? 'asfreq' : formData.resample_method) as ResampleMethod | undefined;
  const rule = formData.resample_rule as string | undefined;
  if (!method || !rule) return undefined;
  const options: ResampleOptions = { method, rule, fill_value: zeroFill ? 0 : null };
  return { operation: 'resample', options: { ...options } };
}
