import { describe, expect, it } from 'vitest';
import type { FormData } from '@tessera/core';
import { transformProps } from './transformProps';
import { cellBar, pageCount, pageOf, searchRows, sortRows } from './tableUtils';
import { chartProps, chartResult, JAN_2000, sumNum } from '../../shared/testing/fixtures';

const formData: FormData = { datasource: '7__table', viz_type: 'table', groupby: ['name', 'ds'], metrics: [sumNum], percent_metrics: [sumNum], y_axis_format: ',d', table_timestamp_format: '%Y-%m-%d' };
const result = chartResult(
  [
    { name: 'Anna', ds: JAN_2000, 'SUM(num)': 1500, '%SUM(num)': 0.75 },
    { name: 'Bob', ds: JAN_2000, 'SUM(num)': -500, '%SUM(num)': -0.25 },
    { name: null, ds: JAN_2000, 'SUM(num)': 1000, '%SUM(num)': 0.5 },
  ],
  { ds: 2 },
);

describe('table transformProps', () => {
  it('lists dimensions, metrics and percent metrics with their formats', () => {
    const props = transformProps(chartProps(formData, [result]));
    expect(props.columns.map((c) => [c.key, c.kind])).toEqual([
      ['name', 'dimension'],
      ['ds', 'dimension'],
      ['SUM(num)', 'metric'],
      ['%SUM(num)', 'percent'],
    ]);
    const [name, ds, metric, percent] = props.columns;
    expect(name!.format(null)).toBe('N/A');
    expect(ds!.format(JAN_2000)).toBe('2000-01-01');
    expect(metric!.format(1500)).toBe('1,500');
    expect(metric!.range).toEqual([-500, 1500]);
    expect(percent!.format(0.75)).toBe('75.000%');
    expect(metric!.align).toBe('right');
    expect(props.filterColumns).toEqual(['name', 'ds']);
  });
  it('shows whole timestamps under the adaptive format: the full date-time in raw mode, the grain bucket in aggregate mode', () => {
    const at = Date.UTC(2019, 0, 1, 0, 15);
    const rows = chartResult([{ ds: at, carrier: 'AA' }], { ds: 2 });
    const raw = transformProps(chartProps({ datasource: '7__table', viz_type: 'table', query_mode: 'raw', all_columns: ['ds', 'carrier'], table_timestamp_format: 'smart_date' }, [rows]));
    expect(raw.columns[0]!.format(at)).toBe('2019-01-01 00:15:00');
    const unset = transformProps(chartProps({ datasource: '7__table', viz_type: 'table', query_mode: 'raw', all_columns: ['ds', 'carrier'] }, [rows]));
    expect(unset.columns[0]!.format(Date.UTC(2019, 0, 1))).toBe('2019-01-01 00:00:00');
    const grained = (grain: string) => transformProps(chartProps({ ...formData, time_grain_sqla: grain, table_timestamp_format: 'smart_date' }, [result])).columns[1]!.format(at);
    expect([grained('P1D'), grained('P1M'), grained('P3M'), grained('P1Y'), grained('PT1H'), grained('PT15M')]).toEqual([
      '2019-01-01',
      'Jan 2019',
      '2019 Q1',
      '2019',
      '2019-01-01 00:00',
      '2019-01-01 00:15',
    ]);
    // A chosen format is kept.
    expect(transformProps(chartProps({ ...formData, time_grain_sqla: 'P1M', table_timestamp_format: '%d/%m/%Y' }, [result])).columns[1]!.format(at)).toBe('01/01/2019');
  });
  it('shows a numeric dimension as it is unless its column settings name a format, as Superset does', () => {
    const rows = chartResult([{ year: 2024, 'SUM(num)': 1500 }], { year: 0 });
    const plain = transformProps(chartProps({ datasource: '7__table', viz_type: 'table', groupby: ['year'], metrics: [sumNum] }, [rows]));
    expect(plain.columns[0]!.format(2024)).toBe('2024');
    expect(plain.columns[0]!.numeric).toBe(true);
    expect(plain.columns[1]!.format(1500)).toBe('1.5k');
    // Bars measure metrics, not a grouped-by year.
    expect(plain.columns.map((c) => c.showCellBar)).toEqual([false, true]);
    const configured = transformProps(chartProps({ datasource: '7__table', viz_type: 'table', groupby: ['year'], metrics: [sumNum], column_config: { year: { d3NumberFormat: ',d' } } }, [rows]));
    expect(configured.columns[0]!.format(2024)).toBe('2,024');
  });
  it('reads the row count and totals queries', () => {
    const count = chartResult([{ rowcount: 1234 }]);
    const totals = chartResult([{ 'SUM(num)': 2000 }]);
    const props = transformProps(chartProps({ ...formData, server_pagination: true, show_totals: true }, [result, count, totals]));
    expect(props.rowCount).toBe(1234);
    expect(props.totals).toEqual({ 'SUM(num)': 2000, '%SUM(num)': 1 });
  });
  it('column config overrides formats and verbose names label the headers', () => {
    const props = transformProps({
      ...chartProps({ ...formData, column_config: { 'SUM(num)': { d3NumberFormat: '.3s', horizontalAlign: 'center' } } }, [result]),
      datasource: { id: 7, type: 'table', uid: '7__table', name: 'birth_names', columns: [], metrics: [], verbose_map: { name: 'First name' } },
    });
    expect(props.columns[0]!.label).toBe('First name');
    expect(props.columns[2]!.format(1500)).toBe('1.50k');
    expect(props.columns[2]!.align).toBe('center');
  });
});

