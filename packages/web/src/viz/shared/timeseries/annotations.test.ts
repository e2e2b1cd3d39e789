import { describe, expect, it } from 'vitest';
import type { FormData } from '@tessera/core';
import { transformProps as transformMixed } from '../../plugins/mixed_timeseries/transformProps';
import { chartProps, chartResult, JAN_2000, JAN_2001, sumNum } from '../testing/fixtures';
import { annotationLegend, annotationSeries, annotationTooltip } from './annotations';
import { transformTimeseries } from './transformTimeseries';

const formData: FormData = { datasource: '3__table', viz_type: 'echarts_timeseries_line', x_axis: 'ds', metrics: [sumNum], groupby: ['gender'], truncate_metric: true };
const goal = { name: 'Goal', annotationType: 'FORMULA', sourceType: '', value: '2*x', show: true, overrides: {} };
const releases = { name: 'Releases', annotationType: 'EVENT', sourceType: 'NATIVE', value: 7, show: true, overrides: {} };
const outages = { name: 'Outages', annotationType: 'INTERVAL', sourceType: 'NATIVE', value: 9, show: true, overrides: {} };
const annotationData = {
  Releases: { records: [{ start_dttm: JAN_2000, end_dttm: JAN_2000, short_descr: 'v1' }] },
  Outages: { records: [{ start_dttm: JAN_2000, end_dttm: JAN_2001, short_descr: 'down' }] },
};
const answer = chartResult([{ ds: JAN_2000, boy: 1, girl: 2 }, { ds: JAN_2001, boy: 3, girl: 4 }], { ds: 2 }, { annotation_data: annotationData });

type Option = { legend: { data: string[] }; series: { name: string; itemStyle?: { color: string }; lineStyle?: { color: string } }[] };
const optionOf = (layers: unknown[]) => transformTimeseries(chartProps({ ...formData, annotation_layers: layers }, [answer]), 'line').echartOptions as unknown as Option;

describe('annotation layers in the legend (Superset extractAnnotationLabels)', () => {
  it('lists a formula layer by its name after the series, in its line colour', () => {
    const option = optionOf([{ ...goal, color: '#ff0000' }]);
    expect(option.legend.data).toEqual(['boy', 'girl', 'Goal']);
    const line = option.series.find((s) => s.name === 'Goal')!;
    expect(line.itemStyle?.color).toBe('#ff0000');
    expect(line.lineStyle?.color).toBe('#ff0000');
  });

  it('neither draws nor lists a hidden layer', () => {
    const option = optionOf([{ ...goal, show: false }]);
    expect(option.legend.data).toEqual(['boy', 'girl']);
    expect(option.series.map((s) => s.name)).toEqual(['boy', 'girl']);
  });

  it('draws event and interval layers as marks without legend entries', () => {
    const option = optionOf([goal, releases, outages]);
    expect(option.series.map((s) => s.name)).toEqual(['boy', 'girl', 'Goal', 'Releases', 'Outages']);
    expect(option.legend.data).toEqual(['boy', 'girl', 'Goal']);
  });

  it('lists formula layers in the mixed chart legend too', () => {
    const mixed = { ...formData, viz_type: 'mixed_timeseries', annotation_layers: [goal, { ...goal, name: 'Floor', show: false }] };
    const { legend } = transformMixed(chartProps(mixed, [answer, answer])).echartOptions as unknown as Option;
    expect(legend.data).toEqual(['boy', 'girl', 'boy', 'girl', 'Goal']);
  });
});

describe('annotation layers read from another chart', () => {
  const deploys = { name: 'Deploys', annotationType: 'EVENT', sourceType: 'table', value: 12, show: true, overrides: {}, timeColumn: 'at', titleColumn: 'what', descriptionColumns: ['who', 'note'] };
  const windows = { ...deploys, name: 'Windows', annotationType: 'INTERVAL', timeColumn: 'from', intervalEndColumn: 'to' };
  const trend = { name: 'Trend', annotationType: 'TIME_SERIES', sourceType: 'echarts_timeseries_line', value: 13, show: true, overrides: {}, color: '#00aa00' };
  const data = {
    Deploys: { records: [{ at: JAN_2000, what: 'v1 <b>', who: 'ann', note: null }, { at: null, what: 'no time' }] },
    Windows: { records: [{ from: '2000-01-01T00:00:00', to: JAN_2001, what: 'freeze', who: 'bob' }] },
    Trend: [
      { key: 'cnt', values: [{ x: JAN_2000, y: 5 }, { x: JAN_2001, y: null }] },
      { key: 'sum', values: [{ x: JAN_2000, y: 7 }] },
    ],
  };
  const form = (layers: unknown[]): FormData => ({ ...formData, annotation_layers: layers });

  it('draws events and intervals from the mapped columns, with titles and descriptions for the tooltip', () => {
    const [event, interval] = annotationSeries(form([deploys, windows]), data, []) as { markLine?: { data: unknown[] }; markArea?: { data: unknown[] } }[];
    expect(event!.markLine!.data).toEqual([{ xAxis: JAN_2000, name: 'v1 <b>', descriptions: ['ann'] }]);
    expect(interval!.markArea!.data).toEqual([[{ xAxis: Date.UTC(2000, 0, 1), name: 'freeze', descriptions: ['bob'] }, { xAxis: JAN_2001 }]]);
    expect(annotationTooltip({ data: { name: 'v1 <b>', descriptions: ['ann', 'line 2'] } })).toBe('<b>v1 &#60;b&#62;</b><br/>ann<br/>line 2');
  });

  it('still reads native records by their own columns', () => {
    const [event] = annotationSeries(form([releases]), annotationData, []) as { markLine: { data: unknown[] } }[];
    expect(event!.markLine.data).toEqual([{ xAxis: JAN_2000, name: 'v1', descriptions: [] }]);
  });

  it('draws a time-series layer as one line per series and lists them in the legend', () => {
    const drawn = annotationSeries(form([trend]), data, []);
    expect(drawn.map((s) => [s.name, s.type, s.data])).toEqual([
      ['cnt', 'line', [[JAN_2000, 5], [JAN_2001, null]]],
      ['sum', 'line', [[JAN_2000, 7]]],
    ]);
    expect(drawn[0]).toMatchObject({ lineStyle: { color: '#00aa00' } });
    expect(annotationLegend(form([trend]), drawn)).toEqual(['cnt', 'sum']);
    // A layer whose data is missing or not a series list draws nothing.
    expect(annotationSeries(form([trend]), { Trend: { records: [] } }, [])).toEqual([]);
  });

  it('lists time-series layers after the chart series in the timeseries chart', () => {
    const answerWithTrend = chartResult([{ ds: JAN_2000, boy: 1, girl: 2 }], { ds: 2 }, { annotation_data: data });
    const option = transformTimeseries(chartProps({ ...formData, annotation_layers: [trend, deploys] }, [answerWithTrend]), 'line').echartOptions as unknown as Option;
    expect(option.legend.data).toEqual(['boy', 'girl', 'cnt', 'sum']);
  });
});
