import type { FormData, PostProcessingRule, QueryObject } from '../../contracts/chartData.js';
import { getXAxisLabel } from '../xAxis.js';

/**
 * Forecast step when the chart enables it: the server's `prophet` post-processing fits trend and seasonality
 * (core postProcessing/prophet.ts) and adds `<metric>__yhat`, `__yhat_lower` and `__yhat_upper`.
 */
export function prophetOperator(formData: FormData, _query?: QueryObject): PostProcessingRule | undefined {
  const xAxis = getXAxisLabel(formData);
  if (!formData.forecastEnabled || !xAxis) return undefined;
  return {
    operation: 'prophet',
    options: {
      time_grain: formData.time_grain_sqla,
      periods: Number.parseInt(String(formData.forecastPeriods ?? ''), 10),
      confidence_interval: Number.parseFloat(String(formData.forecastInterval ?? '')),
      yearly_seasonality: formData.forecastSeasonalityYearly,
      weekly_seasonality: formData.forecastSeasonalityWeekly,
      daily_seasonality: formData.forecastSeasonalityDaily,
      index: xAxis,
    },
  };
}
