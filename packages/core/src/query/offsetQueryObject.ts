import { FILTER_OPERATORS, type QueryObject } from '../contracts/chartData.js';
import { resolveTimeRange, type TimeRangeBounds } from '../time/resolveTimeRange.js';
import { boundsToTimeRange, shiftDate } from '../time/timeOffset.js';
import { TimeRangeError } from '../time/timeRangeError.js';
import { resolveComparisonOffset, TIME_COMPARISON_RANGE_MESSAGE } from './resolveComparisonOffset.js';
import { QueryCompileError } from './types.js';

export { TIME_COMPARISON_RANGE_MESSAGE };

/**
 * The query of a time comparison (`time_offsets: ['1 year ago']`, `inherit`, or a custom start date): the same
 * query object with every time range (TEMPORAL_RANGE filters and the legacy time_range) resolved against `now`
 * and moved back by `offset`. The offset is resolved against the range the compiler applies (the first one), so
 * `inherit` means the length of that range. The server runs it, shifts its x-axis values forward with
 * `shiftDate(d, offset, 'forward')` and joins the rows.
 */
export function offsetQueryObject(query: QueryObject, offset: string, now: Date): QueryObject {
  try {
    const options = { relativeStart: relative(query.extras?.relative_start), relativeEnd: relative(query.extras?.relative_end) };
    const resolve = (text: string): TimeRangeBounds => resolveTimeRange(text, now, options);
    const temporalFilters = (query.filters ?? []).filter((f) => f.op === FILTER_OPERATORS.TEMPORAL_RANGE);
    const mainText = temporalFilters.length > 0 ? rangeText(temporalFilters[0]!.val) : query.time_range;
    if (!mainText) throw new QueryCompileError(TIME_COMPARISON_RANGE_MESSAGE, 'INVALID_PAYLOAD_SCHEMA_ERROR');
    const main = resolve(mainText);
    const parsed = resolveComparisonOffset(offset, main.since?.getTime() ?? null, main.until?.getTime() ?? null);
    const shift = (text: string): string => {
      const bounds = resolve(text);
      if (!bounds.since || !bounds.until) throw new QueryCompileError(TIME_COMPARISON_RANGE_MESSAGE, 'INVALID_PAYLOAD_SCHEMA_ERROR', { time_range: text });
      return boundsToTimeRange({ since: shiftDate(bounds.since, parsed, 'back'), until: shiftDate(bounds.until, parsed, 'back') });
    };
    return {
      ...query,
      filters: (query.filters ?? []).map((f) => (f.op === FILTER_OPERATORS.TEMPORAL_RANGE ? { ...f, val: shift(rangeText(f.val)) } : f)),
      ...(query.time_range ? { time_range: temporalFilters.length > 0 ? query.time_range : shift(query.time_range) } : {}),
      time_offsets: [],
    };
  } catch (error) {
    if (error instanceof TimeRangeError) throw new QueryCompileError(error.message, 'INVALID_PAYLOAD_SCHEMA_ERROR', { time_offset: offset });
    throw error;
  }
}

const rangeText = (val: unknown): string => (typeof val === 'string' ? val : '');
const relative = (value: string | undefined): 'today' | 'now' => (value === 'now' ? 'now' : 'today');
