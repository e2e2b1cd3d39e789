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
  it('lays key and value out on two spaced lines in cells and on one line in group headers', () => {
    const result = chartResult([{ state: 'CA', gender: 'boy', 'SUM(num)': 3950000 }]);
    type Label = { formatter: (p: { name: string; value: number }) => string; lineHeight?: number };
    const series = (transformProps(chartProps({ ...formData, label_type: 'key_value' }, [result])).echartOptions.series as { label: Label; upperLabel: Label & { height: number } }[])[0]!;
    expect(series.label.formatter({ name: 'boy', value: 3950000 })).toBe('boy\n3.95M');
    expect(series.label.lineHeight).toBeGreaterThan(12);
    expect(series.upperLabel.formatter({ name: 'CA', value: 3950000 })).toBe('CA: 3.95M');
    expect(series.upperLabel.height).toBeGreaterThanOrEqual(series.label.lineHeight!);
  });
});
