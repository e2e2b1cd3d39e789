import { describe, expect, it } from 'vitest';
import type { FormData } from '@tessera/core';
import type { ExploreDatasource } from '../types';
import { metricAxisFormatter, metricValueFormatter, seriesMetricFormatter } from './metricFormat';
import { chartProps, chartResult, JAN_2000, JAN_2001, sumNum } from './testing/fixtures';
import { transformProps as bigNumberTotal } from '../plugins/big_number_total/transformProps';
import { transformProps as bigNumber } from '../plugins/big_number/transformProps';
import { transformProps as pie } from '../plugins/pie/transformProps';
import { transformProps as funnel } from '../plugins/funnel/transformProps';
import { transformProps as gauge } from '../plugins/gauge_chart/transformProps';
import { transformProps as line } from '../plugins/echarts_timeseries_line/transformProps';

/** The flights dataset of the audit: `avg_delay` is saved with `,.1f`, `revenue` with a euro currency. */
const flights: ExploreDatasource = {
  id: 7,
  type: 'table',
  uid: '7__table',
  name: 'flights',
  columns: [],
  metrics: [
    { metric_name: 'avg_delay', expression: 'AVG(dep_delay)', d3format: ',.1f' },
    { metric_name: 'revenue', expression: 'SUM(fare)', currency: '{"symbol":"EUR","symbolPosition":"suffix"}' },
  ],
  column_formats: { avg_delay: ',.1f' },
  currency_formats: { revenue: { symbol: 'EUR', symbolPosition: 'suffix' } },
};

const withFlights = (formData: Partial<FormData>, rows: Record<string, unknown>[], coltypes?: Record<string, number>) => ({
  ...chartProps(formData, [chartResult(rows, coltypes)]),
  datasource: flights,
});

type Option = { series: { label: { formatter: (p: unknown) => string }; detail?: { formatter: (v: number) => string } }[]; tooltip: { valueFormatter?: (v: number) => string } };
type AxisOption = { yAxis: { axisLabel: { formatter: (v: number) => string } } };

describe('saved metric formats (Superset getValueFormatter)', () => {
  it('a lone saved metric takes its saved d3 format while the chart keeps the adaptive default', () => {
    expect(metricValueFormatter({ y_axis_format: 'SMART_NUMBER' } as FormData, flights, 'avg_delay')(4.2614)).toBe('4.3');
    expect(metricValueFormatter({} as FormData, flights, ['avg_delay'])(4.2614)).toBe('4.3');
  });
  it('a format the chart chose wins, and ad hoc or several metrics keep the chart format', () => {
    expect(metricValueFormatter({ y_axis_format: '.3f' } as FormData, flights, 'avg_delay')(4.2614)).toBe('4.261');
    expect(metricValueFormatter({ y_axis_format: 'SMART_NUMBER' } as FormData, flights, sumNum)(4.2614)).toBe('4.26');
    expect(metricValueFormatter({ y_axis_format: 'SMART_NUMBER' } as FormData, flights, ['avg_delay', 'revenue'])(4.2614)).toBe('4.26');
  });
  it('a saved currency applies unless the chart names its own', () => {
    expect(metricValueFormatter({ y_axis_format: ',d' } as FormData, flights, 'revenue')(1234)).toBe('1,234 €');
    expect(metricValueFormatter({ y_axis_format: ',d', currency_format: { symbol: 'USD', symbolPosition: 'prefix' } } as FormData, flights, 'revenue')(1234)).toBe('$1,234');
  });
  it('a value axis keeps the chart format unless the saved metric is a currency', () => {
    expect(metricAxisFormatter({ y_axis_format: 'SMART_NUMBER' } as FormData, flights, ['avg_delay'])(4.2614)).toBe('4.26');
    expect(metricAxisFormatter({ y_axis_format: ',d' } as FormData, flights, ['revenue'])(1234)).toBe('1,234 €');
  });
});

