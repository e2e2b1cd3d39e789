import { describe, expect, it } from 'vitest';
import { applyPostProcessing } from './applyPostProcessing.js';

describe('aggregate', () => {
  it('groups (sorted, missing keys left out) and aggregates like pandas', () => {
    const rows = [
      { g: 'b', v: 1 },
      { g: 'a', v: 2 },
      { g: 'a', v: 4 },
      { g: 'a', v: null },
      { g: null, v: 100 },
    ];
    const out = applyPostProcessing(rows, [
      {
        operation: 'aggregate',
        options: {
          groupby: ['g'],
          aggregates: {
            total: { operator: 'sum', column: 'v' },
            avg: { operator: 'mean', column: 'v' },
            n: { operator: 'count', column: 'v' },
            sd: { operator: 'std', column: 'v' },
            p: { operator: 'percentile', column: 'v', options: { q: 25 } },
          },
        },
      },
    ]);
    expect(out.colnames).toEqual(['g', 'total', 'avg', 'n', 'sd', 'p']);
    expect(out.data).toEqual([
      { g: 'a', total: 6, avg: 3, n: 2, sd: Math.SQRT2, p: 2.5 },
      { g: 'b', total: 1, avg: 1, n: 1, sd: null, p: 1 },
    ]);
  });
  it('without groupby gives one row', () => {
    const out = applyPostProcessing([{ v: 1 }, { v: 5 }], [{ operation: 'aggregate', options: { aggregates: { v: { operator: 'max' } } } }]);
    expect(out.data).toEqual([{ v: 5 }]);
  });
});

describe('boxplot', () => {
  const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 100];
  const rows = values.map((v) => ({ g: 'x', m: v }));
  it('computes Tukey statistics with midpoint quartiles and outliers', () => {
    const out = applyPostProcessing(rows, [{ operation: 'boxplot', options: { groupby: ['g'], metrics: ['m'], whisker_type: 'tukey' } }]);
    expect(out.colnames).toEqual(['g', 'm__mean', 'm__median', 'm__max', 'm__min', 'm__q1', 'm__q3', 'm__count', 'm__outliers']);
    // q1: position 2.25 -> midpoint of 3 and 4; q3: position 6.75 -> midpoint of 7 and 8; IQR 4 -> fences -2.5 and 13.5
    expect(out.data).toEqual([{ g: 'x', m__mean: 14.5, m__median: 5.5, m__max: 9, m__min: 1, m__q1: 3.5, m__q3: 7.5, m__count: 10, m__outliers: [100] }]);
  });
  it('uses the extremes for min/max and interpolated percentiles otherwise', () => {
    const minmax = applyPostProcessing(rows, [{ operation: 'boxplot', options: { metrics: ['m'], whisker_type: 'min/max' } }]);
    expect(minmax.data[0]).toMatchObject({ m__min: 1, m__max: 100, m__outliers: [] });
    const pct = applyPostProcessing(rows, [{ operation: 'boxplot', options: { metrics: ['m'], whisker_type: 'percentile', percentiles: [10, 90] } }]);
    // 10th: position 0.9 -> 1.9; 90th: position 8.1 -> 9 + 0.1 * 91 = 18.1
    expect(pct.data[0]!.m__min).toBeCloseTo(1.9);
    expect(pct.data[0]!.m__max).toBeCloseTo(18.1);
    expect(pct.data[0]!.m__outliers).toEqual([100, 1]);
    expect(() => applyPostProcessing(rows, [{ operation: 'boxplot', options: { metrics: ['m'], whisker_type: 'percentile', percentiles: [90, 10] } }])).toThrow(
      'percentiles must be a list or tuple',
    );
  });
});

describe('histogram', () => {
  const rows = [0, 1, 2, 3, 4, 4, 10].map((v, i) => ({ g: i < 4 ? 'a' : 'b', v }));
  it('counts values in equal bins named like Superset, the last bin closed', () => {
    const out = applyPostProcessing(rows, [{ operation: 'histogram', options: { column: 'v', bins: 5 } }]);
    expect(out.colnames).toEqual(['0.0 - 2.0', '2.0 - 4.0', '4.0 - 6.0', '6.0 - 8.0', '8.0 - 10.0']);
    expect(out.data).toEqual([{ '0.0 - 2.0': 2, '2.0 - 4.0': 2, '4.0 - 6.0': 2, '6.0 - 8.0': 0, '8.0 - 10.0': 1 }]);
  });
  it('groups, accumulates and normalizes', () => {
    const out = applyPostProcessing(rows, [{ operation: 'histogram', options: { column: 'v', groupby: ['g'], bins: 2, cumulative: true } }]);
    expect(out.data).toEqual([
      { g: 'a', '0.0 - 5.0': 4, '5.0 - 10.0': 4 },
      { g: 'b', '0.0 - 5.0': 2, '5.0 - 10.0': 3 },
    ]);
    const norm = applyPostProcessing(rows, [{ operation: 'histogram', options: { column: 'v', bins: 2, normalize: true } }]);
    expect(norm.data).toEqual([{ '0.0 - 5.0': 6 / 7, '5.0 - 10.0': 1 / 7 }]);
  });
  it('widens a single value, ignores missing values and rejects text or bad bins', () => {
    expect(applyPostProcessing([{ v: 3 }, { v: null }], [{ operation: 'histogram', options: { column: 'v', bins: 1 } }]).data).toEqual([{ '2.5 - 3.5': 1 }]);
    expect(() => applyPostProcessing([{ v: 'x' }], [{ operation: 'histogram', options: { column: 'v' } }])).toThrow("Column 'v' contains non-numeric values");
    expect(() => applyPostProcessing([{ v: 1 }], [{ operation: 'histogram', options: { column: 'v', bins: 0 } }])).toThrow('`bins` must be an integer between 1 and 1000');
  });
});

describe('prophet and unknown operations', () => {
  it('fail with a clear message', () => {
    expect(() => applyPostProcessing([{ v: 1 }], [{ operation: 'prophet', options: { periods: 3 } }])).toThrow('Time grain missing');
    expect(() => applyPostProcessing([{ v: 1 }], [{ operation: 'nope' } as never])).toThrow('Unsupported post processing operation: nope');
  });
  it('pass rows through untouched without rules', () => {
    const rows = [{ a: 1 }];
    expect(applyPostProcessing(rows, [null], ['a'])).toEqual({ data: rows, colnames: ['a'] });
  });
});
