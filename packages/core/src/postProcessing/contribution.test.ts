import { describe, expect, it } from 'vitest';
import { applyPostProcessing } from './applyPostProcessing.js';

const rows = [
  { ds: '2024-01-01', a: 1, b: 3, label: 'x' },
  { ds: '2024-01-02', a: 3, b: null, label: 'y' },
];

describe('contribution', () => {
  it('divides each numeric cell by its column total by default', () => {
    const out = applyPostProcessing(rows, [{ operation: 'contribution', options: {} }]);
    expect(out.data).toEqual([
      { ds: '2024-01-01', a: 0.25, b: 1, label: 'x' },
      { ds: '2024-01-02', a: 0.75, b: 0, label: 'y' },
    ]);
  });
  it('divides by the row total in row orientation', () => {
    const out = applyPostProcessing(rows, [{ operation: 'contribution', options: { orientation: 'row' } }]);
    expect(out.data.map((r) => [r.a, r.b])).toEqual([
      [0.25, 0.75],
      [1, 0],
    ]);
  });
  it('writes renamed columns next to the originals and validates column names', () => {
    const out = applyPostProcessing(rows, [{ operation: 'contribution', options: { columns: ['a'], rename_columns: ['%a'] } }]);
    expect(out.colnames).toEqual(['ds', 'a', 'b', 'label', '%a']);
    expect(out.data.map((r) => r['%a'])).toEqual([0.25, 0.75]);
    expect(() => applyPostProcessing(rows, [{ operation: 'contribution', options: { columns: ['label'] } }])).toThrow(
      'Column "label" is not numeric or does not exists in the query results.',
    );
    expect(() => applyPostProcessing(rows, [{ operation: 'contribution', options: { columns: ['a'], rename_columns: ['x', 'y'] } }])).toThrow('`rename_columns` must have the same length');
  });
  it('never divides temporal columns, even as epoch numbers', () => {
    const out = applyPostProcessing(
      [
        { ts: 1000, v: 1 },
        { ts: 2000, v: 1 },
      ],
      [{ operation: 'contribution', options: {} }],
      undefined,
      { temporalColumns: ['ts'] },
    );
    expect(out.data).toEqual([
      { ts: 1000, v: 0.5 },
      { ts: 2000, v: 0.5 },
    ]);
  });
  it('totals time-shifted series separately in row orientation', () => {
    const out = applyPostProcessing([{ m: 1, n: 3, 'm__1 year ago': 2, 'n__1 year ago': 2 }], [{ operation: 'contribution', options: { orientation: 'row', time_shifts: ['1 year ago'] } }]);
    expect(out.data).toEqual([{ m: 0.25, n: 0.75, 'm__1 year ago': 0.5, 'n__1 year ago': 0.5 }]);
  });
});
