import { describe, expect, it } from 'vitest';
import type { FormData } from '@tessera/core';
import { transformProps as pieProps } from '../plugins/pie/transformProps';
import { transformProps as treemapProps } from '../plugins/treemap_v2/transformProps';
import { transformProps as funnelProps } from '../plugins/funnel/transformProps';
import { timeseriesCrossFilter } from '../shared/timeseries/transformTimeseries';
import type { ChartProps } from '../types';
import { clickSelection, highlightSelection, UNSELECTED_OPACITY } from './crossFilterClick';

const answer = (data: Record<string, unknown>[], colnames: string[], coltypes: number[]) =>
  ({ data, colnames, coltypes, label_map: {}, rowcount: data.length, applied_filters: [], rejected_filters: [] }) as unknown as ChartProps['queriesData'][number];

const chart = (formData: Record<string, unknown>, data: Record<string, unknown>[], colnames: string[], coltypes: number[]): ChartProps => ({
  formData: { datasource: '1__table', ...formData } as FormData,
  queriesData: [answer(data, colnames, coltypes)],
  width: 400,
  height: 300,
});

type SeriesOf = { series: { data: Record<string, unknown>[] }[] };

describe('cross-filter click mapping', () => {
  it('pie: a slice selects its raw groupby values, an "Other" slice nothing', () => {
    const props = pieProps(
      chart({ viz_type: 'pie', groupby: ['gender', 'is_adult'], metric: 'count' }, [{ gender: 'boy', is_adult: true, count: 5 }, { gender: null, is_adult: false, count: 3 }], ['gender', 'is_adult', 'count'], [1, 3, 0]),
    );
    const [first, second] = (props.echartOptions as SeriesOf).series[0]!.data as { name: string }[];
    expect(clickSelection({ name: first!.name }, props)).toEqual({ columns: ['gender', 'is_adult'], values: ['boy', true], label: 'boy, true' });
    expect(clickSelection({ name: second!.name }, props)).toEqual({ columns: ['gender', 'is_adult'], values: [null, false], label: '<NULL>, false' });
    expect(clickSelection({ name: 'Other' }, props)).toBeNull();
  });

  it('funnel: a stage selects its value; a chart without dimensions selects nothing', () => {
    const props = funnelProps(chart({ viz_type: 'funnel', groupby: ['state'], metric: 'count' }, [{ state: 'CA', count: 9 }], ['state', 'count'], [1, 0]));
    expect(clickSelection({ name: 'CA' }, props)?.values).toEqual(['CA']);
    expect(clickSelection({ name: 'CA' }, { filterColumns: [] })).toBeNull();
  });

  it('treemap: a node selects its path of level values', () => {
    const props = treemapProps(
      chart({ viz_type: 'treemap_v2', groupby: ['gender', 'state'], metric: 'count' }, [{ gender: 'boy', state: 'CA', count: 4 }, { gender: 'girl', state: 'NY', count: 2 }], ['gender', 'state', 'count'], [1, 1, 0]),
    );
    const top = (props.echartOptions as SeriesOf).series[0]!.data[0]!;
    const leaf = (top.children as Record<string, unknown>[])[0]!;
    expect(clickSelection({ name: String(top.name), data: top }, props)).toEqual({ columns: ['gender'], values: ['boy'], label: 'boy' });
    expect(clickSelection({ name: String(leaf.name), data: leaf }, props)).toEqual({ columns: ['gender', 'state'], values: ['boy', 'CA'], label: 'boy, CA' });
  });

  it('timeseries: a point selects its series groupby values (the last parts of label_map); a category axis without groupby its category', () => {
    const bySeries = timeseriesCrossFilter({ groupby: ['gender'] } as unknown as FormData, { boy: ['boy'], 'SUM(num), girl': ['SUM(num)', 'girl'] }, 'ds', true);
    expect(clickSelection({ name: '2004-01-01', seriesName: 'SUM(num), girl' }, bySeries)).toEqual({ columns: ['gender'], values: ['girl'], label: 'girl' });
    expect(clickSelection({ name: '2004-01-01', seriesName: 'boy' }, bySeries)?.values).toEqual(['boy']);
    const byCategory = timeseriesCrossFilter({ groupby: [] } as unknown as FormData, {}, 'state', false);
    expect(clickSelection({ name: 'CA', seriesName: 'count' }, byCategory)).toEqual({ columns: ['state'], values: ['CA'], label: 'CA' });
    expect(timeseriesCrossFilter({ groupby: [] } as unknown as FormData, {}, 'ds', true).filterColumns).toEqual([]);
  });
});

