import { describe, expect, it } from 'vitest';
import type { FormData } from '@tessera/core';
import { transformProps as transformMixed } from '../../plugins/mixed_timeseries/transformProps';
import { chartProps, chartResult, JAN_2000, JAN_2001, sumNum } from '../testing/fixtures';
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
