import type { DashboardJsonMetadata } from '@tessera/core';

export type FilterBarOrientation = 'VERTICAL' | 'HORIZONTAL';

/** The bar's place from json_metadata: vertical unless `filter_bar_orientation` says HORIZONTAL. */
export function filterBarOrientation(metadata: DashboardJsonMetadata): FilterBarOrientation {
  return metadata.filter_bar_orientation === 'HORIZONTAL' ? 'HORIZONTAL' : 'VERTICAL';
}
