import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { chartProps, chartResult } from '../../shared/testing/fixtures';

const formData = { datasource: '1__table', viz_type: 'bubble_v2', entity: 'country', series: 'region', x: 'gdp', y: 'life_expectancy', size: 'population', max_bubble_size: 25 };

describe('bubble_v2', () => {
  it('queries the three metrics per entity and series, biggest bubbles first', () => {
    const q = buildQuery(formData).queries[0]!;
    expect(q.columns).toEqual(['country', 'region']);
    expect(q.metrics).toEqual(['gdp', 'life_expectancy', 'population']);
    expect(q.orderby).toEqual([['population', false]]);
  });
  it('one scatter series per dimension value with area-scaled bubbles', () => {
    const result = chartResult([
      { country: 'France', region: 'Europe', gdp: 40, life_expectancy: 82, population: 400 },
      { country: 'Japan', region: 'Asia', gdp: 42, life_expectancy: 84, population: 100 },
    ]);
    const series = transformProps(chartProps(formData, [result])).echartOptions.series as { name: string; data: unknown[][]; symbolSize: (v: unknown[]) => number }[];
    expect(series.map((s) => s.name)).toEqual(['Europe', 'Asia']);
    expect(series[0]!.data[0]).toEqual([40, 82, 400, 'France']);
    expect(series[0]!.symbolSize(series[0]!.data[0]!)).toBe(50);
    expect(series[1]!.symbolSize(series[1]!.data[0]!)).toBe(25);
  });
});
