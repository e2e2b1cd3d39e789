import { PostProcessingError } from './PostProcessingError.js';

/** How a pandas offset alias buckets time: the label of a timestamp's bucket and the label after a given one. */
export interface ResampleRule {
  labelOf(ms: number): number;
  next(label: number): number;
}

const DAY = 86_400_000;
const TICKS: Readonly<Record<string, number>> = {
  L: 1,
  S: 1000,
  T: 60_000,
  MIN: 60_000,
  H: 3_600_000,
  D: DAY,
};
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

function monthIndex(ms: number): number {
  const d = new Date(ms);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

function monthStart(index: number): number {
  return Date.UTC(Math.floor(index / 12), index % 12, 1);
}

/** Fixed-length buckets counted from midnight of the first timestamp's day (pandas origin 'start_day'), labelled by their start. */
function tickRule(size: number, firstMs: number): ResampleRule {
  const origin = Math.floor(firstMs / DAY) * DAY;
  return {
    labelOf: (ms) => origin + Math.floor((ms - origin) / size) * size,
    next: (label) => label + size,
  };
}

/**
 * Calendar buckets of `months` months (1 month, 3 quarter, 12 year) aligned to January, `n` at a time from the
 * first bucket. Start aliases (MS, QS, AS/YS) label a bucket by its first day, end aliases (M, Q, A/Y) by its last
 * day, both at midnight, as pandas does.
 */
function calendarRule(months: number, n: number, end: boolean, firstMs: number): ResampleRule {
  const step = months * n;
  const first = monthIndex(firstMs) - (monthIndex(firstMs) % months);
  const startOf = (ms: number) => {
    const aligned = monthIndex(ms) - (monthIndex(ms) % months);
    return first + Math.floor((aligned - first) / step) * step;
  };
  const label = (start: number) => (end ? monthStart(start + step) - DAY : monthStart(start));
  return {
    labelOf: (ms) => label(startOf(ms)),
    next: (current) => label(startOf(current) + step),
  };
}

/** Weeks ending on the anchor day (W = W-SUN), labelled by that day at midnight. */
function weekRule(anchor: number, n: number): ResampleRule {
  return {
    labelOf: (ms) => {
      const day = Math.floor(ms / DAY) * DAY;
      const weekday = new Date(day).getUTCDay();
      return day + ((anchor - weekday + 7) % 7) * DAY;
    },
    next: (label) => label + 7 * n * DAY,
  };
}

/** Parses an offset alias ('1T', '15min', '1H', '1D', '7D', 'W', 'W-MON', '1M', '1MS', 'Q', '1AS', 'YS' ...). */
export function parseResampleRule(rule: string, firstMs: number): ResampleRule {
  const match = /^\s*(\d*)\s*([A-Za-z]+)(?:-([A-Za-z]{3}))?\s*$/.exec(rule ?? '');
  if (!match) throw new PostProcessingError(`Invalid resample rule: ${rule}`);
  const n = match[1] ? Number(match[1]) : 1;
  if (n <= 0) throw new PostProcessingError(`Invalid resample rule: ${rule}`);
  const unit = match[2]!;
  const upper = unit.toUpperCase();
  if (unit === 'ms') return tickRule(n, firstMs);
  if (unit === 'MS') return calendarRule(1, n, false, firstMs);
  const tick = TICKS[upper];
  if (tick !== undefined) return tickRule(tick * n, firstMs);
  switch (upper) {
    case 'M':
    case 'ME':
      return calendarRule(1, n, true, firstMs);
    case 'QS':
      return calendarRule(3, n, false, firstMs);
    case 'Q':
    case 'QE':
      return calendarRule(3, n, true, firstMs);
    case 'AS':
    case 'YS':
      return calendarRule(12, n, false, firstMs);
    case 'A':
    case 'Y':
    case 'YE':
      return calendarRule(12, n, true, firstMs);
    case 'W': {
      const anchor = match[3] ? WEEKDAYS.indexOf(match[3].toUpperCase()) : 0;
      if (anchor < 0) throw new PostProcessingError(`Invalid resample rule: ${rule}`);
      return weekRule(anchor, n);
    }
    default:
      throw new PostProcessingError(`Invalid resample rule: ${rule}`);
  }
}
