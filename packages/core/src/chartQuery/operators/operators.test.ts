import { describe, expect, it } from 'vitest';
import type { FormData, QueryObject } from '../../contracts/chartData.js';
import { boxplotOperator, UnsupportedWhiskerError } from './boxplotOperator.js';
import { contributionOperator } from './contributionOperator.js';
import { flattenOperator } from './flattenOperator.js';
import { removeFormDataSuffix, retainFormDataSuffix } from './formDataSuffix.js';
import { histogramOperator } from './histogramOperator.js';
import { pivotOperator } from './pivotOperator.js';
import { prophetOperator } from './prophetOperator.js';
import { resampleOperator } from './resampleOperator.js';
import { rollingWindowOperator } from './rollingWindowOperator.js';
import { sortOperator } from './sortOperator.js';
import { timeCompareOperator } from './timeCompareOperator.js';
import { timeComparePivotOperator } from './timeComparePivotOperator.js';
import { getMetricOffsetsMap, isTimeComparison } from './timeComparison.js';

const fd = (extra: Record<string, unknown> = {}): FormData => ({ datasource: '1__table', viz_type: 'echarts_timeseries_line', x_axis: 'ds', ...extra });
const sum = { expressionType: 'SIMPLE' as const, aggregate: 'SUM' as const, column: { column_name: 'num' } };
const query: QueryObject = { columns: ['ds', 'gender'], series_columns: ['gender'], metrics: ['count', sum] };
const compared: QueryObject = { ...query, metrics: ['count'], time_offsets: ['1 year ago'] };

describe('pivotOperator', () => {
  it('pivots metrics by the series columns on the x-axis', () => {
    expect(pivotOperator(fd(), query)).toEqual({
      operation: 'pivot',
      options: {
        index: ['ds'],
        columns: ['gender'],
        aggregates: { count: { operator: 'mean' }, 'SUM(num)': { operator: 'mean' } },
        drop_missing_columns: true,
      },
    });
  });
  it('keeps empty series when asked, excludes the x-axis from series columns without series_columns', () => {
    const rule = pivotOperator(fd({ show_empty_columns: true }), { columns: ['ds', 'g'], metrics: ['count'] });
    expect(rule?.options).toMatchObject({ columns: ['g'], drop_missing_columns: false });
  });
  it('is skipped without x-axis or metrics', () => {
    expect(pivotOperator(fd({ x_axis: undefined }), query)).toBeUndefined();
    expect(pivotOperator(fd(), { ...query, metrics: [] })).toBeUndefined();
  });
});

describe('time comparison helpers', () => {
  it('maps metric__offset to metric and detects comparison', () => {
    const f = fd({ comparison_type: 'values', time_compare: ['1 year ago', '1 week ago'] });
    expect([...getMetricOffsetsMap(f, compared).entries()]).toEqual([
      ['count__1 year ago', 'count'],
      ['count__1 week ago', 'count'],
    ]);
    expect(isTimeComparison(f, compared)).toBe(true);
    expect(isTimeComparison(f, query)).toBe(false);
    expect(isTimeComparison(fd({ comparison_type: 'bogus' }), compared)).toBe(false);
  });
  it('pivots the metric and its shifted copy', () => {
    const rule = timeComparePivotOperator(fd({ comparison_type: 'values', time_compare: ['1 year ago'] }), compared);
    expect(rule?.options).toMatchObject({ index: ['ds'], columns: ['gender'], aggregates: { count: { operator: 'mean' }, 'count__1 year ago': { operator: 'mean' } } });
    expect(timeComparePivotOperator(fd(), query)).toBeUndefined();
  });
  it('compares only for derived comparison types', () => {
    expect(timeCompareOperator(fd({ comparison_type: 'values', time_compare: ['1 year ago'] }), compared)).toBeUndefined();
    expect(timeCompareOperator(fd({ comparison_type: 'ratio', time_compare: ['1 year ago'] }), compared)).toEqual({
      operation: 'compare',
      options: { source_columns: ['count'], compare_columns: ['count__1 year ago'], compare_type: 'ratio', drop_original_columns: true },
    });
  });
});

describe('rollingWindowOperator', () => {
  it('makes cumsum a cum step', () => {
    expect(rollingWindowOperator(fd({ rolling_type: 'cumsum' }), query)).toEqual({
      operation: 'cum',
      options: { operator: 'sum', columns: { count: 'count', 'SUM(num)': 'SUM(num)' } },
    });
  });
  it('makes mean/sum/std a rolling step with integer window and min periods', () => {
    expect(rollingWindowOperator(fd({ rolling_type: 'mean', rolling_periods: '7', min_periods: '2' }), { metrics: ['count'] })).toEqual({
      operation: 'rolling',
      options: { rolling_type: 'mean', window: 7, min_periods: 2, columns: { count: 'count' } },
    });
    expect(rollingWindowOperator(fd({ rolling_type: 'std', rolling_periods: 'x' }), { metrics: ['count'] })?.options).toMatchObject({ window: 1, min_periods: 0 });
  });
  it('covers shifted columns under time comparison and is skipped for None', () => {
    const rule = rollingWindowOperator(fd({ rolling_type: 'sum', comparison_type: 'values', time_compare: ['1 year ago'] }), compared);
    expect(rule?.options?.columns).toEqual({ count: 'count', 'count__1 year ago': 'count__1 year ago' });
    expect(rollingWindowOperator(fd({ rolling_type: 'None' }), query)).toBeUndefined();
  });
});

