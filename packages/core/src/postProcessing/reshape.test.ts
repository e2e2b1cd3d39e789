import { describe, expect, it } from 'vitest';
import { applyPostProcessing } from './applyPostProcessing.js';

const long = [
  { ds: 1, g: 'a,b', m: 1 },
  { ds: 1, g: 'c', m: 2 },
  { ds: 2, g: 'c', m: 3 },
];
const pivotRule = { operation: 'pivot' as const, options: { index: ['ds'], columns: ['g'], aggregates: { m: { operator: 'sum' } } } };

describe('sort', () => {
  const rows = [
    { name: 'b', v: 2 },
    { name: 'a', v: null },
    { name: 'c', v: 1 },
    { name: 'd', v: 2 },
  ];
  it('sorts by a column, descending keeps missing values last and ties stable', () => {
    expect(applyPostProcessing(rows, [{ operation: 'sort', options: { by: 'v', ascending: false } }]).data.map((r) => r.name)).toEqual(['b', 'd', 'c', 'a']);
    expect(applyPostProcessing(rows, [{ operation: 'sort', options: { by: ['v', 'name'], ascending: [true, false] } }]).data.map((r) => r.name)).toEqual(['c', 'd', 'b', 'a']);
  });
  it('accepts the legacy columns map', () => {
    expect(applyPostProcessing(rows, [{ operation: 'sort', options: { columns: { name: false } } }]).data.map((r) => r.name)).toEqual(['d', 'c', 'b', 'a']);
  });
  it('sorts the index of a pivoted frame', () => {
    const out = applyPostProcessing(long, [pivotRule, { operation: 'sort', options: { is_sort_index: true, ascending: false } }]);
    expect(out.data.map((r) => r.ds)).toEqual([2, 1]);
  });
  it('needs something to sort by', () => {
    expect(() => applyPostProcessing(rows, [{ operation: 'sort', options: {} }])).toThrow('either sort_index or by should be specified');
  });
});

describe('flatten', () => {
  it('joins levels with ", ", escapes commas in values and resets the index', () => {
    const out = applyPostProcessing(long, [pivotRule, { operation: 'flatten' }]);
    expect(out.colnames).toEqual(['ds', 'm, a\\,b', 'm, c']);
    expect(out.data).toEqual([
      { ds: 1, 'm, a\\,b': 1, 'm, c': 2 },
      { ds: 2, 'm, a\\,b': null, 'm, c': 3 },
    ]);
  });
  it('drops levels before joining', () => {
    const out = applyPostProcessing(long, [pivotRule, { operation: 'flatten', options: { drop_levels: [0] } }]);
    expect(out.colnames).toEqual(['ds', 'a\\,b', 'c']);
  });
  it('leaves a plain table alone', () => {
    const rows = [{ x: 'a,b', y: 1 }];
    expect(applyPostProcessing(rows, [{ operation: 'flatten' }])).toEqual({ data: rows, colnames: ['x', 'y'] });
  });
});

describe('rename', () => {
  it('renames a level value, and null removes it from flattened names', () => {
    const out = applyPostProcessing(long, [pivotRule, { operation: 'rename', options: { columns: { m: null }, level: 0, inplace: true } }, { operation: 'flatten' }]);
    expect(out.colnames).toEqual(['ds', 'a\\,b', 'c']);
    const second = applyPostProcessing(long, [pivotRule, { operation: 'rename', options: { columns: { c: 'see' }, level: 1 } }, { operation: 'flatten' }]);
    expect(second.colnames).toEqual(['ds', 'm, a\\,b', 'm, see']);
  });
  it('renames plain columns', () => {
    expect(applyPostProcessing([{ a: 1 }], [{ operation: 'rename', options: { columns: { a: 'b' } } }]).data).toEqual([{ b: 1 }]);
  });
});
