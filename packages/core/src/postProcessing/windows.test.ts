import { describe, expect, it } from 'vitest';
import { applyPostProcessing } from './applyPostProcessing.js';

const rows = [
  { t: 1, y: 1 },
  { t: 2, y: 2 },
  { t: 3, y: null },
  { t: 4, y: 4 },
  { t: 5, y: 8 },
];
const ys = (data: Record<string, unknown>[], key = 'y') => data.map((r) => r[key]);

describe('rolling', () => {
  it('sums a trailing window skipping missing values, with min_periods', () => {
    const out = applyPostProcessing(rows, [{ operation: 'rolling', options: { rolling_type: 'sum', window: 2, min_periods: 0, columns: { y: 'y' } } }]);
    expect(ys(out.data)).toEqual([1, 3, 2, 4, 12]);
  });
  it('averages and drops the first min_periods - 1 rows like Superset', () => {
    const out = applyPostProcessing(rows, [{ operation: 'rolling', options: { rolling_type: 'mean', window: 3, min_periods: 2, columns: { y: 'avg' } } }]);
    // windows: [1,2]=1.5, [1,2,-]=1.5, [2,-,4]=3, [-,4,8]=6 after dropping row 1
    expect(out.data).toEqual([
      { t: 2, y: 2, avg: 1.5 },
      { t: 3, y: null, avg: 1.5 },
      { t: 4, y: 4, avg: 3 },
      { t: 5, y: 8, avg: 6 },
    ]);
  });
  it('defaults min_periods to the window and uses the sample standard deviation', () => {
    const out = applyPostProcessing(
      [{ y: 2 }, { y: 4 }, { y: 4 }, { y: 4 }],
      [{ operation: 'rolling', options: { rolling_type: 'std', window: 2, min_periods: 1, columns: { y: 's' } } }],
    );
    expect(ys(out.data, 's')).toEqual([null, Math.SQRT2, 0, 0]);
    const strict = applyPostProcessing(rows, [{ operation: 'rolling', options: { rolling_type: 'sum', window: 2, columns: { y: 'y' } } }]);
    expect(ys(strict.data)).toEqual([null, 3, null, null, 12]);
  });
  it('treats cumsum as a running sum and rejects bad windows', () => {
    const out = applyPostProcessing(rows, [{ operation: 'rolling', options: { rolling_type: 'cumsum', columns: { y: 'y' } } }]);
    expect(ys(out.data)).toEqual([1, 3, null, 7, 15]);
    expect(() => applyPostProcessing(rows, [{ operation: 'rolling', options: { rolling_type: 'sum', window: 0, columns: { y: 'y' } } }])).toThrow('Window must be > 0');
    expect(() => applyPostProcessing(rows, [{ operation: 'rolling', options: { rolling_type: 'sum', columns: { y: 'y' } } }])).toThrow('Undefined window');
    expect(() => applyPostProcessing(rows, [{ operation: 'rolling', options: { rolling_type: 'kurt', window: 2, columns: { y: 'y' } } }])).toThrow('Invalid rolling_type');
  });
});

describe('cum', () => {
  it.each([
    ['sum', [1, 3, null, 7, 15]],
    ['prod', [1, 2, null, 8, 64]],
    ['min', [1, 1, null, 1, 1]],
    ['max', [1, 2, null, 4, 8]],
  ])('%s', (operator, expected) => {
    const out = applyPostProcessing(rows, [{ operation: 'cum', options: { operator, columns: { y: 'c' } } }]);
    expect(ys(out.data, 'c')).toEqual(expected);
    expect(ys(out.data)).toEqual([1, 2, null, 4, 8]);
  });
  it('rejects unknown operators', () => {
    expect(() => applyPostProcessing(rows, [{ operation: 'cum', options: { operator: 'avg', columns: { y: 'y' } } }])).toThrow('Invalid cumulative operator: avg');
  });
  it('carries infinity through a running total as pandas does (written as null), not as an empty cell', () => {
    const out = applyPostProcessing([{ x: Infinity }, { x: 5 }, { x: 4 }], [{ operation: 'cum', options: { operator: 'sum', columns: { x: 'x' } } }]);
    expect(ys(out.data, 'x')).toEqual([null, null, null]);
  });
  it('refuses a text column instead of turning it into nulls (rolling, diff alike)', () => {
    const labelled = [{ cat: 'a', y: 1 }, { cat: 'b', y: 2 }];
    expect(() => applyPostProcessing(labelled, [{ operation: 'cum', options: { operator: 'sum', columns: { cat: 'cat' } } }])).toThrow('Column "cat" is not numeric: cum needs numbers');
    expect(() => applyPostProcessing(labelled, [{ operation: 'rolling', options: { rolling_type: 'sum', window: 2, columns: { cat: 'cat' } } }])).toThrow('not numeric');
    expect(() => applyPostProcessing(labelled, [{ operation: 'diff', options: { columns: { cat: 'cat' } } }])).toThrow('not numeric');
  });
});

describe('diff', () => {
  it('subtracts the previous row or periods rows before', () => {
    expect(ys(applyPostProcessing(rows, [{ operation: 'diff', options: { columns: { y: 'd' } } }]).data, 'd')).toEqual([null, 1, null, null, 4]);
    expect(ys(applyPostProcessing(rows, [{ operation: 'diff', options: { columns: { y: 'd' }, periods: 2 } }]).data, 'd')).toEqual([null, null, null, 2, null]);
    expect(ys(applyPostProcessing(rows, [{ operation: 'diff', options: { columns: { y: 'd' }, periods: -1 } }]).data, 'd')).toEqual([-1, null, null, -4, null]);
  });
  it('subtracts across columns with axis 1', () => {
    const out = applyPostProcessing([{ a: 1, b: 5 }], [{ operation: 'diff', options: { columns: { a: 'a', b: 'b' }, axis: 1 } }]);
    expect(out.data).toEqual([{ a: null, b: 4 }]);
  });
});
