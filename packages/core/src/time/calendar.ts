import { TimeRangeError } from './timeRangeError.js';

/** Calendar units of the time range grammar and time offsets. All arithmetic is UTC, so days are always 24 h. */
export const TIME_UNITS = ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

/** Date.UTC without its 0-99 -> 1900-1999 year mapping (400 years later the calendar is identical). */
export function utc(year: number, month: number, day = 1, hours = 0, minutes = 0, seconds = 0, ms = 0): Date {
  if (year >= 100) return new Date(Date.UTC(year, month, day, hours, minutes, seconds, ms));
  const date = new Date(Date.UTC(year + 400, month, day, hours, minutes, seconds, ms));
  date.setUTCFullYear(date.getUTCFullYear() - 400);
  return date;
}

const MS: Partial<Record<TimeUnit, number>> = {
  week: 604_800_000,
  day: 86_400_000,
  hour: 3_600_000,
  minute: 60_000,
  second: 1000,
};

/** 'days', 'Day', 'WEEKS' -> the unit; anything else is an error naming the text. */
export function parseUnit(text: string): TimeUnit {
  const unit = text.trim().toLowerCase().replace(/s$/u, '');
  if ((TIME_UNITS as readonly string[]).includes(unit)) return unit as TimeUnit;
  throw new TimeRangeError(`Unknown time unit: ${text}`);
}

/** `date` moved by `amount` units; months clamp to the month's last day (Jan 31 + 1 month = Feb 29 in 2024). */
export function addUnits(date: Date, amount: number, unit: TimeUnit): Date {
  const fixed = MS[unit];
  if (fixed !== undefined) return new Date(date.getTime() + amount * fixed);
  const months = amount * (unit === 'year' ? 12 : unit === 'quarter' ? 3 : 1);
  const y = date.getUTCFullYear();
  const target = date.getUTCMonth() + months;
  const ty = y + Math.floor(target / 12);
  const tm = ((target % 12) + 12) % 12;
  const day = Math.min(date.getUTCDate(), daysInMonth(ty, tm));
  return utc(ty, tm, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
}

function daysInMonth(year: number, month: number): number {
  return utc(year, month + 1, 0).getUTCDate();
}

/** Start of the unit containing `date`; weeks start on Monday (ISO), as Superset's DATETRUNC does. */
export function truncate(date: Date, unit: TimeUnit): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const d = date.getUTCDate();
  switch (unit) {
    case 'year':
      return utc(y, 0, 1);
    case 'quarter':
      return utc(y, m - (m % 3), 1);
    case 'month':
      return utc(y, m, 1);
    case 'week': {
      const day = utc(y, m, d);
      return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
    }
    case 'day':
      return utc(y, m, d);
    case 'hour':
      return utc(y, m, d, date.getUTCHours());
    case 'minute':
      return utc(y, m, d, date.getUTCHours(), date.getUTCMinutes());
    case 'second':
      return utc(y, m, d, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
  }
}

/** Last day (midnight) of the year, quarter, month or week containing `date` (weeks end on Sunday). */
export function lastDay(date: Date, unit: TimeUnit): Date {
  if (unit !== 'year' && unit !== 'quarter' && unit !== 'month' && unit !== 'week') {
    throw new TimeRangeError(`LASTDAY supports year, quarter, month and week, not ${unit}`);
  }
  return addUnits(addUnits(truncate(date, unit), 1, unit), -1, 'day');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD HH:MM:SS` (plus `.mmm` when there are milliseconds): the text the dialects' timestamp literals take. */
export function toSqlTimestampText(date: Date): string {
  const base = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  const ms = date.getUTCMilliseconds();
  return ms === 0 ? base : `${base}.${pad(ms, 3)}`;
}

/** `YYYY-MM-DD` at midnight, else `YYYY-MM-DDTHH:MM:SS` (Superset's explore text). */
export function toIsoText(date: Date): string {
  const text = toSqlTimestampText(date).replace(' ', 'T');
  return text.endsWith('T00:00:00') ? text.slice(0, 10) : text;
}
