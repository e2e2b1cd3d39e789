import { describe, expect, it } from 'vitest';
import { formatTimeRangeBounds } from './formatTimeRangeBounds.js';
import { resolveTimeRange } from './resolveTimeRange.js';
import { TimeRangeError } from './timeRangeError.js';

// A Friday mid-morning; the ISO week started on Monday 2024-03-11.
const NOW = new Date('2024-03-15T10:30:00Z');
const iso = (d: Date | null) => (d ? d.toISOString().replace('.000Z', 'Z') : null);
const range = (text: string, now = NOW, options = {}) => {
  const { since, until } = resolveTimeRange(text, now, options);
  return [iso(since), iso(until)];
};
const day = (d: string) => `${d}T00:00:00Z`;

describe('resolveTimeRange', () => {
  it('treats No filter and empty text as unbounded', () => {
    expect(range('No filter')).toEqual([null, null]);
    expect(range('  ')).toEqual([null, null]);
  });

  it.each([
    ['Last day', '2024-03-14'],
    ['Last week', '2024-03-08'],
    ['Last month', '2024-02-15'],
    ['Last quarter', '2023-12-15'],
    ['Last year', '2023-03-15'],
  ])('%s runs from the same day one period back up to today (midnight)', (text, since) => {
    expect(range(text)).toEqual([day(since), day('2024-03-15')]);
  });

  it('reads Last <period> and Last/Next N units on either side of a range, as Superset does', () => {
    expect(range('Last quarter : ')).toEqual([day('2023-12-15'), null]);
    expect(range('Last 3 days : now')).toEqual([day('2024-03-12'), '2024-03-15T10:30:00Z']);
    expect(range('2024-01-01 : next 2 weeks')).toEqual([day('2024-01-01'), day('2024-03-29')]);
    expect(range('last week : today', NOW, { relativeStart: 'now' })).toEqual(['2024-03-08T10:30:00Z', day('2024-03-15')]);
  });

  it('accepts Last/Next N units', () => {
    expect(range('Last 3 days')).toEqual([day('2024-03-12'), day('2024-03-15')]);
    expect(range('next 2 weeks')).toEqual([day('2024-03-15'), day('2024-03-29')]);
  });

  it.each([
    ['previous calendar week', '2024-03-04', '2024-03-11'],
    ['previous calendar month', '2024-02-01', '2024-03-01'],
    ['previous calendar quarter', '2023-10-01', '2024-01-01'],
    ['previous calendar year', '2023-01-01', '2024-01-01'],
    ['Current day', '2024-03-15', '2024-03-16'],
    ['Current week', '2024-03-11', '2024-03-18'],
    ['Current month', '2024-03-01', '2024-04-01'],
    ['Current quarter', '2024-01-01', '2024-04-01'],
    ['Current year', '2024-01-01', '2025-01-01'],
  ])('%s is the whole calendar period', (text, since, until) => {
    expect(range(text)).toEqual([day(since), day(until)]);
  });

  it('clamps month arithmetic to the end of shorter months', () => {
    expect(range('Last month', new Date('2024-03-31T12:00:00Z'))).toEqual([day('2024-02-29'), day('2024-03-31')]);
    expect(range('Last year', new Date('2024-02-29T12:00:00Z'))).toEqual([day('2023-02-28'), day('2024-02-29')]);
  });

  it('reads explicit ranges with ISO sides, today, now and open ends', () => {
    expect(range('2024-01-01 : 2024-02-01')).toEqual([day('2024-01-01'), day('2024-02-01')]);
    expect(range('2024-01-01T10:15:00 : now')).toEqual(['2024-01-01T10:15:00Z', '2024-03-15T10:30:00Z']);
    expect(range('2024-01-01 10:15:30+02:00 : today')).toEqual(['2024-01-01T08:15:30Z', day('2024-03-15')]);
    expect(range(' : 2024-02-01')).toEqual([null, day('2024-02-01')]);
    expect(range('2024-02-01 : ')).toEqual([day('2024-02-01'), null]);
  });

  it('counts "N units ago/later" from midnight today unless relative to now', () => {
    expect(range('7 days ago : today')).toEqual([day('2024-03-08'), day('2024-03-15')]);
    expect(range('1 year ago : 2 weeks later')).toEqual([day('2023-03-15'), day('2024-03-29')]);
    expect(range('2 hours ago : now', NOW, { relativeStart: 'now' })).toEqual(['2024-03-15T08:30:00Z', '2024-03-15T10:30:00Z']);
  });

  it('evaluates DATEADD, DATETRUNC, LASTDAY and DATETIME, nested', () => {
    expect(range('DATEADD(DATETIME("today"), -7, day) : today')).toEqual([day('2024-03-08'), day('2024-03-15')]);
    expect(range('DATETRUNC(DATETIME("2020-02-14"), month) : LASTDAY(DATETIME("2020-02-14"), month)')).toEqual([day('2020-02-01'), day('2020-02-29')]);
    expect(range('DATEADD(DATETRUNC(DATETIME(\'now\'), year), 1, quarter) : LASTDAY(DATETIME("2024-05-10"), quarter)')).toEqual([
      day('2024-04-01'),
      day('2024-06-30'),
    ]);
    expect(range('DATETRUNC(DATETIME("today"), week) : LASTDAY(DATETIME("today"), week)')).toEqual([day('2024-03-11'), day('2024-03-17')]);
  });

  it('finds holidays by the start of their name, this year or in the year of a date', () => {
    expect(range('HOLIDAY("christmas") : HOLIDAY("new year", DATETIME("2025-06-01"))')).toEqual([day('2024-12-25'), day('2025-01-01')]);
    expect(range('HOLIDAY("Thanksgiving", DATETIME("2023-01-01"), "US") : HOLIDAY("thanksgiving", "2024-01-01")')).toEqual([day('2023-11-23'), day('2024-11-28')]);
    // Moving holidays: 3rd Monday of January, last Monday of May, 1st Monday of September.
    expect(range('HOLIDAY("martin luther") : HOLIDAY("memorial")')).toEqual([day('2024-01-15'), day('2024-05-27')]);
    expect(range('HOLIDAY("labor", DATETIME("2021-01-01")) : DATEADD(HOLIDAY("independence"), 1, day)')).toEqual([day('2021-09-06'), day('2024-07-05')]);
    expect(range('HOLIDAY("juneteenth") : 2025-01-01')[0]).toBe(day('2024-06-19'));
    expect(() => resolveTimeRange('HOLIDAY("juneteenth", DATETIME("2019-01-01")) : today', NOW)).toThrow(/Unable to find such a holiday/);
  });

  it.each([
    ['gibberish', /Unable to parse the time range/],
    ['2024-13-01 : today', /Unable to parse the time expression|Invalid date/],
    ['2024-02-30 : today', /Invalid date/],
    ['DATEADD(DATETIME("today"), x, day) : today', /Unable to parse/],
    ['DATEADD(DATETIME("today"), -7, fortnight) : today', /Unknown time unit/],
    ['NEXTWEEK("x") : today', /Unsupported time function/],
    ['HOLIDAY("easter") : today', /Unable to find such a holiday: \[easter\]/],
    ['HOLIDAY("christmas", DATETIME("2020-01-01"), "XX") : today', /Holidays are known for US only, not XX/],
    ['DATEADD(DATETIME("today"), -7, day : today', /Unable to parse/],
    ['today : 2020-01-01', /From date cannot be larger than to date/],
  ])('rejects %s with a TimeRangeError', (text, message) => {
    expect(() => resolveTimeRange(text, NOW)).toThrow(TimeRangeError);
    expect(() => resolveTimeRange(text, NOW)).toThrow(message);
  });
});

