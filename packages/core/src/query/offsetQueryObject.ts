import { FILTER_OPERATORS, type QueryObject } from '../contracts/chartData.js';
import { resolveTimeRange } from '../time/resolveTimeRange.js';
import { boundsToTimeRange, parseTimeOffset, shiftDate } from '../time/timeOffset.js';
import { TimeRangeError } from '../time/timeRangeError.js';
import { QueryCompileError } from './types.js';

export const TIME_COMPARISON_RANGE_MESSAGE = 'An enclosed time range (both start and end) must be specified when using a Time Comparison.';

/**
 * The query of a time comparison (`time_offsets: ['1 year ago']`): the same query object with every time range
 * (TEMPORAL_RANGE filters and the legacy time_range) resolved against `now` and moved back by `offset`. The
 * server runs it, shifts its x-axis values forward with `shiftDate(d, offset, 'forward')` and joins the rows.
 */
export function offsetQueryObject(query: QueryObject, offset: string, now: Date): QueryObject {
  try {
    const parsed = parseTimeOffset(offset);
    const options = { relativeStart: relative(query.extras?.relative_start), relativeEnd: relative(query.extras?.relative_end) };
    const shift = (text: string): string => {
      const bounds = resolveTimeRange(text, now, options);
      if (!bounds.since || !bounds.until) throw new QueryCompileError(TIME_COMPARISON_RANGE_MESSAGE, 'INVALID_PAYLOAD_SCHEMA_ERROR', { time_range: text });
      return boundsToTimeRange({ since: shiftDate(bounds.since, parsed, 'back'), until: shiftDate(bounds.until, parsed, 'back') });
    };
    const temporalFilters = (query.filters ?? []).filter((f) => f.op === FILTER_OPERATORS.TEMPORAL_RANGE);
    if (temporalFilters.length === 0 && !query.time_range) throw new QueryCompileError(TIME_COMPARISON_RANGE_MESSAGE, 'INVALID_PAYLOAD_SCHEMA_ERROR');
    return {
      ...query,
      filters: (query.filters ?? []).map((f) => (f.op === FILTER_OPERATORS.TEMPORAL_RANGE ? { ...f, val: shift(typeof f.val === 'string' ? f.val : '') } : f)),
      ...(query.time_range ? { time_range: temporalFilters.length > 0 ? query.time_range : shift(query.time_range) } : {}),
      time_offsets: [],
    };
  } catch (error) {
    if (error instanceof TimeRangeError) throw new QueryCompileError(error.message, 'INVALID_PAYLOAD_SCHEMA_ERROR', { time_offset: offset });
    throw error;
  }
}

const relative = (value: string | undefined): 'today' | 'now' => (value === 'now' ? 'now' : 'today');
