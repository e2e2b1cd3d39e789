import type { WorldMapProps } from './transformProps';
import type { ChartPlugin } from '../../types';
import { buildQuery } from './buildQuery';
import { controlPanel } from './controlPanel';
import { metadata } from './metadata';
import { transformProps } from './transformProps';

export const plugin: ChartPlugin<WorldMapProps> = {
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
  loadRenderer: () => import('./WorldMapChart').then((m) => m.WorldMapChart),
};
