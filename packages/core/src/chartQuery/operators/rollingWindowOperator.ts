import type { FormData, PostProcessingRule, QueryObject } from '../../contracts/chartData.js';
import type { CumOptions, RollingOptions } from '../../postProcessing/options.js';
import { ensureIsArray } from '../ensureIsArray.js';
import { getMetricLabel } from '../getMetricLabel.js';
import { ensureIsInt, getMetricOffsetsMap, isTimeComparison } from './timeComparison.js';

/** Advanced analytics "rolling window": cumsum becomes a `cum` step, mean/sum/std a `rolling` step. */
export function rollingWindowOperator(formData: FormData, query: QueryObject): PostProcessingRule | undefined {
  let columns: string[];
  if (isTimeComparison(formData, query)) {
    const offsets = getMetricOffsetsMap(formData, query);
    columns = [...new Set([...offsets.values(), ...offsets.keys()])];
  } else {
    columns = ensureIsArray(query.metrics).map(getMetricLabel);
  }
  const columnsMap = Object.fromEntries(columns.map((c) => [c, c]));
  const rollingType = formData.rolling_type;
  if (rollingType === 'cumsum') {
    const options: CumOptions = { operator: 'sum', columns: columnsMap };
    return { operation: 'cum', options: { ...options } };
  }
  if (rollingType === 'sum' || rollingType === 'mean' || rollingType === 'std') {
    const options: RollingOptions = {
      rolling_type: rollingType,
      window: ensureIsInt(formData.rolling_periods, 1),
      min_periods: ensureIsInt(formData.min_periods, 0),
      columns: columnsMap,
    };
    return { operation: 'rolling', options: { ...options } };
  }
  return undefined;
}