describe('charts that format one metric use its saved format', () => {
  const adaptive = { y_axis_format: 'SMART_NUMBER', number_format: 'SMART_NUMBER' };
  it('big number total', () => {
    expect(bigNumberTotal(withFlights({ ...adaptive, viz_type: 'big_number_total', metric: 'avg_delay' }, [{ avg_delay: 4.2614 }])).headerText).toBe('4.3');
  });
  it('big number with trendline, header and tooltip', () => {
    const props = bigNumber(
      withFlights({ ...adaptive, viz_type: 'big_number', metric: 'avg_delay', x_axis: 'ds' }, [
        { ds: JAN_2000, avg_delay: 3.04 },
        { ds: JAN_2001, avg_delay: 4.2614 },
      ], { ds: 2 }),
    );
    expect(props.headerText).toBe('4.3');
    expect((props.trendline as Option).tooltip.valueFormatter!(3.04)).toBe('3.0');
  });
  it('pie, funnel and gauge labels', () => {
    const rows = [{ carrier: 'AA', avg_delay: 4.2614 }];
    const pieOption = pie(withFlights({ ...adaptive, viz_type: 'pie', metric: 'avg_delay', groupby: ['carrier'], label_type: 'value' }, rows)).echartOptions as Option;
    expect(pieOption.series[0]!.label.formatter({ name: 'AA', value: 4.2614, percent: 100 })).toBe('4.3');
    const funnelOption = funnel(withFlights({ ...adaptive, viz_type: 'funnel', metric: 'avg_delay', groupby: ['carrier'], label_type: 'value' }, rows)).echartOptions as Option;
    expect(funnelOption.series[0]!.label.formatter({ dataIndex: 0, name: 'AA', value: 4.2614 })).toBe('4.3');
    const gaugeOption = gauge(withFlights({ ...adaptive, viz_type: 'gauge_chart', metric: 'avg_delay' }, [{ avg_delay: 4.2614 }])).echartOptions as Option;
    expect(gaugeOption.series[0]!.detail!.formatter(4.2614)).toBe('4.3');
  });
  it('timeseries tooltip with one saved metric; its y-axis keeps the chart format as in Superset', () => {
    const option = line(
      withFlights({ ...adaptive, viz_type: 'echarts_timeseries_line', metrics: ['avg_delay'], x_axis: 'ds' }, [
        { ds: JAN_2000, avg_delay: 3.04 },
        { ds: JAN_2001, avg_delay: 4.2614 },
      ], { ds: 2 }),
    ).echartOptions as Option & AxisOption;
    expect(option.tooltip.valueFormatter!(4.2614)).toBe('4.3');
    expect(option.yAxis.axisLabel.formatter(4.2614)).toBe('4.26');
  });
});

describe('several saved metrics: each series keeps its own metric format (Superset buildCustomFormatters)', () => {
  const formData = { y_axis_format: 'SMART_NUMBER', metrics: ['avg_delay', 'revenue', sumNum] } as unknown as FormData;
  const labelMap = { 'avg_delay, AA': ['avg_delay', 'AA'], 'revenue, AA': ['revenue', 'AA'], 'SUM(num), AA': ['SUM(num)', 'AA'] };
  it('finds the metric of a series through label_map, or by its name', () => {
    const formatterOf = seriesMetricFormatter(formData, flights, labelMap);
    expect(formatterOf('avg_delay, AA')?.(4.2614)).toBe('4.3');
    expect(formatterOf('revenue, AA')?.(1234)).toBe('1.23k €');
    expect(formatterOf('avg_delay')?.(4.2614)).toBe('4.3');
    // Ad hoc metrics have nothing saved: the chart's formatter applies.
    expect(formatterOf('SUM(num), AA')).toBeUndefined();
  });
  it('a format the chart chose still wins; one metric uses the chart-wide formatter', () => {
    expect(seriesMetricFormatter({ ...formData, y_axis_format: '.3f' }, flights, labelMap)('avg_delay, AA')?.(4.2614)).toBe('4.261');
    expect(seriesMetricFormatter({ ...formData, metrics: ['avg_delay'] }, flights, labelMap)('avg_delay, AA')).toBeUndefined();
  });
});

describe('a line chart with several saved metrics', () => {
  it('shows each series, in its tooltip and labels, in its own metric format', () => {
    const rows = [{ ds: JAN_2000, avg_delay: 4.2614, revenue: 1234 }];
    const props = withFlights({ viz_type: 'echarts_timeseries_line', x_axis: 'ds', metrics: ['avg_delay', 'revenue'], y_axis_format: 'SMART_NUMBER', show_value: true }, rows, { ds: 2 });
    const series = line(props).echartOptions.series as { name: string; tooltip: { valueFormatter: (v: unknown) => string }; label: { formatter: (p: unknown) => string } }[];
    expect(series.map((s) => [s.name, s.tooltip.valueFormatter([JAN_2000, 4.2614]), s.label.formatter({ value: [JAN_2000, 1234] })])).toEqual([
      ['avg_delay', '4.3', '1,234.0'],
      ['revenue', '4.26 €', '1.23k €'],
    ]);
  });
});

