import { describe, expect, it } from 'vitest';
import { formatNumber, formatTime, getCurrencyFormatter, NUMBER_FORMAT_OPTIONS, TIME_FORMAT_OPTIONS } from './index';
import { timeFormatForGrain, tooltipTimeFormat } from './timeFormat';

describe('number formats', () => {
  it('adaptive default shortens large numbers and keeps small ones readable', () => {
    expect(formatNumber(undefined, 0)).toBe('0');
    expect(formatNumber('SMART_NUMBER', 42)).toBe('42');
    expect(formatNumber('SMART_NUMBER', 1234)).toBe('1.23k');
    expect(formatNumber('SMART_NUMBER', 5_600_000)).toBe('5.6M');
    expect(formatNumber('SMART_NUMBER', 3_000_000_000)).toBe('3B');
    expect(formatNumber('SMART_NUMBER', 12.3456)).toBe('12.35');
    expect(formatNumber('SMART_NUMBER', 0.01234)).toBe('0.0123');
    expect(formatNumber('SMART_NUMBER', -2500)).toBe('−2.5k');
    expect(formatNumber('SMART_NUMBER_SIGNED', 7)).toBe('+7');
  });
  it('d3 specifiers', () => {
    expect(formatNumber(',d', 12345.432)).toBe('12,345');
    expect(formatNumber('.1%', 0.1234)).toBe('12.3%');
    expect(formatNumber('.3s', 12345.432)).toBe('12.3k');
    expect(formatNumber('+,', 12345)).toBe('+12,345');
    expect(formatNumber('$,.2f', 12345.432)).toBe('$12,345.43');
  });
  it('durations', () => {
    expect(formatNumber('DURATION', 66000)).toBe('1m 6s');
    expect(formatNumber('DURATION', 90_061_000)).toBe('1d 1h 1m 1s');
    expect(formatNumber('DURATION_SUB', 1400.5)).toBe('1s 401ms');
    expect(formatNumber('DURATION_COL', 3_723_000)).toBe('01:02:03');
  });
  it('null and invalid formats do not throw', () => {
    expect(formatNumber(',d', null)).toBe('N/A');
    expect(formatNumber('not a format', 1234)).toBe('1.23k');
  });
  it('currency prefix and suffix', () => {
    expect(getCurrencyFormatter({ symbol: 'USD', symbolPosition: 'prefix' }, ',.2f')(1234.5)).toBe('$1,234.50');
    expect(getCurrencyFormatter({ symbol: 'EUR', symbolPosition: 'suffix' }, ',d')(1234)).toBe('1,234 €');
    expect(getCurrencyFormatter({ symbol: 'USD' }, '$,.2f')(3)).toBe('$3.00');
    expect(getCurrencyFormatter(null, ',d')(1234)).toBe('1,234');
  });
  it('option lists start with the adaptive default', () => {
    expect(NUMBER_FORMAT_OPTIONS[0]![0]).toBe('SMART_NUMBER');
    expect(TIME_FORMAT_OPTIONS[0]![0]).toBe('smart_date');
  });
});

describe('time formats', () => {
  it('smart_date picks the coarsest meaningful unit, in UTC', () => {
    expect(formatTime('smart_date', Date.UTC(2024, 0, 1))).toBe('2024');
    expect(formatTime('smart_date', Date.UTC(2024, 2, 1))).toBe('March');
    expect(formatTime('smart_date', Date.UTC(2024, 2, 5))).toBe('Tue 05');
    expect(formatTime('smart_date', Date.UTC(2024, 2, 5, 14))).toBe('02 PM');
    expect(formatTime(null, Date.UTC(2024, 2, 5, 14, 30))).toBe('02:30');
  });
  it('tooltips use the detailed adaptive format, which always says the year and day', () => {
    const tooltip = (value: number, format?: string) => formatTime(tooltipTimeFormat(format), value);
    expect(tooltip(Date.UTC(2004, 1, 1))).toBe('2004-02-01');
    expect(tooltip(Date.UTC(2004, 0, 1), 'smart_date')).toBe('2004');
    expect(tooltip(Date.UTC(2004, 1, 3, 13, 30))).toBe('2004-02-03 13:30');
    expect(tooltip(Date.UTC(2004, 1, 3, 13, 30, 5))).toBe('2004-02-03 13:30:05');
    expect(tooltip(Date.UTC(2004, 1, 3), '%d/%m/%Y')).toBe('03/02/2004');
  });
  it('a time grain has a format that keeps its buckets apart', () => {
    expect(['PT1S', 'PT15M', 'PT6H', 'P1D', 'P1W', '1969-12-28T00:00:00Z/P1W', 'P1M', 'P3M', 'P1Y'].map(timeFormatForGrain)).toEqual([
      '%Y-%m-%d %H:%M:%S',
      '%Y-%m-%d %H:%M',
      '%Y-%m-%d %H:00',
      '%Y-%m-%d',
      '%Y-%m-%d',
      '%Y-%m-%d',
      '%b %Y',
      '%Y Q%q',
      '%Y',
    ]);
    expect(timeFormatForGrain(null)).toBeNull();
  });
  it('d3 time specifiers and warehouse strings', () => {
    expect(formatTime('%Y-%m-%d', Date.UTC(2019, 0, 14, 1, 32, 10))).toBe('2019-01-14');
    expect(formatTime('%Y-%m-%d %H:%M:%S', '2019-01-14 01:32:10')).toBe('2019-01-14 01:32:10');
    expect(formatTime('%b %Y', '2019-01-14')).toBe('Jan 2019');
    expect(formatTime('%Y', 'garbage')).toBe('garbage');
  });
});
