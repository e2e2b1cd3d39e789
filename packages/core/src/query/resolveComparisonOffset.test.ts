import { describe, expect, it } from 'vitest';
import { resolveComparisonOffset, TIME_COMPARISON_RANGE_MESSAGE } from './resolveComparisonOffset.js';
import { QueryCompileError } from './types.js';

const at = (iso: string) => Date.parse(`${iso}Z`);

describe('resolveComparisonOffset', () => {
  it('reads the offset grammar', () => {
    expect(resolveComparisonOffset('1 year ago', at('2022-01-01T00:00:00'), at('2023-01-01T00:00:00'))).toEqual({ amount: 1, unit: 'year' });
    expect(resolveComparisonOffset(' 52 weeks ago ', at('2022-01-01T00:00:00'), at('2023-01-01T00:00:00'))).toEqual({ amount: 52, unit: 'week' });
  });

  it('inherit shifts by the length of the range, in whole days', () => {
    expect(resolveComparisonOffset('inherit', at('2022-01-01T00:00:00'), at('2022-04-01T00:00:00'))).toEqual({ amount: 90, unit: 'day' });
    // Superset counts timedelta.days: a partial day is dropped.
    expect(resolveComparisonOffset('inherit', at('2022-01-01T00:00:00'), at('2022-01-08T12:00:00'))).toEqual({ amount: 7, unit: 'day' });
    expect(resolveComparisonOffset('inherit', at('2022-01-01T10:00:00'), at('2022-01-01T16:00:00'))).toEqual({ amount: 6 * 3600, unit: 'second' });
  });

  it('a custom start date shifts the range start onto it', () => {
    expect(resolveComparisonOffset('2021-12-01', at('2022-01-01T00:00:00'), at('2022-02-01T00:00:00'))).toEqual({ amount: 31, unit: 'day' });
    expect(() => resolveComparisonOffset('2021-02-30', at('2022-01-01T00:00:00'), at('2022-02-01T00:00:00'))).toThrow('Invalid time offset: 2021-02-30');
  });

  it('needs both bounds and a valid offset', () => {
    expect(() => resolveComparisonOffset('inherit', null, at('2022-01-01T00:00:00'))).toThrow(TIME_COMPARISON_RANGE_MESSAGE);
    expect(() => resolveComparisonOffset('1 year ago', at('2022-01-01T00:00:00'), null)).toThrow(QueryCompileError);
    expect(() => resolveComparisonOffset('a while ago', 0, 1)).toThrow('Invalid time offset: a while ago');
  });
});
