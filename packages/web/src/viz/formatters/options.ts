import { NumberFormats } from './numberFormat';
import { TimeFormats } from './timeFormat';

/** Choices of the explorer's number format select ([value, label]); free text is allowed too. */
export const NUMBER_FORMAT_OPTIONS: readonly (readonly [string, string])[] = [
  [NumberFormats.SMART_NUMBER, 'Adaptive formatting'],
  ['~g', 'Original value'],
  [',d', ',d (12345.432 => 12,345)'],
  ['.1s', '.1s (12345.432 => 10k)'],
  ['.3s', '.3s (12345.432 => 12.3k)'],
  [',.1%', ',.1% (12345.432 => 1,234,543.2%)'],
  ['.1%', '.1% (12345.432 => 1234543.2%)'],
  ['.2%', '.2% (12345.432 => 1234543.20%)'],
  ['.3%', '.3% (12345.432 => 1234543.200%)'],
  ['.4r', '.4r (12345.432 => 12350)'],
  [',.1f', ',.1f (12345.432 => 12,345.4)'],
  [',.2f', ',.2f (12345.432 => 12,345.43)'],
  [',.3f', ',.3f (12345.432 => 12,345.432)'],
  ['+,', '+, (12345.432 => +12,345.432)'],
  ['$,.2f', '$,.2f (12345.432 => $12,345.43)'],
  [NumberFormats.DURATION, 'Duration in ms (66000 => 1m 6s)'],
  [NumberFormats.DURATION_SUB, 'Duration in ms (1400.5 => 1s 401ms)'],
  [NumberFormats.DURATION_COL, 'Duration in ms (3723000 => 01:02:03)'],
];

/** Choices of the explorer's time format select. */
export const TIME_FORMAT_OPTIONS: readonly (readonly [string, string])[] = [
  [TimeFormats.SMART_DATE, 'Adaptive formatting'],
  ['%d/%m/%Y', '%d/%m/%Y | 14/01/2019'],
  ['%m/%d/%Y', '%m/%d/%Y | 01/14/2019'],
  ['%Y-%m-%d', '%Y-%m-%d | 2019-01-14'],
  ['%Y-%m-%d %H:%M:%S', '%Y-%m-%d %H:%M:%S | 2019-01-14 01:32:10'],
  ['%d-%m-%Y %H:%M:%S', '%d-%m-%Y %H:%M:%S | 14-01-2019 01:32:10'],
  ['%H:%M:%S', '%H:%M:%S | 01:32:10'],
  ['%Y', '%Y | 2019'],
  ['%b %Y', '%b %Y | Jan 2019'],
];
