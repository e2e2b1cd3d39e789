import { resolveTimeRange, shiftTimeRange, toSqlTimestampText, type TimeRangeItem, type TimeRangeResult } from '@tessera/core';

/**
 * Superset's `Api.time_range`: each range resolved (and moved back by its shift) against one `now`, so a list of
 * ranges is consistent. Throws the core's TimeRangeError for a text or shift that does not parse.
 */
export function describeTimeRanges(items: readonly TimeRangeItem[], now: Date): TimeRangeResult[] {
  return items.map((item) => {
    // Python's `if time_shift:` skips an empty shift; it is still echoed as sent.
    const bounds = item.shift ? shiftTimeRange(item.timeRange, item.shift, now) : resolveTimeRange(item.timeRange, now);
    return { since: isoformat(bounds.since), until: isoformat(bounds.until), timeRange: item.timeRange, shift: item.shift ?? null };
  });
}

/** Python's naive `datetime.isoformat()`: seconds always, microseconds only when non-zero; "" for an open side. */
function isoformat(date: Date | null): string {
  if (!date) return '';
  const [base = '', ms] = toSqlTimestampText(date).replace(' ', 'T').split('.');
  return ms ? `${base}.${ms.padEnd(6, '0')}` : base;
}
