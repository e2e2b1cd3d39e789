import { toIsoText } from './calendar.js';
import type { TimeRangeBounds } from './resolveTimeRange.js';

/** The explore control's summary, e.g. `2024-01-01 ≤ col < 2024-02-01`; unbounded sides are -∞ and ∞. */
export function formatTimeRangeBounds(bounds: TimeRangeBounds, column = 'col'): string {
  const since = bounds.since ? toIsoText(bounds.since) : '-∞';
  const until = bounds.until ? toIsoText(bounds.until) : '∞';
  return `${since} ≤ ${column} < ${until}`;
}
