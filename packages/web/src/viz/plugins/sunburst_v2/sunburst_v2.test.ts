import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { chartProps, chartResult, sumNum } from '../../shared/testing/fixtures';

const formData = { datasource: '1__table', viz_type: 'sunburst_v2', columns: ['region', 'country'], metric: sumNum, secondary_metric: 'count' };

describe('sunburst_v2', () => {
  it('queries the hierarchy columns with both metrics', () => {
    const q = buildQuery(formData).queries[0]!;
    expect(q.columns).toEqual(['region', 'country']);
    expect(q.metrics).toEqual([sumNum, 'count']);
  });
  it('nests rings and colours by the secondary/primary ratio', () => {
    const result = chartResult([
      { region: 'Europe', country: 'FR', 'SUM(num)': 10, count: 1 },
      { region: 'Europe', country: 'DE', 'SUM(num)': 10, count: 10 },
      { region: 'Asia', country: 'JP', 'SUM(num)': 5, count: 5 },
    ]);
    const series = (transformProps(chartProps({ ...formData, linear_color_scheme: 'greens' }, [result])).echartOptions.series as { data: { name: string; value: number; itemStyle: { color: string }; children: { name: string; itemStyle: { color: string } }[] }[] }[])[0]!;
    expect(series.data.map((d) => [d.name, d.value])).toEqual([['Europe', 20], ['Asia', 5]]);
    // FR has the lowest ratio (0.1), DE and JP the highest (1).
    expect(series.data[0]!.children[0]!.itemStyle.color).toBe('#F7FCF5');
    expect(series.data[0]!.children[1]!.itemStyle.color).toBe('#00441B');
  });
});
