import { describe, expect, it } from 'vitest';
import type { FormData } from '@tessera/core';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { pivotCsv } from './pivotCsv';
import type { ChartProps } from '../../types';
import { plugin } from './index';
import { chartProps, chartResult, JAN_2000, JAN_2001, sumNum } from '../../shared/testing/fixtures';

const formData: FormData = { datasource: '1__table', viz_type: 'pivot_table_v2', groupbyRows: ['state'], groupbyColumns: ['ds'], metrics: [sumNum], valueFormat: ',d', colTotals: true, date_format: '%Y' };

describe('pivot_table_v2 buildQuery', () => {
  it('fetches rows and columns dimensions once each, ordered by the metric', () => {
    const q = buildQuery({ ...formData, groupbyColumns: ['ds', 'state'] }).queries[0]!;
    expect(q.columns).toEqual(['state', 'ds']);
    expect(q.orderby).toEqual([[sumNum, false]]);
  });
});

describe('pivot_table_v2 transformProps', () => {
  const result = chartResult(
    [
      { state: 'CA', ds: JAN_2000, 'SUM(num)': 1000 },
      { state: 'CA', ds: JAN_2001, 'SUM(num)': 1200 },
      { state: 'NY', ds: JAN_2000, 'SUM(num)': 800 },
    ],
    { ds: 2 },
  );
  it('pivots with formatted temporal keys and a totals column', () => {
    const props = transformProps(chartProps({ ...formData, colTotals: false, rowTotals: true }, [result]));
    expect(props.colAxis.map((e) => e.labels.join())).toEqual(['2000', '2001', '']);
    expect(props.values).toEqual([
      [1000, 1200, 2200],
      [800, null, 800],
    ]);
    expect(props.format(2200)).toBe('2,200');
    expect(props.format(null)).toBe('');
  });
  it("heads dimensions and metrics with the dataset's verbose names, keys unchanged", () => {
    const datasource = { verbose_map: { state: 'US state', 'SUM(num)': 'Births' } } as unknown as ChartProps['datasource'];
    const props = transformProps({ ...chartProps({ ...formData, metricsLayout: 'COLUMNS' }, [result]), datasource });
    expect(props.rowHeaders).toEqual(['US state']);
    expect(props.colHeaders).toEqual(['ds']);
    expect(props.metricName('SUM(num)')).toBe('Births');
    expect(props.rowAxis.map((e) => e.labels.join())).toEqual(['CA', 'NY', '']);
    expect(pivotCsv(props).split('\r\n').slice(0, 3)).toEqual(['Metric,Births,Births', 'ds,2000,2001', 'US state,,']);
  });
  it('transposes rows and columns', () => {
    const props = transformProps(chartProps({ ...formData, transposePivot: true, colTotals: false }, [result]));
    expect(props.rowHeaders).toEqual(['ds']);
    expect(props.rowAxis.map((e) => e.labels.join())).toEqual(['2000', '2001']);
  });
});

describe('pivot_table_v2 aggregation formats', () => {
  const records = [
    { state: 'CA', 'SUM(num)': 10 },
    { state: 'CA', 'SUM(num)': 20 },
    { state: 'CA', 'SUM(num)': 5 },
    { state: 'NY', 'SUM(num)': 7 },
  ];
  it('shows fractions as percentages whatever the value format', () => {
    const result = chartResult(records);
    const props = transformProps(chartProps({ datasource: '1__table', viz_type: 'pivot_table_v2', groupbyRows: ['state'], groupbyColumns: [], metrics: ['SUM(num)'], aggregateFunction: 'Sum as Fraction of Total', valueFormat: ',d' }, [result]));
    expect(props.values.map((row) => props.format(row[0]!))).toEqual(['83.3%', '16.7%']);
    const listed = transformProps(chartProps({ datasource: '1__table', viz_type: 'pivot_table_v2', groupbyRows: ['state'], groupbyColumns: [], metrics: ['SUM(num)'], aggregateFunction: 'List Unique Values' }, [result]));
    expect(listed.format(listed.values[0]![0]!)).toBe('10, 20, 5');
  });
});

describe('pivot_table_v2 pivoted CSV', () => {
  const result = chartResult(
    [
      { state: 'CA', ds: JAN_2000, 'SUM(num)': 1000 },
      { state: 'CA', ds: JAN_2001, 'SUM(num)': 1200.5 },
      { state: '=NY', ds: JAN_2000, 'SUM(num)': 800 },
    ],
    { ds: 2 },
  );
  it('puts combined metrics under each key, and the row names beside them', () => {
    const csv = plugin.pivotedCsv!(chartProps({ ...formData, combineMetric: true, colTotals: false }, [result]));
    expect(csv.split('\r\n').slice(0, 2)).toEqual(['ds,2000,2001', 'state,SUM(num),SUM(num)']);
  });
  it('writes the table as drawn: column keys level by level, then each row with its keys and raw values', () => {
    const csv = plugin.pivotedCsv!(chartProps({ ...formData, rowTotals: true, colTotals: true }, [result]));
    expect(csv.split('\r\n')).toEqual([
      // Each metric heads its keys, as Superset draws them unless metrics are combined.
      'Metric,SUM(num),SUM(num),SUM(num)',
      'ds,2000,2001,Total (Sum)',
      // The row dimensions' names get a header row of their own, the last one naming the column dimension.
      'state,,,',
      // A key a spreadsheet would run as a formula is kept as text.
      "'=NY,800,,800",
      'CA,1000,1200.5,2200.5',
      'Total (Sum),1800,1200.5,3000.5',
      '',
    ]);
  });
});