describe('highlightSelection', () => {
  it('dims the slices the cross-filter does not select, and leaves the option alone without one', () => {
    const props = pieProps(chart({ viz_type: 'pie', groupby: ['gender'], metric: 'count' }, [{ gender: 'boy', count: 5 }, { gender: 'girl', count: 3 }], ['gender', 'count'], [1, 0]));
    expect(highlightSelection(props.echartOptions, null, props)).toBe(props.echartOptions);
    const data = (highlightSelection(props.echartOptions, [['girl']], props) as SeriesOf).series[0]!.data as { name: string; itemStyle: { opacity?: number } }[];
    expect(data.find((d) => d.name === 'boy')!.itemStyle.opacity).toBe(UNSELECTED_OPACITY);
    expect(data.find((d) => d.name === 'girl')!.itemStyle.opacity).toBeUndefined();
  });

  it('dims whole series of a timeseries by their groupby values', () => {
    const crossFilter = timeseriesCrossFilter({ groupby: ['gender'] } as unknown as FormData, { boy: ['boy'], girl: ['girl'] }, 'ds', true);
    const option = { series: [{ name: 'boy', data: [] }, { name: 'girl', data: [] }] };
    const [boy, girl] = (highlightSelection(option, [['boy']], crossFilter) as { series: Record<string, { opacity?: number } | undefined>[] }).series;
    expect(boy!.lineStyle).toBeUndefined();
    expect(girl!.lineStyle?.opacity).toBe(UNSELECTED_OPACITY);
  });
});

describe('pivot table row headers', () => {
  it('select the row keys down to the clicked level as raw values; totals and unknown keys select nothing', async () => {
    const { pivotHeaderSelection, pivotRowValues } = await import('../plugins/pivot_table_v2/pivotCrossFilter');
    const values = pivotRowValues([{ state: 'CA', num: 1 }, { state: null, num: 2 }], ['state', 'num'], []);
    expect(pivotHeaderSelection({ labels: ['CA', '1'], kind: 'data' }, 1, ['state', 'num'], values)).toEqual({ columns: ['state', 'num'], values: ['CA', 1], label: 'CA, 1' });
    expect(pivotHeaderSelection({ labels: ['<NULL>', '2'], kind: 'data' }, 0, ['state', 'num'], values)).toEqual({ columns: ['state'], values: [null], label: '<NULL>' });
    expect(pivotHeaderSelection({ labels: [], kind: 'total' }, 0, ['state'], values)).toBeNull();
    expect(pivotHeaderSelection({ labels: ['TX'], kind: 'data' }, 0, ['state'], values)).toBeNull();
    expect(pivotHeaderSelection({ labels: ['2004-01-01'], kind: 'data' }, 0, ['ds'], pivotRowValues([{ ds: 1 }], ['ds'], ['ds']))).toBeNull();
  });
});

describe('mixed timeseries', () => {
  it("filters by query A's series groupby values; query B's series select nothing", async () => {
    const { transformProps } = await import('../plugins/mixed_timeseries/transformProps');
    const result = (names: string[]) => ({
      ...answer([{ ds: 1, ...Object.fromEntries(names.map((n) => [n, 1])) }], ['ds', ...names], [2, ...names.map(() => 0)]),
      label_map: Object.fromEntries(names.map((n) => [n, n.split(', ')])),
    });
    const props = transformProps({
      formData: { datasource: '1__table', viz_type: 'mixed_timeseries', x_axis: 'ds', groupby: ['gender'], metrics: ['count'], groupby_b: ['state'], metrics_b: ['count'] } as unknown as FormData,
      queriesData: [result(['boy', 'girl']), result(['CA'])],
      width: 400,
      height: 300,
    });
    expect(clickSelection({ seriesName: 'girl' }, props)).toEqual({ columns: ['gender'], values: ['girl'], label: 'girl' });
    expect(clickSelection({ seriesName: 'CA' }, props)).toBeNull();
  });
});