describe('table percent metrics of all records', () => {
  it('divides each row by the grand total from the last query', () => {
    const main = chartResult([{ name: 'Anna', 'SUM(num)': 30 }, { name: 'Bob', 'SUM(num)': 10 }]);
    const totals = chartResult([{ 'SUM(num)': 40 }]);
    const grand = chartResult([{ 'SUM(num)': 200 }]);
    const props = transformProps(chartProps({ ...formData, percent_metric_calculation: 'all_records', show_totals: true }, [main, totals, grand]));
    expect(props.rows.map((r) => r['%SUM(num)'])).toEqual([0.15, 0.05]);
    // The summary's share is of the grand total too.
    expect(props.totals).toEqual({ 'SUM(num)': 40, '%SUM(num)': 0.2 });
    expect(props.columns.map((c) => c.key)).toEqual(['name', 'SUM(num)', '%SUM(num)']);
  });
});

describe('table summary and empty answers', () => {
  const totals = chartResult([{ 'SUM(num)': 2000 }]);
  it('the summary of a percent metric is the whole: 100% of the rows', () => {
    const props = transformProps(chartProps({ ...formData, show_totals: true }, [result, totals]));
    expect(props.totals).toEqual({ 'SUM(num)': 2000, '%SUM(num)': 1 });
    expect(props.columns[3]!.format(props.totals!['%SUM(num)'])).toBe('100.000%');
    const zero = transformProps(chartProps({ ...formData, show_totals: true }, [result, chartResult([{ 'SUM(num)': 0 }])]));
    expect(zero.totals!['%SUM(num)']).toBeNull();
  });
  it('no records: no summary row; the row count query still says how many records there are', () => {
    const none = chartResult([], undefined, { colnames: ['name', 'ds', 'SUM(num)', '%SUM(num)'], coltypes: [1, 2, 0, 0] });
    const empty = transformProps(chartProps({ ...formData, show_totals: true }, [none, chartResult([{ 'SUM(num)': null }])]));
    expect(empty.rows).toEqual([]);
    expect(empty.totals).toBeUndefined();
    const paged = transformProps(chartProps({ ...formData, server_pagination: true, show_totals: true }, [none, chartResult([{ rowcount: 0 }]), chartResult([{ 'SUM(num)': null }])]));
    expect(paged.rowCount).toBe(0);
    expect(paged.totals).toBeUndefined();
  });
  it('the server-side search can look in the text dimensions', () => {
    const rows = chartResult([{ name: 'Anna', ds: JAN_2000, flag: true, 'SUM(num)': 1, '%SUM(num)': 1 }], { ds: 2, flag: 3 });
    expect(transformProps(chartProps({ ...formData, groupby: ['name', 'ds', 'flag'] }, [rows])).searchColumns).toEqual(['name']);
    // Before any answer names the types, every declared dimension that is not a number.
    const none = transformProps(chartProps({ ...formData, groupby: ['gender', 'name'] }, [chartResult([])]));
    expect(none.searchColumns).toEqual(['gender', 'name']);
  });
});

describe('table utilities', () => {
  const props = transformProps(chartProps(formData, [result]));
  it('search, sort (nulls last) and paginate', () => {
    expect(searchRows(result.data, props.columns, 'ann').map((r) => r.name)).toEqual(['Anna']);
    expect(sortRows(result.data, { key: 'name', desc: true }).map((r) => r.name)).toEqual(['Bob', 'Anna', null]);
    expect(sortRows(result.data, { key: 'SUM(num)', desc: false }).map((r) => r['SUM(num)'])).toEqual([-500, 1000, 1500]);
    expect(pageOf([1, 2, 3, 4, 5], 1, 2)).toEqual([3, 4]);
    expect(pageCount(5, 2)).toBe(3);
    expect(pageCount(5, 0)).toBe(1);
  });
  it('cell bars start at zero, or at the middle with align +/-', () => {
    expect(cellBar(1500, [-500, 1500], false)).toEqual({ left: 25, width: 75 });
    expect(cellBar(-500, [-500, 1500], false)).toEqual({ left: 0, width: 25 });
    expect(cellBar(-750, [-1500, 1500], true)).toEqual({ left: 25, width: 25 });
  });
});
