import type { WordCloudProps } from './transformProps';
import type { ChartPlugin } from '../../types';
import { buildQuery } from './buildQuery';
import { controlPanel } from './controlPanel';
import { metadata } from './metadata';
import { transformProps } from './transformProps';

export const plugin: ChartPlugin<WordCloudProps> = {
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
  loadRenderer: () => import('./WordCloudChart').then((m) => m.WordCloudChart),
};
