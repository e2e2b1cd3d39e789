import { describe, expect, it } from 'vitest';
import { applyPostProcessing, type FormData } from '@tessera/core';
import { buildQuery as buildMixedQuery } from '../../plugins/mixed_timeseries/buildQuery';
import { chartProps, chartResult, JAN_2000, JAN_2001, sumNum } from '../testing/fixtures';
import { buildTimeseriesQuery } from './buildTimeseriesQuery';
import { transformTimeseries } from './transformTimeseries';

const formData: FormData = { datasource: '3__table', viz_type: 'echarts_timeseries_line', x_axis: 'ds', metrics: [sumNum], groupby: [], truncate_metric: true, time_compare: ['1 year ago'], comparison_type: 'values' };

/** The joined rows the server answers a time-compared query with (the metric and its shifted copy per row). */
const joined = (withGender: boolean) =>
  [JAN_2000, JAN_2001].flatMap((ds, i) =>
    (withGender ? ['boy', 'girl'] : [null]).map((gender) => ({ ds, ...(gender ? { gender } : {}), 'SUM(num)': 10 + i, 'SUM(num)__1 year ago': 5 + i })),
  );

/** Series names as drawn: the query's post-processing applied to the answer, then transformProps. */
function seriesNames(fd: FormData): string[] {
  const query = buildTimeseriesQuery(fd).queries[0]!;
  const rows = joined(!!fd.groupby?.length);
  const processed = applyPostProcessing(rows, query.post_processing ?? [], Object.keys(rows[0]!));
  const result = chartResult(processed.data, { ds: 2 }, { colnames: processed.colnames });
  const { echartOptions } = transformTimeseries(chartProps(fd, [result]), 'line');
  return (echartOptions.series as { name: string }[]).map((s) => s.name);
}

describe('time comparison series names (Superset renameOperator)', () => {
  it('names the shifted series of a single metric by its offset', () => {
    expect(buildTimeseriesQuery(formData).queries[0]!.post_processing!.find((p) => p!.operation === 'rename')?.options).toEqual({
      columns: { 'SUM(num)__1 year ago': '1 year ago' },
      level: 0,
      inplace: true,
    });
    expect(seriesNames(formData)).toEqual(['SUM(num)', '1 year ago']);
  });

  it('keeps the metric and the dimension values with a group-by', () => {
    expect(seriesNames({ ...formData, groupby: ['gender'] })).toEqual(['SUM(num), boy', 'SUM(num), girl', '1 year ago, boy', '1 year ago, girl']);
  });

  it('names derived comparisons by their offset, not the compare column', () => {
    expect(seriesNames({ ...formData, comparison_type: 'ratio' })).toEqual(['1 year ago']);
    expect(seriesNames({ ...formData, comparison_type: 'absolute', groupby: ['gender'] })).toEqual(['1 year ago, boy', '1 year ago, girl']);
  });

  it('says "metric, offset" with several metrics', () => {
    const count = { ...sumNum, column: { column_name: 'cnt' }, label: 'SUM(cnt)' };
    const query = buildTimeseriesQuery({ ...formData, metrics: [sumNum, count] }).queries[0]!;
    expect(query.post_processing!.find((p) => p!.operation === 'rename')?.options).toMatchObject({
      columns: { 'SUM(num)__1 year ago': 'SUM(num), 1 year ago', 'SUM(cnt)__1 year ago': 'SUM(cnt), 1 year ago' },
    });
  });

  it('applies to both queries of the mixed chart', () => {
    const mixed = { ...formData, viz_type: 'mixed_timeseries', metrics_b: [sumNum], groupby_b: [], time_compare_b: ['1 year ago'], comparison_type_b: 'ratio' };
    const [a, b] = buildMixedQuery(mixed).queries;
    expect(a!.post_processing!.find((p) => p!.operation === 'rename')?.options).toMatchObject({ columns: { 'SUM(num)__1 year ago': '1 year ago' } });
    expect(b!.post_processing!.find((p) => p!.operation === 'rename')?.options).toMatchObject({ columns: { 'ratio__SUM(num)__SUM(num)__1 year ago': '1 year ago' } });
  });
});
