import { describe, expect, it } from 'vitest';
import { TimeRangeError } from '@tessera/core';
import { describeTimeRanges } from './timeRange.service.js';

const now = new Date('2024-03-15T10:30:00Z');

describe('describeTimeRanges', () => {
  it('resolves each range against the same now, in Python isoformat', () => {
    expect(describeTimeRanges([{ timeRange: 'Last day' }, { timeRange: 'No filter' }], now)).toEqual([
      { since: '2024-03-14T00:00:00', until: '2024-03-15T00:00:00', timeRange: 'Last day', shift: null },
      { since: '', until: '', timeRange: 'No filter', shift: null },
    ]);
  });

  it('moves both sides back by the shift and leaves an open side open', () => {
    expect(describeTimeRanges([{ timeRange: '2024-01-01 : 2024-02-01', shift: '1 year ago' }], now)).toEqual([
      { since: '2023-01-01T00:00:00', until: '2023-02-01T00:00:00', timeRange: '2024-01-01 : 2024-02-01', shift: '1 year ago' },
    ]);
    expect(describeTimeRanges([{ timeRange: '2024-01-01 : ', shift: '' }], now)[0]).toEqual({
      since: '2024-01-01T00:00:00',
      until: '',
      timeRange: '2024-01-01 : ',
      shift: '',
    });
  });

  it('writes milliseconds as microseconds, as Python does', () => {
    expect(describeTimeRanges([{ timeRange: '2024-01-01T10:00:00.5 : ' }], now)[0]?.since).toBe('2024-01-01T10:00:00.500000');
  });

  it('throws the core error for a range or shift that does not parse', () => {
    expect(() => describeTimeRanges([{ timeRange: 'soon' }], now)).toThrow(TimeRangeError);
    expect(() => describeTimeRanges([{ timeRange: 'Last day', shift: 'sometime' }], now)).toThrow(TimeRangeError);
  });
});
