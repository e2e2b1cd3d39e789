import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery';
import { niceMax, transformProps } from './transformProps';
import { chartProps, chartResult, sumNum } from '../../shared/testing/fixtures';

const formData = { datasource: '1__table', viz_type: 'gauge_chart', groupby: ['gender'], metric: sumNum, row_limit: 10 };

describe('gauge_chart', () => {
  it('asks for the metric per group, largest first', () => {
    const q = buildQuery(formData).queries[0]!;
    expect(q.columns).toEqual(['gender']);
    expect(q.orderby).toEqual([[sumNum, false]]);
    expect(q.row_limit).toBe(10);
  });
  it('one pointer per group; the range defaults to a round max above the data', () => {
    const result = chartResult([{ gender: 'boy', 'SUM(num)': 1234 }, { gender: 'girl', 'SUM(num)': 987 }]);
    const gauge = (transformProps(chartProps(formData, [result])).echartOptions.series as { min: number; max: number; data: { name: string; value: number }[] }[])[0]!;
    expect(gauge.data.map((d) => [d.name, d.value])).toEqual([['boy', 1234], ['girl', 987]]);
    expect([gauge.min, gauge.max]).toEqual([0, 2000]);
    expect(niceMax(87)).toBe(90);
  });
  it('draws interval bands with the picked colours', () => {
    const result = chartResult([{ 'SUM(num)': 50 }]);
    const gauge = (
      transformProps(chartProps({ ...formData, groupby: [], min_val: 0, max_val: 100, intervals: '50,100', interval_color_indices: '3,6' }, [result])).echartOptions.series as {
        axisLine: { lineStyle: { color: [number, string][] } };
      }[]
    )[0]!;
    expect(gauge.axisLine.lineStyle.color).toEqual([[0.5, '#5AC189'], [1, '#E04355']]);
  });
});
