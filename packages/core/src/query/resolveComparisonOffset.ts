import { parseTimeOffset, type TimeOffset } from '../time/timeOffset.js';
import { TimeRangeError } from '../time/timeRangeError.js';
import { QueryCompileError } from './types.js';

export const TIME_COMPARISON_RANGE_MESSAGE = 'An enclosed time range (both start and end) must be specified when using a Time Comparison.';

/** Superset 4.1's offset that compares with the period just before the main one, as long as it. */
export const INHERIT_OFFSET = 'inherit';

const DAY_MS = 86_400_000;
const CUSTOM_START = /^(\d{4})-(\d{2})-(\d{2})$/u;

/**
 * A `time_offsets` entry as a concrete shift, given the main query's resolved range `[fromMs, toMs)`:
 * - `inherit`: back by the range's length (whole days, as Superset counts them; seconds when shorter than a day);
 * - `YYYY-MM-DD` (the custom start date, Superset's `start_date_offset`): back by the days from that date to the
 *   range's start, so the comparison starts on it;
 * - anything else is the offset grammar (`1 year ago`).
 * Every comparison needs both bounds: a shifted open range would compare against everything.
 */
export function resolveComparisonOffset(offset: string, fromMs: number | null, toMs: number | null): TimeOffset {
  if (fromMs === null || toMs === null) throw new QueryCompileError(TIME_COMPARISON_RANGE_MESSAGE, 'INVALID_PAYLOAD_SCHEMA_ERROR', { time_offset: offset });
  const text = offset.trim();
  if (text.toLowerCase() === INHERIT_OFFSET) {
    const span = toMs - fromMs;
    return span >= DAY_MS ? { amount: Math.floor(span / DAY_MS), unit: 'day' } : { amount: Math.floor(span / 1000), unit: 'second' };
  }
  const custom = CUSTOM_START.exec(text);
  if (custom) {
    const start = Date.UTC(Number(custom[1]), Number(custom[2]) - 1, Number(custom[3]));
    if (Number.isNaN(start) || new Date(start).getUTCDate() !== Number(custom[3])) throw invalid(offset);
    return { amount: Math.floor((fromMs - start) / DAY_MS), unit: 'day' };
  }
  try {
    return parseTimeOffset(text);
  } catch (error) {
    if (error instanceof TimeRangeError) throw invalid(offset);
    throw error;
  }
}

const invalid = (offset: string) => new QueryCompileError(`Invalid time offset: ${offset}`, 'INVALID_PAYLOAD_SCHEMA_ERROR', { time_offset: offset });
