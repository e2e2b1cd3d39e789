import type { PivotTableProps } from './transformProps';
import type { ChartPlugin } from '../../types';
import { buildQuery } from './buildQuery';
import { controlPanel } from './controlPanel';
import { metadata } from './metadata';
import { pivotCsv } from './pivotCsv';
import { transformProps } from './transformProps';

export const plugin: ChartPlugin<PivotTableProps> = {
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
  pivotedCsv: (chartProps) => pivotCsv(transformProps(chartProps)),
  loadRenderer: () => import('./PivotTableChart').then((m) => m.PivotTableChart),
};
