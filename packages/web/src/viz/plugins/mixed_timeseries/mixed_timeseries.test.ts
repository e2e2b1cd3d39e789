import { describe, expect, it } from 'vitest';
import type { FormData } from '@tessera/core';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { chartProps, chartResult, JAN_2000, JAN_2001, sumNum } from '../../shared/testing/fixtures';

const countStar = { expressionType: 'SQL' as const, sqlExpression: 'COUNT(*)', label: 'count' };
const formData: FormData = {
  datasource: '1__table',
  viz_type: 'mixed_timeseries',
  x_axis: 'ds',
  time_grain_sqla: 'P1Y',
  metrics: [sumNum],
  groupby: ['gender'],
  metrics_b: [countStar],
  groupby_b: [],
  adhoc_filters_b: [{ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'state', operator: '==', comparator: 'CA' }],
  seriesType: 'line',
  seriesTypeB: 'bar',
  yAxisIndexB: 1,
  show_query_identifiers: true,
};

describe('mixed_timeseries buildQuery', () => {
  it('sends two queries, the second built from the _b keys', () => {
    const [a, b] = buildQuery(formData).queries;
    expect(a!.metrics).toEqual([sumNum]);
    expect(a!.series_columns).toEqual(['gender']);
    expect(a!.filters).toEqual([]);
    expect(b!.metrics).toEqual([countStar]);
    expect(b!.series_columns).toEqual([]);
    expect(b!.filters).toEqual([{ col: 'state', op: '==', val: 'CA' }]);
    expect(b!.columns![0]).toMatchObject({ columnType: 'BASE_AXIS', timeGrain: 'P1Y' });
  });
});

describe('mixed_timeseries transformProps', () => {
  it('draws query A as lines and query B as bars on the secondary axis', () => {
    const a = chartResult([{ ds: JAN_2000, boy: 10, girl: 12 }, { ds: JAN_2001, boy: 11, girl: 9 }], { ds: 2 });
    const b = chartResult([{ ds: JAN_2000, count: 300 }, { ds: JAN_2001, count: 320 }], { ds: 2 });
    const { echartOptions } = transformProps(chartProps(formData, [a, b]));
    const series = echartOptions.series as { name: string; type: string; yAxisIndex: number; itemStyle: { color: string } }[];
    expect(series.map((s) => [s.name, s.type, s.yAxisIndex])).toEqual([
      ['boy (Query A)', 'line', 0],
      ['girl (Query A)', 'line', 0],
      ['count (Query B)', 'bar', 1],
    ]);
    expect(new Set(series.map((s) => s.itemStyle.color)).size).toBe(3);
    expect(echartOptions.yAxis).toHaveLength(2);
  });
});

describe('mixed_timeseries value formats', () => {
  it('formats each query with the format of its axis, and a saved metric with its saved format', () => {
    const saved = { ...formData, metrics: ['avg_delay'], groupby: [], y_axis_format: 'SMART_NUMBER', y_axis_format_secondary: ',.2f' };
    const a = chartResult([{ ds: JAN_2000, avg_delay: 4.2614 }], { ds: 2 });
    const b = chartResult([{ ds: JAN_2000, count: 1234.5 }], { ds: 2 });
    const props = {
      ...chartProps(saved, [a, b]),
      datasource: { id: 7, type: 'table', uid: '7__table', name: 'flights', columns: [], metrics: [], column_formats: { avg_delay: ',.1f' } },
    };
    const series = transformProps(props).echartOptions.series as { name: string; tooltip: { valueFormatter: (v: unknown) => string } }[];
    expect(series.map((s) => [s.name, s.tooltip.valueFormatter([JAN_2000, s.name.startsWith('avg') ? 4.2614 : 1234.5])])).toEqual([
      ['avg_delay (Query A)', '4.3'],
      ['count (Query B)', '1,234.50'],
    ]);
    // The rich tooltip lists both queries' series at the hovered x, each in its own format.
    const tooltip = transformProps(props).echartOptions.tooltip as { formatter: (p: unknown) => string };
    const params = [
      { seriesName: 'avg_delay (Query A)', marker: '', axisValue: JAN_2000, value: [JAN_2000, 4.2614] },
      { seriesName: 'count (Query B)', marker: '', axisValue: JAN_2000, value: [JAN_2000, 1234.5] },
    ];
    expect(tooltip.formatter(params).split('<br/>').slice(1)).toEqual(['avg_delay (Query A): 4.3', 'count (Query B): 1,234.50']);
  });
});

describe('mixed_timeseries time categories', () => {
  it('labels a time x axis forced to categories with dates, not epoch milliseconds', () => {
    const a = chartResult([{ ds: JAN_2000, boy: 10 }, { ds: JAN_2001, boy: 11 }], { ds: 2 });
    const b = chartResult([{ ds: JAN_2000, count: 300 }, { ds: JAN_2001, count: 320 }], { ds: 2 });
    const { echartOptions } = transformProps(chartProps({ ...formData, xAxisForceCategorical: true, x_axis_time_format: '%Y-%m-%d', tooltipTimeFormat: '%d %b %Y' }, [a, b]));
    const xAxis = echartOptions.xAxis as { type: string; axisLabel: { formatter?: (v: unknown) => string } };
    const tooltip = echartOptions.tooltip as { axisPointer?: { label: { formatter: (p: { value: unknown }) => string } } };
    const category = (echartOptions.series as { data: [string, number][] }[])[0]!.data[1]![0];
    expect(xAxis.type).toBe('category');
    expect(xAxis.axisLabel.formatter?.(category)).toBe('2001-01-01');
    expect(tooltip.axisPointer?.label.formatter({ value: category })).toBe('01 Jan 2001');
  });
});
