import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundsToTimeRange, parseTimeOffset, shiftDate, shiftTimeRange } from './timeOffset.js';
import { resolveTimeRange } from './resolveTimeRange.js';
import { TimeRangeError } from './timeRangeError.js';

const NOW = new Date('2024-03-15T10:30:00Z');

describe('time offsets', () => {
  it('parses the time shift choices', () => {
    expect(parseTimeOffset('1 year ago')).toEqual({ amount: 1, unit: 'year' });
    expect(parseTimeOffset('52 weeks ago')).toEqual({ amount: 52, unit: 'week' });
    expect(parseTimeOffset('28 days ago')).toEqual({ amount: 28, unit: 'day' });
    expect(parseTimeOffset(' 2 Years Later ')).toEqual({ amount: -2, unit: 'year' });
  });

  it.each(['', 'a year ago', '1 fortnight ago', '1 year', 'inherit; DROP'])('rejects %j', (offset) => {
    expect(() => parseTimeOffset(offset)).toThrow(TimeRangeError);
  });

  it('shifts dates back for the comparison query and forward to align its rows', () => {
    const date = new Date('2024-02-29T00:00:00Z');
    expect(shiftDate(date, '1 year ago', 'back').toISOString()).toBe('2023-02-28T00:00:00.000Z');
    expect(shiftDate(date, '52 weeks ago', 'back').toISOString()).toBe('2023-03-02T00:00:00.000Z');
    expect(shiftDate(new Date('2023-03-02T00:00:00Z'), '52 weeks ago', 'forward').toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('shifts a resolved range and writes it back as text that resolves to the same instants', () => {
    const shifted = shiftTimeRange('Last month', '1 year ago', NOW);
    expect(shifted.since?.toISOString()).toBe('2023-02-15T00:00:00.000Z');
    expect(shifted.until?.toISOString()).toBe('2023-03-15T00:00:00.000Z');
    const text = boundsToTimeRange(shifted);
    expect(text).toBe('2023-02-15T00:00:00 : 2023-03-15T00:00:00');
    expect(resolveTimeRange(text, new Date('2030-01-01T00:00:00Z'))).toEqual(shifted);
    const withMs = { since: new Date('2024-01-01T10:00:00.250Z'), until: null };
    expect(resolveTimeRange(boundsToTimeRange(withMs), NOW)).toEqual(withMs);
    expect(boundsToTimeRange({ since: null, until: null })).toBe('No filter');
  });
});

describe('time offset properties', () => {
  const date = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-12-31T00:00:00Z'), noInvalidDate: true });
  const offset = fc.tuple(fc.integer({ min: 1, max: 400 }), fc.constantFrom('day', 'week', 'month', 'quarter', 'year'), fc.constantFrom('ago', 'later'));

  it('shifting back then forward returns the date unless a month end was clamped', () => {
    fc.assert(
      fc.property(date, offset, (d, [n, unit, way]) => {
        const text = `${n} ${unit}s ${way}`;
        const there = shiftDate(d, text, 'back');
        const back = shiftDate(there, text, 'forward');
        if (d.getUTCDate() <= 28) expect(back.getTime()).toBe(d.getTime());
        else expect(Math.abs(back.getTime() - d.getTime())).toBeLessThanOrEqual(3 * 86_400_000);
        expect(there.getTime() < d.getTime()).toBe(way === 'ago');
      }),
    );
  });

  it('every resolved range is ordered and the shifted range keeps its order', () => {
    const text = fc.constantFrom(
      'Last day',
      'Last week',
      'Last month',
      'Last quarter',
      'Last year',
      'previous calendar month',
      'Current quarter',
      'Last 10 days',
    );
    fc.assert(
      fc.property(date, text, offset, (now, range, [n, unit]) => {
        const bounds = resolveTimeRange(range, now);
        expect(bounds.since!.getTime()).toBeLessThan(bounds.until!.getTime());
        const shifted = shiftTimeRange(range, `${n} ${unit}s ago`, now);
        // Month arithmetic clamps to month ends, so a one-day range can shrink to nothing (Mar 30-31 -> Feb 29).
        expect(shifted.since!.getTime()).toBeLessThanOrEqual(shifted.until!.getTime());
      }),
    );
  });
});
