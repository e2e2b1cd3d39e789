import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { chartProps, chartResult, sumNum } from '../../shared/testing/fixtures';

const formData = { datasource: '1__table', viz_type: 'heatmap_v2', x_axis: 'weekday', groupby: ['hour'], metric: sumNum };
const result = chartResult([
  { weekday: 'Mon', hour: '9', 'SUM(num)': 30 },
  { weekday: 'Mon', hour: '10', 'SUM(num)': 10 },
  { weekday: 'Tue', hour: '9', 'SUM(num)': 60 },
]);

describe('heatmap_v2', () => {
  it('queries x and y columns with the metric', () => {
    const q = buildQuery(formData).queries[0]!;
    expect(q.columns).toHaveLength(2);
    expect(q.columns![1]).toBe('hour');
    expect(q.metrics).toEqual([sumNum]);
  });
  it('places cells on category indices with a value-ranged visual map', () => {
    const { echartOptions } = transformProps(chartProps(formData, [result]));
    expect((echartOptions.xAxis as { data: string[] }).data).toEqual(['Mon', 'Tue']);
    expect((echartOptions.yAxis as { data: string[] }).data).toEqual(['9', '10']);
    const data = (echartOptions.series as { data: unknown[][] }[])[0]!.data;
    expect(data[2]).toEqual([1, 0, 60, 0.6]);
    expect(echartOptions.visualMap).toMatchObject({ min: 10, max: 60 });
  });
  it('colours cells by the value dimension, not the trailing share', () => {
    const { echartOptions } = transformProps(chartProps(formData, [result]));
    expect(echartOptions.visualMap).toMatchObject({ dimension: 2 });
    const normalized = transformProps(chartProps({ ...formData, normalized: true }, [result])).echartOptions;
    expect(normalized.visualMap).toMatchObject({ dimension: 2, min: 0.1, max: 0.6 });
  });
  it('labels every x category, cutting long ones to their column', () => {
    const many = chartResult(['Classic Cars', 'Motorcycles', 'Planes', 'Ships', 'Trains', 'Trucks and Buses', 'Vintage Cars'].map((weekday) => ({ weekday, hour: '9', 'SUM(num)': 1 })));
    const axisLabel = (echartOptions: Record<string, unknown>) => (echartOptions.xAxis as { axisLabel: Record<string, unknown> }).axisLabel;
    expect(axisLabel(transformProps(chartProps(formData, [many])).echartOptions)).toMatchObject({ interval: 0, overflow: 'truncate', width: 93 });
    expect(axisLabel(transformProps(chartProps({ ...formData, xAxisLabelRotation: 45 }, [many])).echartOptions)).toMatchObject({ interval: 0, rotate: 45 });
  });
  it('normalizes across x and sorts by value', () => {
    const { echartOptions } = transformProps(chartProps({ ...formData, normalized: true, normalize_across: 'x', sort_x_axis: 'value_desc' }, [result]));
    expect((echartOptions.xAxis as { data: string[] }).data).toEqual(['Tue', 'Mon']);
    const data = (echartOptions.series as { data: unknown[][] }[])[0]!.data;
    expect(data[0]).toEqual([1, 0, 0.75, 0.75]);
  });
});
