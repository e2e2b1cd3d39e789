import type { EchartsProps } from '../../echarts/EchartsRenderer';
import type { ChartPlugin } from '../../types';
import { buildQuery } from './buildQuery';
import { controlPanel } from './controlPanel';
import { metadata } from './metadata';
import { transformProps } from './transformProps';

export const plugin: ChartPlugin<EchartsProps> = {
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
  loadRenderer: () => import('./TimeseriesStepChart').then((m) => m.TimeseriesStepChart),
};
