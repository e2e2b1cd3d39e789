import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery';
import { funnelPercents, transformProps } from './transformProps';
import { chartProps, chartResult } from '../../shared/testing/fixtures';

const formData = { datasource: '1__table', viz_type: 'funnel', groupby: ['stage'], metric: 'count' };

describe('funnel', () => {
  it('groups by stage and sorts by the metric', () => {
    const q = buildQuery(formData).queries[0]!;
    expect(q.columns).toEqual(['stage']);
    expect(q.orderby).toEqual([['count', false]]);
  });
  it('computes percentages from the first step, previous step or total', () => {
    expect(funnelPercents([100, 50, 25], 'first_step')).toEqual([1, 0.5, 0.25]);
    expect(funnelPercents([100, 50, 25], 'prev_step')).toEqual([1, 0.5, 0.5]);
    expect(funnelPercents([50, 30, 20], 'total')).toEqual([0.5, 0.3, 0.2]);
  });
  it('labels stages with the chosen label type', () => {
    const result = chartResult([{ stage: 'visit', count: 1000 }, { stage: 'cart', count: 250 }]);
    const { echartOptions } = transformProps(chartProps({ ...formData, label_type: 'key_percent' }, [result]));
    const series = (echartOptions.series as { data: { name: string }[]; label: { formatter: (p: object) => string } }[])[0]!;
    expect(series.data.map((d) => d.name)).toEqual(['visit', 'cart']);
    expect(series.label.formatter({ dataIndex: 1 })).toBe('cart: 25.00%');
  });
});
