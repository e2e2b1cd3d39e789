import type { ChartRuntimeState } from '../../../chart';
import { cachedAgo } from '../../../explore/utils/cachedAgo';

/**
 * When the chart's data were queried, as its header's tooltip says it (Superset's "Cached 3 minutes ago" /
 * "Fetched a few seconds ago"): an answer from the cache counts from `cached_dttm`, a fresh one from its arrival.
 */
export function lastQueriedText(runtime: ChartRuntimeState | null, now: number): string | null {
  const answers = runtime?.queriesResponse ?? [];
  if (answers.length === 0 || runtime?.chartUpdateEndTime == null) return null;
  const cached = answers.find((a) => a.is_cached && a.cached_dttm);
  if (cached) {
    const ago = cachedAgo(cached.cached_dttm, now);
    if (ago) return `Cached ${ago}`;
  }
  return `Fetched ${cachedAgo(new Date(runtime.chartUpdateEndTime).toISOString(), now) ?? 'a few seconds ago'}`;
}
