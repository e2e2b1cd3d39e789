import { describe, expect, it } from 'vitest';
import {
  contributionOperator,
  flattenOperator,
  pivotOperator,
  renameOperator,
  resampleOperator,
  rollingWindowOperator,
  sortOperator,
  timeCompareOperator,
  timeComparePivotOperator,
} from '../chartQuery/operators/index.js';
import type { FormData, QueryObject } from '../contracts/chartData.js';
import { applyPostProcessing } from './applyPostProcessing.js';

const DAY = 86_400_000;
const d = (n: number) => Date.UTC(2024, 0, n);

describe('timeseries pipeline pivot → rolling → compare → resample → rename → contribution → sort → flatten', () => {
  it('runs every step on hand-computed data', () => {
    const rows = [
      { ds: d(1), gender: 'a', m: 1, 'm__1 day ago': 0 },
      { ds: d(1), gender: 'b', m: 3, 'm__1 day ago': 1 },
      { ds: d(2), gender: 'a', m: 2, 'm__1 day ago': 1 },
      { ds: d(2), gender: 'b', m: 5, 'm__1 day ago': 3 },
      { ds: d(4), gender: 'a', m: 4, 'm__1 day ago': 2 },
      { ds: d(4), gender: 'b', m: 7, 'm__1 day ago': 5 },
    ];
    const out = applyPostProcessing(rows, [
      { operation: 'pivot', options: { index: ['ds'], columns: ['gender'], aggregates: { m: { operator: 'mean' }, 'm__1 day ago': { operator: 'mean' } } } },
      // running 2-day sums: m a [1,3,6] b [3,8,12]; shifted a [0,1,3] b [1,4,8]
      { operation: 'rolling', options: { rolling_type: 'sum', window: 2, min_periods: 1, columns: { m: 'm', 'm__1 day ago': 'm__1 day ago' } } },
      // differences: a [1,2,3] b [2,4,4]
      { operation: 'compare', options: { source_columns: ['m'], compare_columns: ['m__1 day ago'], compare_type: 'difference', drop_original_columns: true } },
      // the missing 3rd day appears with zeros
      { operation: 'resample', options: { rule: '1D', method: 'asfreq', fill_value: 0 } },
      { operation: 'rename', options: { columns: { 'difference__m__m__1 day ago': null }, level: 0, inplace: true } },
      { operation: 'contribution', options: { orientation: 'row' } },
      { operation: 'sort', options: { is_sort_index: true, ascending: false } },
      { operation: 'flatten' },
    ]);
    expect(out.colnames).toEqual(['ds', 'a', 'b']);
    expect(out.data).toEqual([
      { ds: d(4), a: 3 / 7, b: 4 / 7 },
      { ds: d(3), a: null, b: null },
      { ds: d(2), a: 1 / 3, b: 2 / 3 },
      { ds: d(1), a: 1 / 3, b: 2 / 3 },
    ]);
    expect(d(3) - d(2)).toBe(DAY);
  });

  it('runs the rules the chartQuery operators build from timeseries form data', () => {
    const formData: FormData = {
      datasource: '1__table',
      viz_type: 'echarts_timeseries_line',
      x_axis: 'ds',
      groupby: ['gender'],
      metrics: ['count'],
      time_compare: ['1 day ago'],
      comparison_type: 'values',
      rolling_type: 'cumsum',
      resample_rule: '1D',
      resample_method: 'zerofill',
      truncate_metric: true,
      contributionMode: 'row',
    };
    const query: QueryObject = { columns: ['ds', 'gender'], series_columns: ['gender'], metrics: ['count'], time_offsets: ['1 day ago'] };
    const rules = [
      timeComparePivotOperator(formData, query) ?? pivotOperator(formData, query),
      rollingWindowOperator(formData, query),
      timeCompareOperator(formData, query),
      resampleOperator(formData, query),
      renameOperator(formData, query),
      contributionOperator(formData, query, query.time_offsets),
      sortOperator(formData, query),
      flattenOperator(formData, query),
    ].map((rule) => rule ?? null);
    expect(rules.map((r) => r?.operation ?? null)).toEqual(['pivot', 'cum', null, 'resample', 'rename', 'contribution', null, 'flatten']);

    const rows = [
      { ds: d(1), gender: 'a', count: 1, 'count__1 day ago': null },
      { ds: d(1), gender: 'b', count: 2, 'count__1 day ago': null },
      { ds: d(2), gender: 'a', count: 3, 'count__1 day ago': 1 },
      { ds: d(2), gender: 'b', count: 1, 'count__1 day ago': 2 },
      { ds: d(4), gender: 'a', count: 2, 'count__1 day ago': null },
      { ds: d(4), gender: 'b', count: 2, 'count__1 day ago': null },
    ];
    const out = applyPostProcessing(rows, rules, ['ds', 'gender', 'count', 'count__1 day ago']);
    // cumulative: a [1,4,6] b [2,3,5]; shifted a [-,1,-] b [-,2,-]; zero-filled to 4 days; each day / its row total
    // Superset keeps the metric in the names beside a shifted metric: 'count, a' next to '1 day ago, a'.
    expect(out.colnames).toEqual(['ds', 'count, a', 'count, b', '1 day ago, a', '1 day ago, b']);
    expect(out.data).toEqual([
      { ds: d(1), 'count, a': 1 / 3, 'count, b': 2 / 3, '1 day ago, a': 0, '1 day ago, b': 0 },
      { ds: d(2), 'count, a': 0.4, 'count, b': 0.3, '1 day ago, a': 0.1, '1 day ago, b': 0.2 },
      { ds: d(3), 'count, a': null, 'count, b': null, '1 day ago, a': null, '1 day ago, b': null },
      { ds: d(4), 'count, a': 6 / 11, 'count, b': 5 / 11, '1 day ago, a': 0, '1 day ago, b': 0 },
    ]);
  });
});
