import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery';
import { transformProps, waterfallSteps } from './transformProps';
import { chartProps, chartResult } from '../../shared/testing/fixtures';

const formData = { datasource: '1__table', viz_type: 'waterfall', x_axis: 'quarter', metric: 'profit' };

describe('waterfall', () => {
  it('orders by the x axis', () => {
    const q = buildQuery(formData).queries[0]!;
    expect(q.orderby).toEqual([['quarter', true]]);
    expect(q.metrics).toEqual(['profit']);
  });
  it('computes running totals and a final total', () => {
    expect(waterfallSteps([{ name: 'Q1', value: 10 }, { name: 'Q2', value: -4 }, { name: 'Q3', value: 3 }])).toEqual([
      { name: 'Q1', base: 0, delta: 10, kind: 'increase' },
      { name: 'Q2', base: 10, delta: -4, kind: 'decrease' },
      { name: 'Q3', base: 6, delta: 3, kind: 'increase' },
      { name: 'Total', base: 0, delta: 9, kind: 'total' },
    ]);
  });
  it('stacks an invisible base under increase, decrease and total bars', () => {
    const result = chartResult([{ quarter: 'Q1', profit: 10 }, { quarter: 'Q2', profit: -4 }]);
    const series = transformProps(chartProps(formData, [result])).echartOptions.series as { name: string; data: (number | null)[] }[];
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['assist', [0, 6, 0]],
      ['Increase', [10, null, null]],
      ['Decrease', [null, 4, null]],
      ['Total', [null, null, 6]],
    ]);
  });
  it('pins the legend to one side and moves the grid away from it', () => {
    const result = chartResult([{ quarter: 'Q1', profit: 10 }]);
    const options = (fd: Record<string, unknown>) => transformProps(chartProps({ ...formData, ...fd }, [result])).echartOptions as { legend: Record<string, unknown>; grid: { top: number; bottom: number } };
    const top = options({});
    expect(top.legend).toMatchObject({ show: true, top: 0, data: ['Increase', 'Decrease', 'Total'] });
    expect(top.grid.top).toBeGreaterThan(top.grid.bottom);
    const bottom = options({ legendOrientation: 'bottom' });
    expect(bottom.legend).toMatchObject({ bottom: 0 });
    expect(bottom.legend.top).toBeUndefined();
    expect(bottom.grid.bottom).toBeGreaterThanOrEqual(60);
    expect(options({ show_legend: false }).legend.show).toBe(false);
  });
  it('keeps every x label, turning them 45° when they are too long for their column unless a rotation is chosen', () => {
    const label = (names: string[], fd: Record<string, unknown> = {}) => {
      const result = chartResult(names.map((quarter, i) => ({ quarter, profit: i })));
      return (transformProps(chartProps({ ...formData, ...fd }, [result])).echartOptions.xAxis as { axisLabel: Record<string, unknown> }).axisLabel;
    };
    const many = (prefix: string) => Array.from({ length: 15 }, (_, i) => `${prefix}${i}`);
    expect(label(['Q1', 'Q2', 'Q3', 'Q4'])).toMatchObject({ interval: 0, rotate: 0 });
    // 16 columns (with Total) of 38 px on an 800 px chart: short codes fit flat, longer names turn.
    expect(label(many('S'))).toMatchObject({ interval: 0, rotate: 0 });
    expect(label(many('Quarter '))).toMatchObject({ interval: 0, rotate: 45, overflow: 'truncate' });
    expect(label(many('Quarter '), { xAxisLabelRotation: 90 })).toMatchObject({ interval: 0, rotate: 90 });
  });
});

describe('waterfall labels', () => {
  it('names steps of a temporal breakdown by date, not epoch milliseconds', () => {
    const rows = chartResult([{ quarter: 'Q1', ds: Date.UTC(2000, 0, 1), profit: 5 }], { ds: 2 });
    const { echartOptions } = transformProps(chartProps({ ...formData, groupby: ['ds'], x_axis_time_format: '%Y-%m-%d' }, [rows]));
    expect((echartOptions.xAxis as { data: string[] }).data[0]).toBe('Q1, 2000-01-01');
  });
});
