import type { FormData } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { derivedSeriesColors } from './derivedSeries';
import { buildSeries } from './transformTimeseries';

const fd = (extra: Partial<FormData> = {}): FormData =>
  ({ datasource: '1__table', viz_type: 'echarts_timeseries_line', x_axis: 'ds', comparison_type: 'values', time_compare: ['1 year ago'], ...extra }) as FormData;

describe('derivedSeriesColors', () => {
  it('pairs each shifted series with the series it shifts, by Superset names', () => {
    expect([...derivedSeriesColors(fd(), ['SUM(num)', '1 year ago'])]).toEqual([['1 year ago', 'SUM(num)']]);
    expect([...derivedSeriesColors(fd(), ['SUM(num), boy', 'SUM(num), girl', '1 year ago, boy', '1 year ago, girl'])]).toEqual([
      ['1 year ago, boy', 'SUM(num), boy'],
      ['1 year ago, girl', 'SUM(num), girl'],
    ]);
    expect([...derivedSeriesColors(fd(), ['a', 'b', 'a, 1 year ago', 'b, 1 year ago'])]).toEqual([
      ['a, 1 year ago', 'a'],
      ['b, 1 year ago', 'b'],
    ]);
    expect([...derivedSeriesColors(fd(), ['a, boy', 'a, 1 year ago, boy'])]).toEqual([['a, 1 year ago, boy', 'a, boy']]);
  });

  it('marks nothing without a comparison drawn as actual values', () => {
    expect(derivedSeriesColors(fd({ comparison_type: 'difference' }), ['1 year ago']).size).toBe(0);
    expect(derivedSeriesColors(fd({ time_compare: [] }), ['SUM(num)']).size).toBe(0);
  });
});

describe('buildSeries with a time comparison', () => {
  it('draws the shifted line dashed, in the colour of its original', () => {
    const rows = [
      { ds: 0, 'SUM(num)': 1, '1 year ago': 2 },
      { ds: 1, 'SUM(num)': 3, '1 year ago': 4 },
    ];
    const [actual, shifted] = buildSeries(rows, 'ds', ['SUM(num)', '1 year ago'], true, { kind: 'line', formData: fd() });
    expect(actual!.itemStyle.color).toBe(shifted!.itemStyle.color);
    expect((actual as { lineStyle?: unknown }).lineStyle).toBeUndefined();
    expect((shifted as { lineStyle?: unknown }).lineStyle).toEqual({ type: 'dashed' });
  });
});
