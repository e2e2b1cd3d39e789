import type { EchartsProps } from '../../echarts/EchartsRenderer';
import { transformTimeseries } from '../../shared/timeseries/transformTimeseries';
import type { ChartProps } from '../../types';

export function transformProps(chartProps: ChartProps): EchartsProps {
  return transformTimeseries(chartProps, 'area');
}
