import { describe, expect, it } from 'vitest';
import type { FormData } from '@tessera/core';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { chartProps, chartResult, JAN_2000, JAN_2001, JAN_2002, sumNum } from '../../shared/testing/fixtures';

const formData: FormData = { datasource: '1__table', viz_type: 'big_number', x_axis: 'ds', time_grain_sqla: 'P1Y', metric: sumNum, compare_lag: '1', compare_suffix: 'over last year' };

describe('big_number buildQuery', () => {
  it('buckets the x axis by the grain and pivots the one metric', () => {
    const query = buildQuery({ ...formData, rolling_type: 'sum', rolling_periods: 2 }).queries[0]!;
    expect(query.columns).toEqual([expect.objectContaining({ columnType: 'BASE_AXIS', timeGrain: 'P1Y', sqlExpression: 'ds' })]);
    expect(query.post_processing!.map((p) => p!.operation)).toEqual(['pivot', 'rolling', 'flatten']);
  });
});

describe('big_number transformProps', () => {
  const result = chartResult(
    [
      { ds: JAN_2002, 'SUM(num)': null },
      { ds: JAN_2000, 'SUM(num)': 1000 },
      { ds: JAN_2001, 'SUM(num)': 1250 },
    ],
    { ds: 2 },
  );
  it('shows the latest non-null value and the change against compare_lag periods before', () => {
    const props = transformProps(chartProps({ ...formData, y_axis_format: ',d', show_timestamp: true }, [result]));
    expect(props.headerText).toBe('1,250');
    expect(props.percentChange).toBeCloseTo(0.25);
    expect(props.subheaderText).toBe('+25.0% over last year');
    expect(props.timestampText).toBe('2001-01-01');
    const series = (props.trendline!.series as { data: unknown[] }[])[0]!;
    expect(series.data).toEqual([[JAN_2000, 1000], [JAN_2001, 1250], [JAN_2002, null]]);
  });
  it('hides the trend line on request and says No data when empty', () => {
    expect(transformProps(chartProps({ ...formData, show_trend_line: false }, [result])).trendline).toBeNull();
    expect(transformProps(chartProps(formData, [chartResult([])])).headerText).toBe('No data');
  });
});

describe('big_number with a time-valued metric', () => {
  it('shows a temporal result (MAX(ds) per year) as a date in the header and the trend tooltip', () => {
    const latest = { expressionType: 'SQL' as const, sqlExpression: 'MAX(ds)', label: 'MAX(ds)' };
    const result = chartResult(
      [
        { ds: JAN_2000, 'MAX(ds)': Date.UTC(2000, 11, 30) },
        { ds: JAN_2001, 'MAX(ds)': Date.UTC(2001, 11, 31) },
      ],
      { ds: 2, 'MAX(ds)': 2 },
    );
    const props = transformProps(chartProps({ ...formData, metric: latest, compare_lag: undefined, time_format: '%Y-%m-%d' }, [result]));
    expect(props.headerText).toBe('2001-12-31');
    const tooltip = props.trendline!.tooltip as { valueFormatter: (v: number) => string };
    expect(tooltip.valueFormatter(Date.UTC(2000, 11, 30))).toBe('2000-12-30');
  });
});
