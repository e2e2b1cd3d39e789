import type { BigNumberTrendProps } from './transformProps';
import type { ChartPlugin } from '../../types';
import { buildQuery } from './buildQuery';
import { controlPanel } from './controlPanel';
import { metadata } from './metadata';
import { transformProps } from './transformProps';

export const plugin: ChartPlugin<BigNumberTrendProps> = {
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
  loadRenderer: () => import('./BigNumberChart').then((m) => m.BigNumberChart),
};
