import { describe, expect, it } from 'vitest';
import { applyPostProcessing } from './applyPostProcessing.js';

const rows = [
  { ds: 1, count: 10, 'count__1 year ago': 8 },
  { ds: 2, count: 3, 'count__1 year ago': 0 },
  { ds: 3, count: null, 'count__1 year ago': 4 },
];
const rule = (compare_type: string, drop = false) => ({
  operation: 'compare' as const,
  options: { source_columns: ['count'], compare_columns: ['count__1 year ago'], compare_type, drop_original_columns: drop },
});

describe('compare', () => {
  it('computes differences into a derived column', () => {
    const out = applyPostProcessing(rows, [rule('difference')]);
    expect(out.colnames).toEqual(['ds', 'count', 'count__1 year ago', 'difference__count__count__1 year ago']);
    expect(out.data.map((r) => r['difference__count__count__1 year ago'])).toEqual([2, 3, null]);
  });
  it('computes percentage change and ratio rounded to 4 places, missing on division by zero', () => {
    expect(applyPostProcessing(rows, [rule('percentage')]).data.map((r) => r['percentage__count__count__1 year ago'])).toEqual([0.25, null, null]);
    const ratio = applyPostProcessing([{ a: 1, b: 3 }], [{ operation: 'compare', options: { source_columns: ['a'], compare_columns: ['b'], compare_type: 'ratio' } }]);
    expect(ratio.data[0]!['ratio__a__b']).toBe(0.3333);
  });
  it('drops the original columns when asked', () => {
    expect(applyPostProcessing(rows, [rule('ratio', true)]).colnames).toEqual(['ds', 'ratio__count__count__1 year ago']);
  });
  it('works on pivoted columns, series by series', () => {
    const long = [
      { ds: 1, g: 'a', m: 4, 'm__1 week ago': 2 },
      { ds: 1, g: 'b', m: 9, 'm__1 week ago': 3 },
    ];
    const out = applyPostProcessing(long, [
      { operation: 'pivot', options: { index: ['ds'], columns: ['g'], aggregates: { m: { operator: 'mean' }, 'm__1 week ago': { operator: 'mean' } } } },
      { operation: 'compare', options: { source_columns: ['m'], compare_columns: ['m__1 week ago'], compare_type: 'difference', drop_original_columns: true } },
    ]);
    expect(out.data).toEqual([{ ds: 1, 'difference__m__m__1 week ago, a': 2, 'difference__m__m__1 week ago, b': 6 }]);
  });
  it('validates its options', () => {
    expect(() => applyPostProcessing(rows, [{ operation: 'compare', options: { source_columns: ['count'], compare_columns: [], compare_type: 'ratio' } }])).toThrow(
      '`compare_columns` must have the same length as `source_columns`.',
    );
    expect(() => applyPostProcessing(rows, [rule('values')])).toThrow('`compare_type` must be `difference`, `percentage` or `ratio`');
  });
});
