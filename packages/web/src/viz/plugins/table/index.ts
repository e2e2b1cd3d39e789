import type { TableProps } from './transformProps';
import type { ChartPlugin } from '../../types';
import { buildQuery } from './buildQuery';
import { controlPanel } from './controlPanel';
import { metadata } from './metadata';
import { transformProps } from './transformProps';

export const plugin: ChartPlugin<TableProps> = {
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
  loadRenderer: () => import('./TableChart').then((m) => m.TableChart),
};
