import { describe, expect, it } from 'vitest';
import { applyPostProcessing } from './applyPostProcessing.js';
import { PostProcessingError } from './PostProcessingError.js';

const rows = [
  { ds: 2, gender: 'boy', count: 10, sum: 1 },
  { ds: 1, gender: 'girl', count: 5, sum: 2 },
  { ds: 1, gender: 'boy', count: 7, sum: 3 },
  { ds: 2, gender: 'girl', count: null, sum: 4 },
  { ds: 1, gender: null, count: 1, sum: 5 },
];

describe('pivot', () => {
  it('makes one row per index value and one multi-level column per metric and series, sorted', () => {
    const out = applyPostProcessing(rows, [
      { operation: 'pivot', options: { index: ['ds'], columns: ['gender'], aggregates: { count: { operator: 'mean' } } } },
    ]);
    expect(out.colnames).toEqual(['ds', 'count, <NULL>', 'count, boy', 'count, girl']);
    expect(out.data).toEqual([
      { ds: 1, 'count, <NULL>': 1, 'count, boy': 7, 'count, girl': 5 },
      { ds: 2, 'count, <NULL>': null, 'count, boy': 10, 'count, girl': null },
    ]);
  });

  it('refuses a pivot whose table would exceed the cell budget', () => {
    // 4,000 distinct index values x 4,000 distinct series = 16 million cells.
    const wide = Array.from({ length: 4000 }, (_, i) => ({ ds: i, name: `n${i}`, count: 1 }));
    const rule = { operation: 'pivot' as const, options: { index: ['ds'], columns: ['name'], aggregates: { count: { operator: 'sum' } } } };
    expect(() => applyPostProcessing(wide, [rule])).toThrow(PostProcessingError);
    expect(() => applyPostProcessing(wide, [rule])).toThrow(/more than 10,000,000/);
    expect(applyPostProcessing(wide.slice(0, 1000), [rule]).colnames).toHaveLength(1001);
  });

  it('aggregates duplicates with the chosen operator and sorts metric names too', () => {
    const out = applyPostProcessing(
      [
        { x: 'a', v: 1, w: 2 },
        { x: 'a', v: 3, w: null },
        { x: 'b', v: 5, w: 4 },
      ],
      [{ operation: 'pivot', options: { index: ['x'], aggregates: { v_sum: { operator: 'sum', column: 'v' }, a_count: { operator: 'count', column: 'w' } } } }],
    );
    expect(out.colnames).toEqual(['x', 'a_count', 'v_sum']);
    expect(out.data).toEqual([
      { x: 'a', a_count: 1, v_sum: 4 },
      { x: 'b', a_count: 1, v_sum: 5 },
    ]);
  });

  it('drops all-missing series by default and keeps observed ones with drop_missing_columns false', () => {
    const data = [
      { ds: 1, g: 'a', m: 1 },
      { ds: 1, g: 'b', m: null },
      { ds: 2, g: 'a', m: 2 },
    ];
    const rule = (drop: boolean) => [{ operation: 'pivot' as const, options: { index: ['ds'], columns: ['g'], aggregates: { m: { operator: 'mean' } }, drop_missing_columns: drop } }];
    expect(applyPostProcessing(data, rule(true)).colnames).toEqual(['ds', 'm, a']);
    const kept = applyPostProcessing(data, rule(false));
    expect(kept.colnames).toEqual(['ds', 'm, a', 'm, b']);
    expect(kept.data[0]).toEqual({ ds: 1, 'm, a': 1, 'm, b': null });
  });

  it('puts the metric last with combine_value_with_metric', () => {
    const out = applyPostProcessing(rows.slice(0, 3), [
      {
        operation: 'pivot',
        options: { index: ['ds'], columns: ['gender'], aggregates: { count: { operator: 'mean' }, sum: { operator: 'mean' } }, combine_value_with_metric: true },
      },
    ]);
    expect(out.colnames).toEqual(['ds', 'boy, count', 'boy, sum', 'girl, count', 'girl, sum']);
  });

  it('rejects a pivot without index or aggregates, and unknown columns', () => {
    expect(() => applyPostProcessing(rows, [{ operation: 'pivot', options: { index: [], aggregates: { count: { operator: 'mean' } } } }])).toThrow(
      'Pivot operation requires at least one index',
    );
    expect(() => applyPostProcessing(rows, [{ operation: 'pivot', options: { index: ['ds'], aggregates: {} } }])).toThrow('Pivot operation must include at least one aggregate');
    expect(() => applyPostProcessing(rows, [{ operation: 'pivot', options: { index: ['nope'], aggregates: { count: { operator: 'mean' } } } }])).toThrow(PostProcessingError);
    expect(() => applyPostProcessing(rows, [{ operation: 'pivot', options: { index: ['ds'], aggregates: { count: { operator: 'bogus' } } } }])).toThrow('Invalid numpy function: bogus');
  });
});

describe('analytics after a pivot that dropped an empty metric', () => {
  it('computes nothing for the missing metric instead of failing', () => {
    const data = [
      { ds: 1, g: 'a', m: 1, 'm__1 year ago': null },
      { ds: 2, g: 'a', m: 2, 'm__1 year ago': null },
    ];
    const out = applyPostProcessing(data, [
      { operation: 'pivot', options: { index: ['ds'], columns: ['g'], aggregates: { m: { operator: 'mean' }, 'm__1 year ago': { operator: 'mean' } } } },
      { operation: 'cum', options: { operator: 'sum', columns: { m: 'm', 'm__1 year ago': 'm__1 year ago' } } },
      { operation: 'compare', options: { source_columns: ['m'], compare_columns: ['m__1 year ago'], compare_type: 'difference', drop_original_columns: true } },
      { operation: 'flatten' },
    ]);
    expect(out.data).toEqual([
      { ds: 1, 'difference__m__m__1 year ago, a': null },
      { ds: 2, 'difference__m__m__1 year ago, a': null },
    ]);
  });
  it('still fails on a plain result without the column', () => {
    expect(() => applyPostProcessing([{ a: 1 }], [{ operation: 'cum', options: { operator: 'sum', columns: { b: 'b' } } }])).toThrow('Referenced columns not available');
  });
});

describe('empty results', () => {
  it('pivot and flatten an empty result with known columns into an empty table', () => {
    const out = applyPostProcessing([], [{ operation: 'pivot', options: { index: ['ds'], columns: ['g'], aggregates: { m: { operator: 'mean' } } } }, { operation: 'flatten' }], ['ds', 'g', 'm']);
    expect(out).toEqual({ data: [], colnames: ['ds'] });
  });
});
