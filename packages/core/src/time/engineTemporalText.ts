/**
 * Temporal values as engines print them (`2024-03-13`, `2024-03-13 14:37:43.5`), from the day and
 * microsecond counts of columnar results (DuckDB vectors, Arrow DateDay / Timestamp[us]). Wall-clock
 * values: never shifted through a time zone. Exact for years 1696–2243 (FAST_TEMPORAL_DAYS either side
 * of 1970); callers keep other values (infinity, far dates, BC) as the engine's own text.
 */

export const MICROS_PER_DAY = 86_400_000_000;
const MS_PER_DAY = 86_400_000;
/** Days either side of 1970 this module formats exactly (four-digit years, no BC). */
const FAST_TEMPORAL_DAYS = 100_000;

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** `YYYY-MM-DD` of a day count since 1970-01-01. */
function dateTextOfDays(days: number): string {
  const d = new Date(days * MS_PER_DAY);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

/** `HH:MM:SS` of whole seconds into a day. */
function timeTextOfSeconds(secs: number): string {
  return `${pad2(Math.floor(secs / 3600))}:${pad2(Math.floor(secs / 60) % 60)}:${pad2(secs % 60)}`;
}

/** `.ffffff` of a microsecond fraction, trailing zeros dropped; '' for none. */
const fractionText = (micros: number): string => (micros === 0 ? '' : `.${String(micros).padStart(6, '0').replace(/0+$/, '')}`);

/** Whether a day count is within the range formatted here. */
export const isFastTemporalDay = (days: number): boolean => days > -FAST_TEMPORAL_DAYS && days < FAST_TEMPORAL_DAYS;

/**
 * Repeated formatting of one column: the date part cached per day and the time part per second, so a
 * million timestamps cost a few string concatenations each.
 */
export function temporalTextCache(): { date(days: number): string; timestamp(micros: number): string } {
  const days = new Map<number, string>();
  const seconds: string[] = [];
  let lastDay = NaN;
  let lastDayText = '';
  const date = (day: number): string => {
    if (day === lastDay) return lastDayText;
    let text = days.get(day);
    if (text === undefined) {
      text = dateTextOfDays(day);
      days.set(day, text);
    }
    lastDay = day;
    lastDayText = text;
    return text;
  };
  const timestamp = (micros: number): string => {
    const day = Math.floor(micros / MICROS_PER_DAY);
    const inDay = micros - day * MICROS_PER_DAY;
    const secs = Math.floor(inDay / 1_000_000);
    const frac = inDay - secs * 1_000_000;
    let time = seconds[secs];
    if (time === undefined) {
      time = timeTextOfSeconds(secs);
      seconds[secs] = time;
    }
    return `${date(day)} ${time}${fractionText(frac)}`;
  };
  return { date, timestamp };
}
