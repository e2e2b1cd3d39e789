import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { chartProps, chartResult } from '../../shared/testing/fixtures';

const formData = { datasource: '1__table', viz_type: 'graph_chart', source: 'from', target: 'to', metric: 'value', source_category: 'from_kind' };

describe('graph_chart', () => {
  it('groups by source, target and the category columns', () => {
    expect(buildQuery(formData).queries[0]!.columns).toEqual(['from', 'to', 'from_kind']);
  });
  it('sums edge values into node sizes and lists categories', () => {
    const result = chartResult([
      { from: 'A', to: 'B', from_kind: 'hub', value: 4 },
      { from: 'A', to: 'C', from_kind: 'hub', value: 6 },
      { from: 'B', to: 'C', from_kind: 'leaf', value: 2 },
    ]);
    const series = (transformProps(chartProps(formData, [result])).echartOptions.series as { data: { name: string; value: number; category?: number }[]; links: { source: string; target: string }[]; categories: { name: string }[] }[])[0]!;
    expect(series.data.map((n) => [n.name, n.value, n.category])).toEqual([['A', 10, 0], ['B', 6, 1], ['C', 8, undefined]]);
    expect(series.links.map((l) => `${l.source}>${l.target}`)).toEqual(['A>B', 'A>C', 'B>C']);
    expect(series.categories.map((c) => c.name)).toEqual(['hub', 'leaf']);
  });
});