describe('formatTimeRangeBounds', () => {
  it('writes the explore summary, with times only when not midnight and infinity for open ends', () => {
    expect(formatTimeRangeBounds(resolveTimeRange('Last month', NOW))).toBe('2024-02-15 ≤ col < 2024-03-15');
    expect(formatTimeRangeBounds(resolveTimeRange('2024-01-01T10:15:00 : ', NOW), 'ds')).toBe('2024-01-01T10:15:00 ≤ ds < ∞');
    expect(formatTimeRangeBounds(resolveTimeRange('No filter', NOW))).toBe('-∞ ≤ col < ∞');
  });
});

describe('resolveTimeRange edges', () => {
  it('keeps years below 100 and refuses ranges outside years 1 to 9999', () => {
    expect(range('0050-02-28 : 0050-03-01')).toEqual(['0050-02-28T00:00:00Z', '0050-03-01T00:00:00Z']);
    expect(range('LASTDAY(DATETIME("0048-02-10"), month) : 2024-01-01')[0]).toBe('0048-02-29T00:00:00Z');
    expect(() => resolveTimeRange('99999 years ago : today', NOW)).toThrow(/out of bounds/);
    expect(() => resolveTimeRange('today : 9000 years later', NOW)).toThrow(/out of bounds/);
  });
});
