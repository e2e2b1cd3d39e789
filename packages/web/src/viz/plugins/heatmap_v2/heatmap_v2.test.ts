import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { chartProps, chartResult, sumNum } from '../../shared/testing/fixtures';
import { textWidth } from '../../shared/props';
import type { ExploreDatasource } from '../../types';

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
  it('labels every x category, flat while neighbours fit and turned 45° when they do not', () => {
    const axisLabel = (xs: string[], fd: Record<string, unknown> = {}, width = 800) => {
      const rows = chartResult(xs.flatMap((weekday) => ['girl', 'boy'].map((hour) => ({ weekday, hour, 'SUM(num)': 1 }))));
      return (transformProps(chartProps({ ...formData, ...fd }, [rows], { width, height: 400 })).echartOptions.xAxis as { axisLabel: Record<string, unknown> }).axisLabel;
    };
    // birth_names by state: 21 two-letter codes and "other" on a 780 px chart, about 32 px a column.
    const states = ['AZ', 'CA', 'FL', 'GA', 'IL', 'IN', 'MA', 'MD', 'MI', 'MO', 'NC', 'NJ', 'NY', 'OH', 'other', 'PA', 'TN', 'TX', 'VA', 'WA', 'WI'];
    const flat = axisLabel(states, {}, 780);
    expect(flat).toMatchObject({ interval: 0, rotate: 0 });
    expect(flat.width).toBeGreaterThanOrEqual(textWidth('other'));
    // Long names would overlap side by side: they turn instead of shrinking to "Cl...".
    const products = ['Classic Cars', 'Motorcycles', 'Planes', 'Ships', 'Trains', 'Trucks and Buses', 'Vintage Cars'];
    expect(axisLabel(products)).toMatchObject({ interval: 0, rotate: 45 });
    expect(axisLabel(products, {}, 1400)).toMatchObject({ interval: 0, rotate: 0 });
    expect(axisLabel(states, { xAxisLabelRotation: 90 }, 780)).toMatchObject({ interval: 0, rotate: 90 });
    // Long y labels leave the x categories less room.
    const longY = transformProps(chartProps({ ...formData, groupby: ['hour'] }, [chartResult(states.map((weekday) => ({ weekday, hour: 'A rather long category name', 'SUM(num)': 1 })))], { width: 780, height: 400 }));
    expect((longY.echartOptions.xAxis as { axisLabel: Record<string, unknown> }).axisLabel).toMatchObject({ rotate: 45 });
  });
  it('normalizes across x and sorts by value', () => {
    const { echartOptions } = transformProps(chartProps({ ...formData, normalized: true, normalize_across: 'x', sort_x_axis: 'value_desc' }, [result]));
    expect((echartOptions.xAxis as { data: string[] }).data).toEqual(['Tue', 'Mon']);
    const data = (echartOptions.series as { data: unknown[][] }[])[0]!.data;
    expect(data[0]).toEqual([1, 0, 0.75, 0.75]);
  });
});

describe('heatmap_v2 formats', () => {
  it('labels a temporal y axis with dates in time order, not epoch milliseconds', () => {
    const rows = chartResult(
      [
        { weekday: 'Mon', ds: Date.UTC(2001, 0, 1), 'SUM(num)': 1 },
        { weekday: 'Mon', ds: Date.UTC(2000, 0, 1), 'SUM(num)': 2 },
        { weekday: 'Tue', ds: Date.UTC(1999, 11, 1), 'SUM(num)': 3 },
      ],
      { ds: 2 },
    );
    const { echartOptions } = transformProps(chartProps({ ...formData, groupby: ['ds'], x_axis_time_format: '%b %Y' }, [rows]));
    expect((echartOptions.yAxis as { data: string[] }).data).toEqual(['Dec 1999', 'Jan 2000', 'Jan 2001']);
    const desc = transformProps(chartProps({ ...formData, groupby: ['ds'], x_axis_time_format: '%b %Y', sort_y_axis: 'alpha_desc' }, [rows])).echartOptions;
    expect((desc.yAxis as { data: string[] }).data).toEqual(['Jan 2001', 'Jan 2000', 'Dec 1999']);
  });
  it("shows a saved metric's format in cell labels, tooltips and the legend (Superset getValueFormatter)", () => {
    const datasource: ExploreDatasource = { id: 7, type: 'table', uid: '7__table', name: 'flights', columns: [], metrics: [], column_formats: { avg_delay: ',.1f' } };
    const rows = chartResult([{ weekday: 'Mon', hour: '9', avg_delay: 4.2614 }]);
    const { echartOptions } = transformProps({ ...chartProps({ ...formData, metric: 'avg_delay', y_axis_format: 'SMART_NUMBER', show_values: true }, [rows]), datasource });
    const series = (echartOptions.series as { label: { formatter: (p: { value: number[] }) => string } }[])[0]!;
    expect(series.label.formatter({ value: [0, 0, 4.2614, 1] })).toBe('4.3');
    const tooltip = echartOptions.tooltip as { formatter: (p: { value: number[] }) => string };
    expect(tooltip.formatter({ value: [0, 0, 4.2614, 1] })).toContain(': 4.3 (');
    expect((echartOptions.visualMap as { formatter: (v: number) => string }).formatter(4.2614)).toBe('4.3');
  });
});
