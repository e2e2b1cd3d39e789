import { describe, expect, it } from 'vitest';
import type { FormData } from '@tessera/core';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { controlPanel } from './controlPanel';
import { chartProps, chartResult, JAN_2000, JAN_2001, sumNum } from '../../shared/testing/fixtures';

const formData: FormData = { datasource: '1__table', viz_type: 'echarts_timeseries_bar', x_axis: 'ds', time_grain_sqla: 'P1Y', metrics: [sumNum], groupby: ['gender'], row_limit: 500, truncate_metric: true };

describe('echarts_timeseries_bar buildQuery', () => {
  it('queries the time-bucketed x axis split by the groupby, pivoted to one column per series', () => {
    const query = buildQuery(formData).queries[0]!;
    expect(query.columns![0]).toMatchObject({ columnType: 'BASE_AXIS', timeGrain: 'P1Y', sqlExpression: 'ds' });
    expect(query.row_limit).toBe(500);
    expect(query.post_processing!.map((p) => p!.operation)).toEqual(['pivot', 'rename', 'flatten']);
  });
  it('declares required metrics and x-axis', () => {
    const controls = controlPanel.sections.flatMap((s) => s.controlSetRows.flat());
    expect(controls.find((c) => c.name === 'metrics')!.validators).toEqual([{ type: 'nonEmpty' }]);
    expect(controls.find((c) => c.name === 'x_axis')!.validators).toEqual([{ type: 'nonEmpty' }]);
  });
});

describe('echarts_timeseries_bar transformProps', () => {
  it('draws the series the chart type calls for', () => {
    const result = chartResult([{ ds: JAN_2000, boy: 100, girl: 80 }, { ds: JAN_2001, boy: 120, girl: 90 }], { ds: 2 });
    const { echartOptions } = transformProps(chartProps({ ...formData, ...{ orientation: 'horizontal' } }, [result]));
    const series = echartOptions.series as { type: string; data: unknown[]; smooth?: boolean; step?: string; areaStyle?: unknown; symbolSize?: number }[];
    expect(series).toHaveLength(2);
    expect(series.every((s) => s.type === 'bar')).toBe(true);
    // Horizontal bars swap the axes: values on x, time on y.
    expect((echartOptions.yAxis as { type: string }).type).toBe('time');
    expect(series[0]!.data[0]).toEqual([100, JAN_2000]);
  });
});

describe('echarts_timeseries_bar formats', () => {
  type Label = { formatter: (p: { value: [unknown, unknown] }) => string };
  type Options = {
    series: { label: Label; tooltip: { valueFormatter: (v: unknown) => string } }[];
    tooltip: { valueFormatter: (v: unknown) => string; axisPointer?: { label: { formatter: (p: { value: unknown }) => string } } };
    xAxis: { type: string; axisLabel: { formatter?: (v: unknown) => string } };
    yAxis: { axisLabel: { formatter: (v: number) => string } };
  };
  const shares = chartResult([{ ds: JAN_2000, boy: 0.5467, girl: 0.4533 }, { ds: JAN_2001, boy: 0.6, girl: 0.4 }], { ds: 2 });
  const draw = (extra: Partial<FormData>, result = shares) => transformProps(chartProps({ ...formData, show_value: true, ...extra }, [result])).echartOptions as unknown as Options;

  it('shows contribution shares as percentages in value labels, tooltips and the axis alike (Superset: ,.0% unless a format is chosen)', () => {
    const options = draw({ contributionMode: 'row' });
    expect(options.series[0]!.label.formatter({ value: [JAN_2000, 0.5467] })).toBe('55%');
    expect(options.series[0]!.tooltip.valueFormatter(0.5467)).toBe('55%');
    expect(options.tooltip.valueFormatter(0.5467)).toBe('55%');
    expect(options.yAxis.axisLabel.formatter(0.5)).toBe('50%');
    const chosen = draw({ contributionMode: 'row', y_axis_format: '.1%' });
    expect(chosen.series[0]!.label.formatter({ value: [JAN_2000, 0.5467] })).toBe('54.7%');
    expect(chosen.tooltip.valueFormatter(0.5467)).toBe('54.7%');
    expect(chosen.yAxis.axisLabel.formatter(0.5)).toBe('50.0%');
  });

  it('labels a time x axis forced to categories with dates, not epoch milliseconds', () => {
    const counts = chartResult([{ ds: JAN_2000, boy: 100, girl: 80 }, { ds: JAN_2001, boy: 120, girl: 90 }], { ds: 2 });
    const options = draw({ xAxisForceCategorical: true, x_axis_time_format: '%Y-%m-%d', tooltipTimeFormat: '%d %b %Y' }, counts);
    expect(options.xAxis.type).toBe('category');
    const category = (options.series[0] as unknown as { data: [string, number][] }).data[0]![0];
    expect(options.xAxis.axisLabel.formatter!(category)).toBe('2000-01-01');
    expect(options.tooltip.axisPointer!.label.formatter({ value: category })).toBe('01 Jan 2000');
    // Warehouses that send ISO text are labelled the same way.
    const iso = chartResult([{ ds: '2001-01-01T00:00:00', boy: 1 }], { ds: 2 });
    const isoOptions = draw({ xAxisForceCategorical: true, x_axis_time_format: '%b %Y' }, iso);
    expect(isoOptions.xAxis.axisLabel.formatter!((isoOptions.series[0] as unknown as { data: [string, number][] }).data[0]![0])).toBe('Jan 2001');
  });
});
