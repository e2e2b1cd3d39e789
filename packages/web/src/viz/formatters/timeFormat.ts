import { utcFormat } from 'd3-time-format';

/** Time format ids: Superset's adaptive 'smart_date' plus any d3-time-format specifier. Times are shown in UTC. */
export const TimeFormats = {
  SMART_DATE: 'smart_date',
  /** Adaptive, but never ambiguous on its own (tooltips): 2004-02-01, 2004-02-01 13:30, 2004. */
  SMART_DATE_DETAILED: 'smart_date_detailed',
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

const detailedSec = utcFormat('%Y-%m-%d %H:%M:%S');
const detailedMs = utcFormat('%Y-%m-%d %H:%M:%S.%L');
const detailedMin = utcFormat('%Y-%m-%d %H:%M');
const detailedDay = utcFormat('%Y-%m-%d');

/** The detailed adaptive format: a tooltip has no neighbouring labels to give the year or the day. */
function smartDateDetailed(d: Date): string {
  if (d.getUTCMilliseconds()) return detailedMs(d);
  if (d.getUTCSeconds()) return detailedSec(d);
  if (d.getUTCMinutes() || d.getUTCHours()) return detailedMin(d);
  if (d.getUTCDate() !== 1 || d.getUTCMonth()) return detailedDay(d);
  return year(d);
}

/** A tooltip's time format: the adaptive choice (or none) means the detailed adaptive format. */
export function tooltipTimeFormat(formatId: string | null | undefined): string {
  const id = formatId?.trim();
  return !id || id === TimeFormats.SMART_DATE ? TimeFormats.SMART_DATE_DETAILED : id;
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
    fn = id === TimeFormats.SMART_DATE ? smartDate : id === TimeFormats.SMART_DATE_DETAILED ? smartDateDetailed : utcFormat(id);
    cache.set(id, fn);
  }
  const f = fn;
  return (value) => {
    if (value === null || value === undefined) return 'N/A';
    const d = toDate(value);
    return Number.isNaN(d.getTime()) ? String(value) : f(d);
  };
}

/**
 * The format that shows a time bucketed at this grain without losing what tells buckets apart (Superset's
 * formatter for a granularity): a day as 2024-03-05, a month as Mar 2024, an hour as 2024-03-05 13:00.
 */
export function timeFormatForGrain(grain: string | null | undefined): string | null {
  if (!grain) return null;
  if (/^PT\d+S$/.test(grain)) return TimeFormats.DATABASE_DATETIME;
  if (/^PT\d+M$/.test(grain)) return '%Y-%m-%d %H:%M';
  if (/^PT\d+H$/.test(grain)) return '%Y-%m-%d %H:00';
  if (grain === 'P1M') return '%b %Y';
  if (grain === 'P3M') return '%Y Q%q';
  if (grain === 'P1Y') return '%Y';
  // Days, weeks (however anchored) and any other grain: the date.
  return TimeFormats.DATABASE_DATE;
}

export function formatTime(formatId: string | null | undefined, value: number | string | Date | null | undefined): string {
  return getTimeFormatter(formatId)(value);
}
