import { describe, expect, it } from 'vitest';
import type { FormData } from '@tessera/core';
import { buildTimeseriesQuery } from './buildTimeseriesQuery';
import { transformTimeseries } from './transformTimeseries';
import { chartProps, chartResult, JAN_2000, JAN_2001, JAN_2002, sumNum } from '../testing/fixtures';

const formData: FormData = {
  datasource: '3__table',
  viz_type: 'echarts_timeseries_line',
  x_axis: 'ds',
  time_grain_sqla: 'P1Y',
  metrics: [sumNum],
  groupby: ['gender'],
  adhoc_filters: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'state', operator: 'IN', comparator: ['CA', 'NY'] }],
  limit: 10,
  truncate_metric: true,
  row_limit: 10000,
};

describe('buildTimeseriesQuery', () => {
  it('makes x_axis the BASE_AXIS column with the time grain and groupby the series columns', () => {
    const ctx = buildTimeseriesQuery(formData);
    expect(ctx.datasource).toEqual({ id: 3, type: 'table' });
    const [query] = ctx.queries;
    expect(query!.columns).toEqual([{ sqlExpression: 'ds', label: 'ds', isColumnReference: true, expressionType: 'SQL', columnType: 'BASE_AXIS', timeGrain: 'P1Y' }, 'gender']);
    expect(query!.series_columns).toEqual(['gender']);
    expect(query!.series_limit).toBe(10);
    expect(query!.orderby).toEqual([[sumNum, false]]);
    expect(query!.filters).toEqual([{ col: 'state', op: 'IN', val: ['CA', 'NY'] }]);
    expect(query!.post_processing!.map((p) => p!.operation)).toEqual(['pivot', 'rename', 'flatten']);
    expect(query!.post_processing![0]!.options).toMatchObject({ index: ['ds'], columns: ['gender'], aggregates: { 'SUM(num)': { operator: 'mean' } } });
  });

  it('adds rolling, time comparison, resample and contribution in pipeline order', () => {
    const ctx = buildTimeseriesQuery({
      ...formData,
      rolling_type: 'mean',
      rolling_periods: '3',
      min_periods: '1',
      time_compare: ['1 year ago'],
      comparison_type: 'percentage',
      resample_rule: '1D',
      resample_method: 'ffill',
      contributionMode: 'row',
    });
    const query = ctx.queries[0]!;
    expect(query.time_offsets).toEqual(['1 year ago']);
    expect(query.post_processing!.map((p) => p!.operation)).toEqual(['pivot', 'rolling', 'compare', 'resample', 'rename', 'contribution', 'flatten']);
    expect(query.post_processing![1]!.options).toMatchObject({ rolling_type: 'mean', window: 3, min_periods: 1 });
    expect(query.post_processing![2]!.options).toMatchObject({ source_columns: ['SUM(num)'], compare_columns: ['SUM(num)__1 year ago'], compare_type: 'percentage' });
  });

  it('uses cum for cumulative sums', () => {
    const query = buildTimeseriesQuery({ ...formData, rolling_type: 'cumsum' }).queries[0]!;
    expect(query.post_processing!.find((p) => p!.operation === 'cum')!.options).toMatchObject({ operator: 'sum' });
  });
});

describe('transformTimeseries', () => {
  const result = chartResult(
    [
      { ds: JAN_2000, boy: 100, girl: 80 },
      { ds: JAN_2001, boy: 120, girl: null },
      { ds: JAN_2002, boy: 90, girl: 95 },
    ],
    { ds: 2 },
  );

  it('draws one series per flattened column on a time axis', () => {
    const { echartOptions } = transformTimeseries(chartProps(formData, [result]), 'line');
    const series = echartOptions.series as { name: string; type: string; data: unknown[]; itemStyle: { color: string } }[];
    expect(series.map((s) => s.name)).toEqual(['boy', 'girl']);
    expect(series[0]!.type).toBe('line');
    expect(series[1]!.data).toEqual([[JAN_2000, 80], [JAN_2001, null], [JAN_2002, 95]]);
    expect(series[0]!.itemStyle.color).toBe('#1FA8C9');
    expect((echartOptions.xAxis as { type: string }).type).toBe('time');
    expect((echartOptions.legend as { data: string[] }).data).toEqual(['boy', 'girl']);
  });

  it("heads the tooltip with a date that says its year (2004-02-01, not 'February'), or the chosen format", () => {
    const header = (fd: FormData) => {
      const tooltip = transformTimeseries(chartProps(fd, [result]), 'line').echartOptions.tooltip as { axisPointer: { label: { formatter: (p: { value: number }) => string } } };
      return tooltip.axisPointer.label.formatter({ value: Date.UTC(2004, 1, 1) });
    };
    expect(header({ ...formData, tooltipTimeFormat: 'smart_date' })).toBe('2004-02-01');
    expect(header(formData)).toBe('2004-02-01');
    expect(header({ ...formData, tooltipTimeFormat: '%b %Y' })).toBe('Feb 2004');
  });

  it('formats the y axis with the chosen number format and honours label colors and stacking', () => {
    const { echartOptions } = transformTimeseries(
      chartProps({ ...formData, y_axis_format: ',d', label_colors: { girl: '#ff0000' }, stack: 'Stack', logAxis: true }, [result]),
      'bar',
    );
    const yAxis = echartOptions.yAxis as { type: string; axisLabel: { formatter: (v: number) => string } };
    expect(yAxis.type).toBe('log');
    expect(yAxis.axisLabel.formatter(12345)).toBe('12,345');
    const series = echartOptions.series as { stack?: string; itemStyle: { color: string }; type: string }[];
    expect(series[1]!.itemStyle.color).toBe('#ff0000');
    expect(series.every((s) => s.stack === 'total' && s.type === 'bar')).toBe(true);
  });

  it('uses a category axis for string x values and draws formula annotations', () => {
    const cat = chartResult([{ state: 'CA', 'SUM(num)': 5 }, { state: 'NY', 'SUM(num)': 7 }]);
    const { echartOptions } = transformTimeseries(chartProps({ ...formData, x_axis: 'state', groupby: [] }, [cat]), 'line');
    expect((echartOptions.xAxis as { type: string }).type).toBe('category');
    const withFormula = transformTimeseries(
      chartProps({ ...formData, annotation_layers: [{ name: 'goal', annotationType: 'FORMULA', value: '2*x', show: true }] }, [result]),
      'line',
    );
    const goal = (withFormula.echartOptions.series as { name: string; data: [number, number][] }[]).find((s) => s.name === 'goal')!;
    expect(goal.data[0]).toEqual([JAN_2000, 2 * JAN_2000]);
  });
});

describe('axis bounds', () => {
  it('accept a list or the text of a text control', async () => {
    const { parseBounds } = await import('../props');
    expect(parseBounds([0, 100])).toEqual([0, 100]);
    expect(parseBounds('[10, ]')).toEqual([10, null]);
    expect(parseBounds(' 5 , 50 ')).toEqual([5, 50]);
    expect(parseBounds(undefined)).toEqual([null, null]);
    const { echartOptions } = transformTimeseries(chartProps({ ...formData, y_axis_bounds: '0, 500' }, [chartResult([{ ds: JAN_2000, boy: 1 }], { ds: 2 })]), 'line');
    expect(echartOptions.yAxis).toMatchObject({ min: 0, max: 500 });
  });
});
