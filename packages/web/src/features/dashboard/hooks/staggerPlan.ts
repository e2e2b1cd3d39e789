import { STAGGER_TIME_MIN_MS } from '@tessera/core';

export interface StaggerStep {
  chartId: number;
  /** ms after the refresh starts. */
  delay: number;
}

/**
 * When each chart of an auto-refresh runs (spec §4, §9): immune charts are skipped; with `stagger_refresh` (default on)
 * the charts are spread evenly over `max(stagger_time, STAGGER_TIME_MIN_MS)`, so a dashboard of many charts does not
 * hit the database all at once.
 */
export function staggerPlan(
  chartIds: readonly number[],
  options: { immune?: readonly number[]; staggerRefresh?: boolean; staggerTime?: number },
): StaggerStep[] {
  const immune = new Set(options.immune ?? []);
  const due = chartIds.filter((id) => !immune.has(id));
  if (options.staggerRefresh === false || due.length <= 1) return due.map((chartId) => ({ chartId, delay: 0 }));
  const window = Math.max(Number.isFinite(options.staggerTime) ? (options.staggerTime as number) : 0, STAGGER_TIME_MIN_MS);
  const step = window / due.length;
  return due.map((chartId, index) => ({ chartId, delay: Math.round(index * step) }));
}
