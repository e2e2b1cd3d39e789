import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery';
import { acyclicLinks, transformProps } from './transformProps';
import { chartProps, chartResult } from '../../shared/testing/fixtures';

const formData = { datasource: '1__table', viz_type: 'sankey_v2', source: 'from', target: 'to', metric: 'value' };

describe('sankey_v2', () => {
  it('groups by source and target', () => {
    const q = buildQuery(formData).queries[0]!;
    expect(q.columns).toEqual(['from', 'to']);
    expect(q.metrics).toEqual(['value']);
  });
  it('builds nodes and links, dropping links that would make a cycle', () => {
    const result = chartResult([
      { from: 'Coal', to: 'Power', value: 10 },
      { from: 'Power', to: 'Homes', value: 6 },
      { from: 'Homes', to: 'Coal', value: 1 },
      { from: 'Gas', to: 'Gas', value: 2 },
    ]);
    const props = transformProps(chartProps(formData, [result]));
    const series = (props.echartOptions.series as { data: { name: string }[]; links: unknown[] }[])[0]!;
    expect(series.data.map((d) => d.name)).toEqual(['Coal', 'Power', 'Homes']);
    expect(series.links).toEqual([{ source: 'Coal', target: 'Power', value: 10 }, { source: 'Power', target: 'Homes', value: 6 }]);
    expect(props.droppedLinks).toBe(2);
    expect(acyclicLinks([{ source: 'a', target: 'b', value: 1 }, { source: 'a', target: 'c', value: 1 }, { source: 'b', target: 'c', value: 1 }]).dropped).toEqual([]);
  });
});