describe('resampleOperator', () => {
  it('needs both rule and method; zerofill is asfreq filled with 0', () => {
    expect(resampleOperator(fd({ resample_rule: '1D', resample_method: 'ffill' }))).toEqual({ operation: 'resample', options: { method: 'ffill', rule: '1D', fill_value: null } });
    expect(resampleOperator(fd({ resample_rule: '1D', resample_method: 'zerofill' }))?.options).toEqual({ method: 'asfreq', rule: '1D', fill_value: 0 });
    expect(resampleOperator(fd({ resample_rule: '1D' }))).toBeUndefined();
  });
});

describe('contributionOperator', () => {
  it('follows contributionMode', () => {
    expect(contributionOperator(fd({ contributionMode: 'row' }), query)).toEqual({ operation: 'contribution', options: { orientation: 'row' } });
    expect(contributionOperator(fd({ contributionMode: 'column' }), query, ['1 year ago'])?.options).toEqual({ orientation: 'column', time_shifts: ['1 year ago'] });
    expect(contributionOperator(fd(), query)).toBeUndefined();
  });
});

describe('sortOperator', () => {
  const noGroups = { metrics: ['count'] };
  it('sorts the index for the x-axis and a column for a metric', () => {
    expect(sortOperator(fd({ x_axis_sort: 'ds', x_axis_sort_asc: false }), noGroups)).toEqual({ operation: 'sort', options: { is_sort_index: true, ascending: false } });
    expect(sortOperator(fd({ x_axis_sort: 'count', x_axis_sort_asc: true }), noGroups)).toEqual({ operation: 'sort', options: { by: 'count', ascending: true } });
  });
  it('is skipped with dimensions or an unknown sort key', () => {
    expect(sortOperator(fd({ x_axis_sort: 'count', x_axis_sort_asc: true, groupby: ['g'] }), noGroups)).toBeUndefined();
    expect(sortOperator(fd({ x_axis_sort: 'other', x_axis_sort_asc: true }), noGroups)).toBeUndefined();
  });
});

describe('flatten, boxplot, histogram, prophet', () => {
  it('flatten has no options', () => {
    expect(flattenOperator()).toEqual({ operation: 'flatten' });
  });
  it('boxplot maps whisker choices', () => {
    const q = { metrics: ['count'] };
    expect(boxplotOperator(fd({ whiskerOptions: 'Tukey', groupby: ['g'] }), q)).toEqual({
      operation: 'boxplot',
      options: { groupby: ['g'], metrics: ['count'], whisker_type: 'tukey' },
    });
    expect(boxplotOperator(fd({ whiskerOptions: 'Min/max (no outliers)' }), q)?.options).toMatchObject({ whisker_type: 'min/max', groupby: [] });
    expect(boxplotOperator(fd({ whiskerOptions: '10/90 percentiles' }), q)?.options).toMatchObject({ whisker_type: 'percentile', percentiles: [10, 90] });
    expect(() => boxplotOperator(fd({ whiskerOptions: 'weird' }), q)).toThrow(UnsupportedWhiskerError);
    expect(boxplotOperator(fd(), q)).toBeUndefined();
  });
  it('histogram reads column, groupby and bins with a default of 5', () => {
    expect(histogramOperator(fd({ column: 'age', groupby: ['g'], bins: '10', cumulative: true }))).toEqual({
      operation: 'histogram',
      options: { column: 'age', groupby: ['g'], bins: 10, cumulative: true, normalize: false },
    });
    expect(histogramOperator(fd({ column: 'age', bins: 'x' }))?.options).toMatchObject({ bins: 5, groupby: [] });
    expect(histogramOperator(fd())).toBeUndefined();
  });
  it('prophet only when forecasting is enabled', () => {
    expect(prophetOperator(fd())).toBeUndefined();
    expect(prophetOperator(fd({ forecastEnabled: true, forecastPeriods: '10', forecastInterval: '0.8', time_grain_sqla: 'P1D' }))?.options).toMatchObject({
      periods: 10,
      confidence_interval: 0.8,
      index: 'ds',
      time_grain: 'P1D',
    });
  });
});

describe('form data suffixes', () => {
  const mixed = fd({ metrics: ['a'], metrics_b: ['b'], groupby: ['g'], limit: 10, limit_b: 5, only_b: 1 });
  it('retains the second query controls', () => {
    const b = retainFormDataSuffix(mixed, '_b');
    expect(b.metrics).toEqual(['b']);
    expect(b.limit).toBe(5);
    expect(b.groupby).toEqual(['g']);
    expect(b.only).toBe(1);
    expect(b.metrics_b).toBeUndefined();
  });
  it('removes the second query controls', () => {
    const a = removeFormDataSuffix(mixed, '_b');
    expect(a.metrics).toEqual(['a']);
    expect(a.limit).toBe(10);
    expect('metrics_b' in a).toBe(false);
    expect('only_b' in a).toBe(false);
  });
});
