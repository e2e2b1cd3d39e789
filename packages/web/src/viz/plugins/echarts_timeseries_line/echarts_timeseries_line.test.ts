import { describe, expect, it } from 'vitest';
import type { FormData } from '@tessera/core';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { controlPanel } from './controlPanel';
import { LineChart } from 'echarts/charts';
import { chartProps, chartResult, JAN_2000, JAN_2001, sumNum } from '../../shared/testing/fixtures';
import { drawOption, seriesModel } from '../../shared/testing/drawOption';

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

describe('echarts_timeseries_line rich tooltip', () => {
  it('lists the series with a value at the hovered x, each in its format, under the date, as ECharts hands them over', () => {
    // Sparse series, as a group-by of many values gives: 'girl' has nothing in 2001.
    const result = chartResult(
      [
        { ds: JAN_2000, boy: 1234.5, girl: 0.5 },
        { ds: JAN_2001, boy: 2000, girl: null },
      ],
      { ds: 2 },
    );
    const { echartOptions } = transformProps(chartProps({ ...formData, tooltipTimeFormat: '%Y-%m-%d', y_axis_format: ',.1f' }, [result]));
    const chart = drawOption(echartOptions, LineChart);
    const tooltip = echartOptions.tooltip as { trigger: string; formatter: (p: unknown) => string };
    const at = (i: number) => [0, 1].map((s) => ({ ...seriesModel(chart, s).getDataParams(i), axisValue: [JAN_2000, JAN_2001][i] }));
    expect(tooltip.trigger).toBe('axis');
    const markerless = (html: string) => html.replace(/<span[^>]*><\/span>/g, '');
    expect(markerless(tooltip.formatter(at(0)))).toBe('2000-01-01<br/>boy: 1,234.5<br/>girl: 0.5');
    expect(markerless(tooltip.formatter(at(1)))).toBe('2001-01-01<br/>boy: 2,000.0');
    chart.dispose();
    // Without the rich tooltip ECharts shows the hovered point alone, in its series' format.
    const plain = transformProps(chartProps({ ...formData, rich_tooltip: false }, [result])).echartOptions.tooltip as { trigger: string; formatter?: unknown };
    expect(plain).toMatchObject({ trigger: 'item' });
    expect(plain.formatter).toBeUndefined();
  });
});
