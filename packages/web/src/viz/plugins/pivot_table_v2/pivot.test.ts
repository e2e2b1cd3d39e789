import { describe, expect, it } from 'vitest';
import { pivot } from './pivot';

const records = [
  { state: 'CA', gender: 'boy', year: '2000', 'SUM(num)': 10 },
  { state: 'CA', gender: 'girl', year: '2000', 'SUM(num)': 20 },
  { state: 'CA', gender: 'boy', year: '2001', 'SUM(num)': 5 },
  { state: 'NY', gender: 'girl', year: '2001', 'SUM(num)': 7 },
];

describe('pivot', () => {
  it('crosses row and column keys with totals', () => {
    const r = pivot(records, { rows: ['state'], columns: ['year'], metrics: ['SUM(num)'], metricsLayout: 'COLUMNS', rowTotals: true, colTotals: true });
    expect(r.rowAxis.map((e) => [e.kind, e.labels.join('/')])).toEqual([['data', 'CA'], ['data', 'NY'], ['total', '']]);
    expect(r.colAxis.map((e) => [e.kind, e.labels.join('/'), e.metric])).toEqual([['data', '2000', 'SUM(num)'], ['data', '2001', 'SUM(num)'], ['total', '', 'SUM(num)']]);
    expect(r.values).toEqual([
      [30, 5, 35],
      [null, 7, 7],
      [30, 12, 42],
    ]);
  });
  it('adds subtotals for nested rows and applies the aggregate function', () => {
    const r = pivot(records, { rows: ['state', 'gender'], columns: [], metrics: ['SUM(num)'], metricsLayout: 'COLUMNS', rowSubTotals: true, aggregateFunction: 'Maximum' });
    expect(r.rowAxis.map((e) => `${e.kind}:${e.labels.join('/')}`)).toEqual(['data:CA/boy', 'data:CA/girl', 'subtotal:CA', 'data:NY/girl', 'subtotal:NY']);
    expect(r.values.map((v) => v[0])).toEqual([10, 20, 20, 7, 7]);
  });
  it('puts metrics on rows and orders keys descending', () => {
    const r = pivot(records, { rows: ['state'], columns: [], metrics: ['SUM(num)', 'gender'], metricsLayout: 'ROWS', rowOrder: 'key_z_to_a', aggregateFunction: 'Count' });
    expect(r.rowAxis.map((e) => `${e.metric}:${e.labels[0]}`)).toEqual(['SUM(num):NY', 'SUM(num):CA', 'gender:NY', 'gender:CA']);
    // Non-numeric cells are not counted.
    expect(r.values.map((v) => v[0])).toEqual([1, 3, null, null]);
  });
});
