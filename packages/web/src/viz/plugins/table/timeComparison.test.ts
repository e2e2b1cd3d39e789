import { describe, expect, it } from 'vitest';
import type { FormData } from '@tessera/core';
import { chartProps, chartResult, sumNum } from '../../shared/testing/fixtures';
import { sortRows } from './tableUtils';
import { comparisonValues } from './timeComparison';
import { transformProps } from './transformProps';

const formData: FormData = { datasource: '7__table', viz_type: 'table', groupby: ['name'], metrics: [sumNum], y_axis_format: ',d', time_compare: '1 year ago' };
const PRIOR = 'SUM(num)__1 year ago';
const result = chartResult([
  { name: 'Anna', 'SUM(num)': 150, [PRIOR]: 100 },
  { name: 'Bob', 'SUM(num)': 50, [PRIOR]: 0 },
  { name: 'Cid', 'SUM(num)': 80, [PRIOR]: 160 },
  { name: 'Dee', 'SUM(num)': 30, [PRIOR]: null },
]);

describe('table time comparison', () => {
  it('differences and percentage changes follow Superset (missing counts as 0, from or to 0 is ±100%)', () => {
    expect(comparisonValues(150, 100)).toEqual({ main: 150, value: 100, difference: 50, percent: 0.5 });
    expect(comparisonValues(80, -160)).toEqual({ main: 80, value: -160, difference: 240, percent: 1.5 });
    expect(comparisonValues(50, null)).toEqual({ main: 50, value: 0, difference: 50, percent: 1 });
    expect(comparisonValues(0, 20)).toEqual({ main: 0, value: 20, difference: -20, percent: -1 });
    expect(comparisonValues(0, 0)).toMatchObject({ percent: 0 });
    expect(comparisonValues(undefined, null)).toEqual({ main: null, value: null, difference: null, percent: null });
  });

  it('shows each metric as Main, #, △ and % under its name, and hides the joined column', () => {
    const props = transformProps({
      ...chartProps(formData, [result]),
      datasource: { id: 7, type: 'table', uid: '7__table', name: 'births', columns: [], metrics: [], verbose_map: { 'SUM(num)': 'Births' } },
    });
    expect(props.columns.map((c) => [c.key, c.label, c.comparison?.group ?? null])).toEqual([
      ['name', 'name', null],
      ['Main SUM(num)', 'Main', 'Births'],
      ['# SUM(num)', '#', 'Births'],
      ['△ SUM(num)', '△', 'Births'],
      ['% SUM(num)', '%', 'Births'],
    ]);
    expect(props.rows.map((r) => [r.name, r['Main SUM(num)'], r['# SUM(num)'], r['△ SUM(num)'], r['% SUM(num)']])).toEqual([
      ['Anna', 150, 100, 50, 0.5],
      ['Bob', 50, 0, 50, 1],
      ['Cid', 80, 160, -80, -0.5],
      ['Dee', 30, 0, 30, 1],
    ]);
    const [, main, , diff, percent] = props.columns;
    expect(main!.format(1500)).toBe('1,500');
    expect(diff!.format(-80)).toBe('\u221280');
    expect(percent!.format(-0.5)).toBe('\u221250.000%');
    expect(diff!.range).toEqual([-80, 50]);
    expect(props.filterColumns).toEqual(['name']);
    expect(props.comparisonColor).toBe(false);
    expect(transformProps(chartProps({ ...formData, comparison_color_enabled: true }, [result])).comparisonColor).toBe(true);
  });

  it('compares the totals row and sorts by the new columns', () => {
    const totals = chartResult([{ 'SUM(num)': 310, [PRIOR]: 260 }]);
    const props = transformProps(chartProps({ ...formData, show_totals: true }, [result, totals]));
    expect(props.totals).toEqual({ 'Main SUM(num)': 310, '# SUM(num)': 260, '△ SUM(num)': 50, '% SUM(num)': 50 / 260 });
    expect(sortRows(props.rows, { key: '△ SUM(num)', desc: false }).map((r) => r.name)).toEqual(['Cid', 'Dee', 'Anna', 'Bob']);
    expect(sortRows(props.rows, { key: '% SUM(num)', desc: true }).map((r) => r.name)).toEqual(['Bob', 'Dee', 'Anna', 'Cid']);
  });

  it('compares percent metrics with their shares over the compared period, of the rows or of all records', () => {
    const shares = chartResult([
      { name: 'Anna', 'SUM(num)': 30, [PRIOR]: 10, '%SUM(num)': 0.75, [`%${PRIOR}`]: 0.5 },
      { name: 'Bob', 'SUM(num)': 10, [PRIOR]: 10, '%SUM(num)': 0.25, [`%${PRIOR}`]: 0.5 },
    ]);
    const props = transformProps(chartProps({ ...formData, metrics: [], percent_metrics: [sumNum] }, [shares]));
    expect(props.columns.map((c) => c.key)).toEqual(['name', 'Main %SUM(num)', '# %SUM(num)', '△ %SUM(num)', '% %SUM(num)']);
    expect(props.rows[0]).toMatchObject({ 'Main %SUM(num)': 0.75, '# %SUM(num)': 0.5, '△ %SUM(num)': 0.25, '% %SUM(num)': 0.5 });
    expect(props.columns[1]!.format(0.75)).toBe('75.000%');

    const grand = chartResult([{ 'SUM(num)': 100, [PRIOR]: 40 }]);
    const all = transformProps(chartProps({ ...formData, metrics: [], percent_metrics: [sumNum], percent_metric_calculation: 'all_records' }, [shares, grand]));
    expect(all.rows.map((r) => [r['Main %SUM(num)'], r['# %SUM(num)']])).toEqual([
      [0.3, 0.25],
      [0.1, 0.25],
    ]);
  });

  it('is off without a shift and in raw mode', () => {
    expect(transformProps(chartProps({ ...formData, time_compare: null }, [result])).columns.map((c) => c.key)).toEqual(['name', 'SUM(num)', PRIOR]);
    const raw = transformProps(chartProps({ ...formData, query_mode: 'raw', all_columns: ['name'] }, [chartResult([{ name: 'Anna' }])]));
    expect(raw.columns.map((c) => c.key)).toEqual(['name']);
  });
});
