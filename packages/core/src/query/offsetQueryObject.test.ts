import { describe, expect, it } from 'vitest';
import { offsetQueryObject, TIME_COMPARISON_RANGE_MESSAGE } from './offsetQueryObject.js';
import { QueryCompileError } from './types.js';

const NOW = new Date('2024-03-15T10:30:00Z');

describe('offsetQueryObject', () => {
  it('moves every TEMPORAL_RANGE filter back by the offset, resolved against now', () => {
    const query = offsetQueryObject(
      {
        metrics: ['count'],
        filters: [
          { col: 'name', op: '==', val: 'a' },
          { col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last month' },
        ],
        time_offsets: ['1 year ago'],
      },
      '1 year ago',
      NOW,
    );
    expect(query.filters).toEqual([
      { col: 'name', op: '==', val: 'a' },
      { col: 'ds', op: 'TEMPORAL_RANGE', val: '2023-02-15T00:00:00 : 2023-03-15T00:00:00' },
    ]);
    expect(query.time_offsets).toEqual([]);
    expect(query.metrics).toEqual(['count']);
  });

  it('moves the legacy time_range when there is no TEMPORAL_RANGE filter', () => {
    const query = offsetQueryObject({ metrics: ['count'], granularity: 'ds', time_range: '2024-03-01 : 2024-03-08' }, '1 week ago', NOW);
    expect(query.time_range).toBe('2024-02-23T00:00:00 : 2024-03-01T00:00:00');
  });

  it('inherit moves every range back by the length of the first one', () => {
    const query = offsetQueryObject(
      { metrics: ['count'], filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-03-01' }], time_offsets: ['inherit'] },
      'inherit',
      NOW,
    );
    expect(query.filters).toEqual([{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2023-11-02T00:00:00 : 2024-01-01T00:00:00' }]);
  });

  it('needs an enclosed time range and a valid offset', () => {
    const open = { metrics: ['count'], filters: [{ col: 'ds', op: 'TEMPORAL_RANGE' as const, val: '2024-01-01 : ' }] };
    expect(() => offsetQueryObject(open, '1 year ago', NOW)).toThrow(TIME_COMPARISON_RANGE_MESSAGE);
    expect(() => offsetQueryObject({ metrics: ['count'] }, '1 year ago', NOW)).toThrow(TIME_COMPARISON_RANGE_MESSAGE);
    expect(() => offsetQueryObject({ metrics: ['count'], time_range: 'Last week' }, 'a while ago', NOW)).toThrow(QueryCompileError);
  });
});
