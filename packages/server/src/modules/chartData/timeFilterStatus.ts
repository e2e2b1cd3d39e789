import type { DatasourceDescriptor } from '@tessera/core';

export interface FilterStatus {
  column: string;
  reason?: string;
}

/**
 * Superset's get_time_filter_status: the dashboard time filters a query carries in `applied_time_extras`
 * are reported as applied (`__time_range`, `__time_grain`, `__time_col`) when the datasource has a temporal
 * column to apply them to, else rejected. Dashboards read these to mark their time filters on each chart.
 */
export function timeFilterStatus(extras: Record<string, unknown> | undefined, datasource: DatasourceDescriptor): { applied: FilterStatus[]; rejected: FilterStatus[] } {
  const applied: FilterStatus[] = [];
  const rejected: FilterStatus[] = [];
  if (!extras) return { applied, rejected };
  const temporal = new Set(datasource.columns.filter((c) => c.is_dttm).map((c) => c.column_name));
  const timeCol = extras.__time_col;
  if (timeCol) {
    if (typeof timeCol === 'string' && temporal.has(timeCol)) applied.push({ column: '__time_col' });
    else rejected.push({ reason: 'not_in_datasource', column: '__time_col' });
  }
  for (const [key, present] of [
    ['__time_grain', '__time_grain' in extras],
    ['__time_range', Boolean(extras.__time_range)],
  ] as const) {
    if (!present) continue;
    if (temporal.size > 0) applied.push({ column: key });
    else rejected.push({ reason: 'no_temporal_column', column: key });
  }
  return { applied, rejected };
}
