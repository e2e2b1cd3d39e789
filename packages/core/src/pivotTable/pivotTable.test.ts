import { describe, expect, it } from 'vitest';
import { PIVOT_AGGREGATE_FUNCTIONS, pivotTable as pivot } from './pivotTable.js';

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
  it('puts a row\'s total in a column and a column\'s total in a row, named after the aggregation, as Superset does', () => {
    const base = { rows: ['state'], columns: ['year'], metrics: ['SUM(num)'], metricsLayout: 'COLUMNS' as const };
    const rowTotals = pivot(records, { ...base, rowTotals: true });
    expect(rowTotals.rowAxis.map((e) => e.kind)).toEqual(['data', 'data']);
    expect(rowTotals.colAxis.map((e) => e.kind)).toEqual(['data', 'data', 'total']);
    expect(rowTotals.values.map((row) => row.at(-1))).toEqual([35, 7]);
    const colTotals = pivot(records, { ...base, colTotals: true, aggregateFunction: 'Maximum' });
    expect(colTotals.rowAxis.map((e) => e.kind)).toEqual(['data', 'data', 'total']);
    // The largest record of each year: 20 (2000), 7 (2001).
    expect(colTotals.values.at(-1)).toEqual([20, 7]);
    expect(colTotals.totalLabel).toBe('Total (Maximum)');
    expect(pivot(records, base).totalLabel).toBe('Total (Sum)');
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
  it('offers every aggregation function of Superset and computes shares of the total, of rows and of columns', () => {
    expect(PIVOT_AGGREGATE_FUNCTIONS).toHaveLength(18);
    const base = { rows: ['state'], columns: ['year'], metrics: ['SUM(num)'], metricsLayout: 'COLUMNS' as const, rowTotals: true, colTotals: true };
    // Sums: CA 30 / 5 (35), NY - / 7 (7), years 30 / 12, total 42.
    expect(pivot(records, { ...base, aggregateFunction: 'Sum as Fraction of Total' }).values).toEqual([
      [30 / 42, 5 / 42, 35 / 42],
      [null, 7 / 42, 7 / 42],
      [30 / 42, 12 / 42, 1],
    ]);
    expect(pivot(records, { ...base, aggregateFunction: 'Sum as Fraction of Rows' }).values[0]).toEqual([30 / 35, 5 / 35, 1]);
    expect(pivot(records, { ...base, aggregateFunction: 'Sum as Fraction of Columns' }).values.map((row) => row[1])).toEqual([5 / 12, 7 / 12, 1]);
    expect(pivot(records, { ...base, aggregateFunction: 'Count as Fraction of Total' }).values[0]).toEqual([2 / 4, 1 / 4, 3 / 4]);
    const stats = (name: string) => pivot(records, { rows: [], columns: [], metrics: ['SUM(num)'], metricsLayout: 'COLUMNS', aggregateFunction: name }).values[0]![0];
    // 10, 20, 5, 7: mean 10.5, squared deviations 133, sample variance 133 / 3.
    expect(stats('Sample Variance')).toBeCloseTo(133 / 3);
    expect(stats('Sample Standard Deviation')).toBeCloseTo(Math.sqrt(133 / 3));
    expect(stats('List Unique Values')).toBe('10, 20, 5, 7');
  });
});
