import { describe, expect, it } from 'vitest';
import type { FormData, QueryObject } from '../../contracts/chartData.js';
import { renameOperator } from './renameOperator.js';

// The cases of Superset's renameOperator tests (superset-ui-chart-controls test/operators/renameOperator.test.ts).
const formData: FormData = { datasource: '1__table', viz_type: 'echarts_timeseries_line', x_axis: 'dttm', metrics: ['count(*)'], groupby: ['gender'], truncate_metric: true };
const query: QueryObject = { metrics: ['count(*)'], columns: ['gender', 'dttm'], series_columns: ['gender'] };
const compared = (extra: Partial<FormData>, q: Partial<QueryObject> = {}) =>
  renameOperator({ ...formData, ...extra } as FormData, { ...query, time_offsets: extra.time_compare as string[], ...q });
const renames = (columns: Record<string, string | null>) => ({ operation: 'rename', options: { columns, level: 0, inplace: true } });

describe('renameOperator', () => {
  it('drops the metric level of a single metric with dimensions, only with truncate_metric', () => {
    expect(renameOperator(formData, query)).toEqual(renames({ 'count(*)': null }));
    expect(renameOperator({ ...formData, truncate_metric: false }, query)).toBeUndefined();
    expect(renameOperator(formData, { ...query, metrics: [] })).toBeUndefined();
    expect(renameOperator({ ...formData, x_axis: null }, query)).toBeUndefined();
  });

  it('leaves a single metric without dimensions alone unless several time shifts are asked', () => {
    expect(renameOperator(formData, { ...query, columns: [], series_columns: [] })).toBeUndefined();
    expect(renameOperator({ ...formData, time_compare: ['1 year ago', '2 years ago'] }, { ...query, columns: [], series_columns: [] })).toEqual(renames({ 'count(*)': null }));
  });

  it('names "actual values" comparisons by their offset, even without dimensions', () => {
    const values = { comparison_type: 'values', time_compare: ['1 year ago', '1 year later'] };
    const expected = renames({ 'count(*)__1 year ago': '1 year ago', 'count(*)__1 year later': '1 year later' });
    expect(compared(values)).toEqual(expected);
    expect(compared({ ...values, truncate_metric: false }, { columns: [], series_columns: [] })).toEqual(expected);
  });

  it('keeps the metric in the name when several metrics are compared', () => {
    expect(compared({ comparison_type: 'values', time_compare: ['1 year ago'] }, { metrics: ['count(*)', 'sum(sales)'] })).toEqual(
      renames({ 'count(*)__1 year ago': 'count(*), 1 year ago', 'sum(sales)__1 year ago': 'sum(sales), 1 year ago' }),
    );
  });

  it('names derived comparisons by their offset instead of the compare column', () => {
    for (const type of ['absolute', 'percentage', 'ratio']) {
      expect(compared({ comparison_type: type, time_compare: ['1 year ago'] })).toEqual(renames({ [`${type}__count(*)__count(*)__1 year ago`]: '1 year ago' }));
    }
    expect(compared({ comparison_type: 'ratio', time_compare: ['1 year ago'] }, { metrics: ['sum(val)', 'avg(val2)'], columns: [], series_columns: [] })).toEqual(
      renames({ 'ratio__sum(val)__sum(val)__1 year ago': 'sum(val), 1 year ago', 'ratio__avg(val2)__avg(val2)__1 year ago': 'avg(val2), 1 year ago' }),
    );
  });
});
