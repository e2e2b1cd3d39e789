import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { chartProps, chartResult, sumNum } from '../../shared/testing/fixtures';

const formData = { datasource: '1__table', viz_type: 'treemap_v2', groupby: ['state', 'gender'], metric: sumNum };

describe('treemap_v2', () => {
  it('groups by every hierarchy level', () => {
    expect(buildQuery(formData).queries[0]!.columns).toEqual(['state', 'gender']);
  });
  it('nests rows by level and sums values up the tree', () => {
    const result = chartResult([
      { state: 'CA', gender: 'boy', 'SUM(num)': 10 },
      { state: 'CA', gender: 'girl', 'SUM(num)': 5 },
      { state: 'NY', gender: 'boy', 'SUM(num)': 7 },
    ]);
    const series = (transformProps(chartProps(formData, [result])).echartOptions.series as { data: { name: string; value: number; children: { name: string; value: number }[] }[] }[])[0]!;
    expect(series.data.map((d) => [d.name, d.value, d.children.map((c) => c.name)])).toEqual([
      ['CA', 15, ['boy', 'girl']],
      ['NY', 7, ['boy']],
    ]);
  });
});
