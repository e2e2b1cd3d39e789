import { describe, expect, it } from 'vitest';
import type { FormData } from '@tessera/core';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { controlPanel } from './controlPanel';
import { chartProps, chartResult, JAN_2000, JAN_2001, sumNum } from '../../shared/testing/fixtures';

const formData: FormData = { datasource: '1__table', viz_type: 'echarts_timeseries_line', x_axis: 'ds', time_grain_sqla: 'P1Y', metrics: [sumNum], groupby: ['gender'], row_limit: 500, truncate_metric: true };

describe('echarts_timeseries_line buildQuery', () => {
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

describe('echarts_timeseries_line transformProps', () => {
  it('draws the series the chart type calls for', () => {
    const result = chartResult([{ ds: JAN_2000, boy: 100, girl: 80 }, { ds: JAN_2001, boy: 120, girl: 90 }], { ds: 2 });
    const { echartOptions } = transformProps(chartProps({ ...formData, ...{} }, [result]));
    const series = echartOptions.series as { type: string; data: unknown[]; smooth?: boolean; step?: string; areaStyle?: unknown; symbolSize?: number }[];
    expect(series).toHaveLength(2);
    expect(series.every((s) => s.type === 'line' && !s.smooth && !s.step)).toBe(true);
    expect(series[0]!.areaStyle).toBeUndefined();
  });
});
