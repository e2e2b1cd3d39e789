import { describe, expect, it } from 'vitest';
import { applyPostProcessing } from './applyPostProcessing.js';

const day = (d: string) => Date.parse(`${d}T00:00:00Z`);
const pivotRule = { operation: 'pivot' as const, options: { index: ['ds'], aggregates: { y: { operator: 'mean' } } } };

describe('resample', () => {
  const gappy = [
    { ds: day('2024-01-01'), y: 1 },
    { ds: day('2024-01-02'), y: null },
    { ds: day('2024-01-04'), y: 4 },
  ];
  it('asfreq leaves gaps empty, zero-fill fills every gap', () => {
    const plain = applyPostProcessing(gappy, [pivotRule, { operation: 'resample', options: { rule: '1D', method: 'asfreq' } }]);
    expect(plain.data).toEqual([
      { ds: day('2024-01-01'), y: 1 },
      { ds: day('2024-01-02'), y: null },
      { ds: day('2024-01-03'), y: null },
      { ds: day('2024-01-04'), y: 4 },
    ]);
    const zero = applyPostProcessing(gappy, [pivotRule, { operation: 'resample', options: { rule: '1D', method: 'asfreq', fill_value: 0 } }]);
    expect(zero.data.map((r) => r.y)).toEqual([1, 0, 0, 4]);
  });
  it('refuses a rule that would build more rows than a chart can hold, instead of exhausting memory', () => {
    const years = [
      { ds: day('2019-01-01'), y: 1 },
      { ds: day('2024-01-01'), y: 2 },
    ];
    // One row per second over five years would be 158 million rows.
    expect(() => applyPostProcessing(years, [pivotRule, { operation: 'resample', options: { rule: '1S', method: 'asfreq', fill_value: 0 } }])).toThrow(
      /would produce more than 100,000 rows/,
    );
    // The same range by day is fine.
    expect(applyPostProcessing(years, [pivotRule, { operation: 'resample', options: { rule: '1D', method: 'asfreq' } }]).data).toHaveLength(1827);
  });
  it('ffill and bfill carry values forward / backward', () => {
    const ffill = applyPostProcessing(gappy, [pivotRule, { operation: 'resample', options: { rule: '1D', method: 'ffill' } }]);
    expect(ffill.data.map((r) => r.y)).toEqual([1, 1, 1, 4]);
    const bfill = applyPostProcessing(gappy, [pivotRule, { operation: 'resample', options: { rule: '1D', method: 'bfill' } }]);
    expect(bfill.data.map((r) => r.y)).toEqual([1, 4, 4, 4]);
  });
  it('sums, averages and takes medians per bucket (7D from the first day, month ends for 1M)', () => {
    const daily = Array.from({ length: 10 }, (_, i) => ({ ds: day('2024-01-01') + i * 86_400_000, y: i + 1 }));
    const weekly = applyPostProcessing(daily, [pivotRule, { operation: 'resample', options: { rule: '7D', method: 'sum' } }]);
    expect(weekly.data).toEqual([
      { ds: day('2024-01-01'), y: 28 },
      { ds: day('2024-01-08'), y: 27 },
    ]);
    const monthly = applyPostProcessing(
      [
        { ds: day('2024-01-01'), y: 1 },
        { ds: day('2024-01-31'), y: 3 },
        { ds: day('2024-03-05'), y: 10 },
      ],
      [pivotRule, { operation: 'resample', options: { rule: '1M', method: 'mean' } }],
    );
    expect(monthly.data).toEqual([
      { ds: day('2024-01-31'), y: 2 },
      { ds: day('2024-02-29'), y: null },
      { ds: day('2024-03-31'), y: 10 },
    ]);
    const yearly = applyPostProcessing(
      [
        { ds: day('2022-06-01'), y: 1 },
        { ds: day('2022-07-01'), y: 5 },
        { ds: day('2022-08-01'), y: 2 },
        { ds: day('2024-02-01'), y: 7 },
      ],
      [pivotRule, { operation: 'resample', options: { rule: '1AS', method: 'median' } }],
    );
    expect(yearly.data).toEqual([
      { ds: day('2022-01-01'), y: 2 },
      { ds: day('2023-01-01'), y: null },
      { ds: day('2024-01-01'), y: 7 },
    ]);
  });
  it('buckets by minute and hour from midnight of the first day', () => {
    const t0 = Date.parse('2024-01-01T10:15:30Z');
    const out = applyPostProcessing(
      [
        { ds: t0, y: 1 },
        { ds: t0 + 60_000, y: 2 },
        { ds: t0 + 3_600_000, y: 3 },
      ],
      [pivotRule, { operation: 'resample', options: { rule: '1H', method: 'sum' } }],
    );
    expect(out.data).toEqual([
      { ds: Date.parse('2024-01-01T10:00:00Z'), y: 3 },
      { ds: Date.parse('2024-01-01T11:00:00Z'), y: 3 },
    ]);
    const minutes = applyPostProcessing([{ ds: t0, y: 1 }, { ds: t0 + 120_000, y: 2 }], [pivotRule, { operation: 'resample', options: { rule: '1T', method: 'asfreq', fill_value: 0 } }]);
    expect(minutes.data.map((r) => r.ds)).toEqual([Date.parse('2024-01-01T10:15:00Z'), Date.parse('2024-01-01T10:16:00Z'), Date.parse('2024-01-01T10:17:00Z')]);
    expect(minutes.data.map((r) => r.y)).toEqual([0, 0, 0]);
  });
  it('keeps ISO text timestamps as text and resamples a flat __timestamp result', () => {
    const out = applyPostProcessing(
      [
        { __timestamp: '2024-01-01T00:00:00.000Z', y: 1 },
        { __timestamp: '2024-01-03T00:00:00.000Z', y: 3 },
      ],
      [{ operation: 'resample', options: { rule: '1D', method: 'asfreq', fill_value: 0 } }],
    );
    expect(out.colnames).toEqual(['__timestamp', 'y']);
    expect(out.data).toEqual([
      { __timestamp: '2024-01-01T00:00:00.000Z', y: 1 },
      { __timestamp: '2024-01-02T00:00:00.000Z', y: 0 },
      { __timestamp: '2024-01-03T00:00:00.000Z', y: 3 },
    ]);
    const naive = applyPostProcessing([{ __timestamp: '2024-01-01 00:00:00', y: 1 }, { __timestamp: '2024-01-02 00:00:00', y: 2 }], [
      { operation: 'resample', options: { rule: '1D', method: 'ffill' } },
    ]);
    expect(naive.data[1]).toEqual({ __timestamp: '2024-01-02 00:00:00', y: 2 });
  });
  it('rejects unknown methods, rules and frames without a time index', () => {
    const data = [{ ds: 1, y: 1 }];
    expect(() => applyPostProcessing(data, [pivotRule, { operation: 'resample', options: { rule: '1D', method: 'linear' } }])).toThrow('Resample method should be in');
    expect(() => applyPostProcessing(data, [pivotRule, { operation: 'resample', options: { rule: '1B', method: 'sum' } }])).toThrow('Invalid resample rule');
    expect(() => applyPostProcessing(data, [{ operation: 'resample', options: { rule: '1D', method: 'sum' } }])).toThrow('Resample operation requires DatetimeIndex');
    expect(() => applyPostProcessing([{ ds: 'x', y: 1 }], [pivotRule, { operation: 'resample', options: { rule: '1D', method: 'sum' } }])).toThrow('requires DatetimeIndex');
  });
});
