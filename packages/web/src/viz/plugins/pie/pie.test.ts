import { describe, expect, it } from 'vitest';
import type { FormData } from '@tessera/core';
import { buildQuery } from './buildQuery';
import { formatPieLabel, transformProps } from './transformProps';
import { chartProps, chartResult, sumNum } from '../../shared/testing/fixtures';

const formData: FormData = { datasource: '2__table', viz_type: 'pie', groupby: ['gender'], metric: sumNum, row_limit: 100 };
const result = chartResult([
  { gender: 'boy', 'SUM(num)': 600 },
  { gender: 'girl', 'SUM(num)': 380 },
  { gender: 'other', 'SUM(num)': 12 },
  { gender: null, 'SUM(num)': 8 },
]);

describe('pie buildQuery', () => {
  it('groups by the dimensions and orders by the metric, biggest first', () => {
    const query = buildQuery(formData).queries[0]!;
    expect(query.columns).toEqual(['gender']);
    expect(query.metrics).toEqual([sumNum]);
    expect(query.orderby).toEqual([[sumNum, false]]);
    expect(query.row_limit).toBe(100);
  });
  it('keeps the result order when sorting by metric is off', () => {
    expect(buildQuery({ ...formData, sort_by_metric: false }).queries[0]!.orderby).toEqual([]);
  });
});

describe('pie transformProps', () => {
  it('turns rows into slices with stable colours and a <NULL> label', () => {
    const { echartOptions, total } = transformProps(chartProps(formData, [result]));
    const series = (echartOptions.series as { data: { name: string; value: number; itemStyle: { color: string } }[]; radius: string[] }[])[0]!;
    expect(series.data.map((d) => d.name)).toEqual(['boy', 'girl', 'other', '<NULL>']);
    expect(series.data[0]!.itemStyle.color).toBe('#1FA8C9');
    expect(series.radius).toEqual(['0%', '70%']);
    expect(total).toBe(1000);
  });
  it('merges slices under the Other threshold and makes a donut', () => {
    const { echartOptions } = transformProps(chartProps({ ...formData, threshold_for_other: 5, donut: true, innerRadius: 40 }, [result]));
    const series = (echartOptions.series as { data: { name: string; value: number }[]; radius: string[] }[])[0]!;
    expect(series.data.map((d) => [d.name, d.value])).toEqual([['boy', 600], ['girl', 380], ['Other', 20]]);
    expect(series.radius).toEqual(['40%', '70%']);
  });
  it('hides labels of slices under the label threshold and formats label types', () => {
    const { echartOptions } = transformProps(chartProps({ ...formData, label_type: 'key_percent' }, [result]));
    const label = (echartOptions.series as { label: { formatter: (p: object) => string } }[])[0]!.label;
    expect(label.formatter({ name: 'boy', value: 600, percent: 60 })).toBe('boy: 60.00%');
    expect(label.formatter({ name: 'other', value: 12, percent: 1.2 })).toBe('');
    expect(formatPieLabel('template', 'a', '1', '2%', '{name} is {percent}')).toBe('a is 2%');
  });
});
