import { addUnits, parseUnit, truncate, utc, type TimeUnit } from './calendar.js';
import { parseTimeExpression } from './parseTimeExpression.js';
import { TimeRangeError } from './timeRangeError.js';

export interface TimeRangeBounds {
  since: Date | null;
  until: Date | null;
}

export interface TimeRangeOptions {
  /** extras.relative_start / relative_end: what relative expressions on each side count from. */
  relativeStart?: 'today' | 'now';
  relativeEnd?: 'today' | 'now';
}

export const NO_TIME_RANGE = 'No filter';
const SEPARATOR_PATTERN = /(?:^|\s):(?:\s|$)/u;
const PERIODS = 'day|week|month|quarter|year';
const LAST = new RegExp(`^last\\s+(${PERIODS})$`, 'iu');
const LAST_N = /^(last|next)\s+(\d+)\s+([a-z]+)$/iu;
const PREVIOUS = new RegExp(`^previous\\s+calendar\\s+(${PERIODS})$`, 'iu');
const CURRENT = new RegExp(`^current\\s+(${PERIODS})$`, 'iu');

/**
 * Superset's time range grammar resolved against an injected `now`, in UTC. The answer is half-open:
 * `since <= t < until`; a null side is unbounded.
 */
export function resolveTimeRange(text: string, now: Date, options: TimeRangeOptions = {}): TimeRangeBounds {
  const bounds = resolveUnchecked(text, now, options);
  for (const date of [bounds.since, bounds.until]) {
    if (date && !(date.getTime() >= MIN_TIME && date.getTime() <= MAX_TIME)) throw new TimeRangeError(`Time range out of bounds: ${text.trim()}`);
  }
  return bounds;
}

// Years 1 to 9999: what every engine's timestamp type holds.
const MIN_TIME = utc(1, 0, 1).getTime();
const MAX_TIME = utc(9999, 11, 31, 23, 59, 59, 999).getTime();

function resolveUnchecked(text: string, now: Date, options: TimeRangeOptions): TimeRangeBounds {
  if (Number.isNaN(now.getTime())) throw new TimeRangeError('Invalid reference time.');
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.toLowerCase() === NO_TIME_RANGE.toLowerCase()) return { since: null, until: null };
  const today = truncate(now, 'day');

  const last = LAST.exec(trimmed);
  if (last) return { since: addUnits(today, -1, unitOf(last[1]!)), until: today };
  const lastN = LAST_N.exec(trimmed);
  if (lastN) {
    const amount = Number(lastN[2]);
    const unit = parseUnit(lastN[3]!);
    return lastN[1]!.toLowerCase() === 'last'
      ? { since: addUnits(today, -amount, unit), until: today }
      : { since: today, until: addUnits(today, amount, unit) };
  }
  const previous = PREVIOUS.exec(trimmed);
  if (previous) {
    const unit = unitOf(previous[1]!);
    const start = truncate(today, unit);
    return { since: addUnits(start, -1, unit), until: start };
  }
  const current = CURRENT.exec(trimmed);
  if (current) {
    const unit = unitOf(current[1]!);
    const start = truncate(today, unit);
    return { since: start, until: addUnits(start, 1, unit) };
  }
  // The separator is a colon with a space on at least one side (or at an end): times have bare colons.
  const separator = SEPARATOR_PATTERN.exec(trimmed);
  if (!separator) throw new TimeRangeError(`Unable to parse the time range: ${trimmed}`);
  const since = rangeSide(trimmed.slice(0, separator.index), now, options, options.relativeStart ?? 'today');
  const until = rangeSide(trimmed.slice(separator.index + separator[0].length), now, options, options.relativeEnd ?? 'today');
  if (since && until && since.getTime() > until.getTime()) throw new TimeRangeError('From date cannot be larger than to date');
  return { since, until };
}

const unitOf = (text: string): TimeUnit => parseUnit(text);

const SIDE_LAST = new RegExp(`^last\\s+(${PERIODS})$`, 'iu');
const SIDE_LAST_N = /^(last|next)\s+(\d+)\s+(second|minute|hour|day|week|month|year)s?$/iu;

/**
 * One side of `<since> : <until>`. Besides time expressions, Superset reads `last <period>` and
 * `last|next N <unit>s` there (its time_range_lookup): `last` counts back from relative_start and `next`
 * forward from relative_end, whichever side they are on.
 */
function rangeSide(text: string, now: Date, options: TimeRangeOptions, relativeTo: 'today' | 'now'): Date | null {
  const part = text.trim();
  const base = (side: 'today' | 'now' | undefined) => ((side ?? 'today') === 'now' ? new Date(now.getTime()) : truncate(now, 'day'));
  const last = SIDE_LAST.exec(part);
  if (last) return addUnits(base(options.relativeStart), -1, unitOf(last[1]!));
  const lastN = SIDE_LAST_N.exec(part);
  if (lastN) {
    const amount = Number(lastN[2]);
    const unit = parseUnit(lastN[3]!);
    return lastN[1]!.toLowerCase() === 'last' ? addUnits(base(options.relativeStart), -amount, unit) : addUnits(base(options.relativeEnd), amount, unit);
  }
  return parseTimeExpression(part, { now, relativeTo });
}
