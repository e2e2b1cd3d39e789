import { utc } from './calendar.js';

/** The n-th (1-based; -1 for the last) weekday (0 = Sunday) of a month, at midnight UTC. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  if (n > 0) {
    const first = utc(year, month, 1).getUTCDay();
    return utc(year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDate = utc(year, month + 1, 0);
  return utc(year, month, lastDate.getUTCDate() - ((lastDate.getUTCDay() - weekday + 7) % 7));
}

type HolidayRule = { name: string; since?: number; date: (year: number) => Date };

const MONDAY = 1;
const THURSDAY = 4;

/**
 * United States federal holidays (not moved to an observed weekday), named as Superset's holiday calendar names
 * them, which is what `HOLIDAY("...")` in a time range looks up by default.
 */
const US: readonly HolidayRule[] = [
  { name: "New Year's Day", date: (y) => utc(y, 0, 1) },
  { name: 'Martin Luther King Jr. Day', since: 1986, date: (y) => nthWeekday(y, 0, MONDAY, 3) },
  { name: "Washington's Birthday", date: (y) => (y >= 1971 ? nthWeekday(y, 1, MONDAY, 3) : utc(y, 1, 22)) },
  { name: 'Memorial Day', date: (y) => (y >= 1971 ? nthWeekday(y, 4, MONDAY, -1) : utc(y, 4, 30)) },
  { name: 'Juneteenth National Independence Day', since: 2021, date: (y) => utc(y, 5, 19) },
  { name: 'Independence Day', date: (y) => utc(y, 6, 4) },
  { name: 'Labor Day', date: (y) => nthWeekday(y, 8, MONDAY, 1) },
  { name: 'Columbus Day', date: (y) => (y >= 1971 ? nthWeekday(y, 9, MONDAY, 2) : utc(y, 9, 12)) },
  { name: 'Veterans Day', date: (y) => utc(y, 10, 11) },
  { name: 'Thanksgiving Day', date: (y) => nthWeekday(y, 10, THURSDAY, 4) },
  { name: 'Christmas Day', date: (y) => utc(y, 11, 25) },
];

const CALENDARS: Record<string, readonly HolidayRule[]> = { US };

/** Countries whose holidays `HOLIDAY(name, date, country)` knows. */
export const HOLIDAY_COUNTRIES = Object.keys(CALENDARS);

/**
 * The first holiday of `year` whose name starts with `name` (case-insensitive), as Superset's lookup matches
 * ("christmas" finds Christmas Day); null when none does. Throws for a country without a calendar here.
 */
export function findHoliday(name: string, year: number, country = 'US'): Date | null {
  const calendar = CALENDARS[country.toUpperCase()];
  if (!calendar) throw new RangeError(`Holidays are known for ${HOLIDAY_COUNTRIES.join(', ')} only, not ${country}`);
  const needle = name.trim().toLowerCase();
  if (needle === '') return null;
  const found = calendar
    .filter((rule) => (rule.since === undefined || year >= rule.since) && rule.name.toLowerCase().startsWith(needle))
    .map((rule) => rule.date(year))
    .sort((a, b) => a.getTime() - b.getTime());
  return found[0] ?? null;
}
