import { addUnits, parseUnit, toSqlTimestampText, type TimeUnit } from './calendar.js';
import { resolveTimeRange, type TimeRangeBounds, type TimeRangeOptions } from './resolveTimeRange.js';
import { TimeRangeError } from './timeRangeError.js';

export interface TimeOffset {
  /** How far back the comparison period lies; negative for `... later`. */
  amount: number;
  unit: TimeUnit;
}

const OFFSET = /^(\d+)\s+([a-z]+)\s+(ago|before|later|after)$/iu;

/** '1 year ago' -> {amount: 1, unit: 'year'}; '2 weeks later' -> {amount: -2, unit: 'week'}. */
export function parseTimeOffset(offset: string): TimeOffset {
  const match = OFFSET.exec(offset.trim());
  if (!match) throw new TimeRangeError(`Invalid time offset: ${offset}`);
  const amount = Number(match[1]);
  const back = match[3]!.toLowerCase() === 'ago' || match[3]!.toLowerCase() === 'before';
  return { amount: back ? amount : -amount, unit: parseUnit(match[2]!) };
}

/** Moves `date` by an offset: 'back' into the comparison period, 'forward' to align its rows with the main query. */
export function shiftDate(date: Date, offset: string | TimeOffset, direction: 'back' | 'forward'): Date {
  const { amount, unit } = typeof offset === 'string' ? parseTimeOffset(offset) : offset;
  return addUnits(date, direction === 'back' ? -amount : amount, unit);
}

/** The time range moved back by `offset`, resolved first so relative ranges shift from the same `now`. */
export function shiftTimeRange(text: string, offset: string, now: Date, options: TimeRangeOptions = {}): TimeRangeBounds {
  const bounds = resolveTimeRange(text, now, options);
  return {
    since: bounds.since ? shiftDate(bounds.since, offset, 'back') : null,
    until: bounds.until ? shiftDate(bounds.until, offset, 'back') : null,
  };
}

/** Bounds written back as a `since : until` range text (empty side = unbounded) that resolves to the same instants. */
export function boundsToTimeRange(bounds: TimeRangeBounds): string {
  if (!bounds.since && !bounds.until) return 'No filter';
  const side = (date: Date | null) => (date ? toIsoFull(date) : '');
  return `${side(bounds.since)} : ${side(bounds.until)}`;
}

const toIsoFull = (date: Date) => toSqlTimestampText(date).replace(' ', 'T');
