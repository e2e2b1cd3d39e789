import { utcFormat } from 'd3-time-format';

/** Time format ids: Superset's adaptive 'smart_date' plus any d3-time-format specifier. Times are shown in UTC. */
export const TimeFormats = {
  SMART_DATE: 'smart_date',
  DATABASE_DATE: '%Y-%m-%d',
  DATABASE_DATETIME: '%Y-%m-%d %H:%M:%S',
  US_DATE: '%m/%d/%Y',
} as const;

export type TimeFormatter = (value: number | string | Date | null | undefined) => string;

const ms = utcFormat('.%L');
const sec = utcFormat(':%S');
const min = utcFormat('%I:%M');
const hour = utcFormat('%I %p');
const day = utcFormat('%a %d');
const week = utcFormat('%b %d');
const month = utcFormat('%B');
const year = utcFormat('%Y');

/** Shows the coarsest unit that still tells this instant apart: a year start as "2024", a month start as "March" ... */
function smartDate(d: Date): string {
  if (d.getUTCMilliseconds()) return ms(d);
  if (d.getUTCSeconds()) return sec(d);
  if (d.getUTCMinutes()) return min(d);
  if (d.getUTCHours()) return hour(d);
  if (d.getUTCDate() !== 1) return d.getUTCDay() ? day(d) : week(d);
  if (d.getUTCMonth()) return month(d);
  return year(d);
}

export function toDate(value: number | string | Date): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  // Bare dates and "YYYY-MM-DD HH:MM:SS" strings from warehouses are UTC, not local time.
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  return new Date(iso);
}

const cache = new Map<string, (d: Date) => string>();

export function getTimeFormatter(formatId?: string | null): TimeFormatter {
  const id = formatId && formatId.trim() ? formatId.trim() : TimeFormats.SMART_DATE;
  let fn = cache.get(id);
  if (!fn) {
    fn = id === TimeFormats.SMART_DATE ? smartDate : utcFormat(id);
    cache.set(id, fn);
  }
  const f = fn;
  return (value) => {
    if (value === null || value === undefined) return 'N/A';
    const d = toDate(value);
    return Number.isNaN(d.getTime()) ? String(value) : f(d);
  };
}

export function formatTime(formatId: string | null | undefined, value: number | string | Date | null | undefined): string {
  return getTimeFormatter(formatId)(value);
}
