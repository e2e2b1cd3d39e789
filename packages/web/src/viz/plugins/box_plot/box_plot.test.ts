import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { chartProps, chartResult, sumNum } from '../../shared/testing/fixtures';

const formData = { datasource: '1__table', viz_type: 'box_plot', columns: ['name'], groupby: ['state'], metrics: [sumNum], whiskerOptions: 'Tukey' };

describe('box_plot', () => {
  it('aggregates per distribution column and group, then asks for box statistics per group', () => {
    const q = buildQuery(formData).queries[0]!;
    expect(q.columns).toEqual(['name', 'state']);
    const step = q.post_processing![0]!;
    expect(step.operation).toBe('boxplot');
    expect(step.options).toMatchObject({ groupby: ['state'], metrics: ['SUM(num)'], whisker_type: 'tukey' });
  });
  it('turns <metric>__<stat> columns into boxes and outliers into points', () => {
    const result = chartResult([
      { state: 'CA', 'SUM(num)__min': 1, 'SUM(num)__q1': 2, 'SUM(num)__median': 3, 'SUM(num)__q3': 4, 'SUM(num)__max': 5, 'SUM(num)__mean': 3, 'SUM(num)__count': 9, 'SUM(num)__outliers': [12] },
      { state: 'NY', 'SUM(num)__min': 0, 'SUM(num)__q1': 1, 'SUM(num)__median': 2, 'SUM(num)__q3': 3, 'SUM(num)__max': 4, 'SUM(num)__mean': 2, 'SUM(num)__count': 5, 'SUM(num)__outliers': [] },
    ]);
    const { echartOptions } = transformProps(chartProps(formData, [result]));
    expect((echartOptions.xAxis as { data: string[] }).data).toEqual(['CA', 'NY']);
    const [boxes, outliers] = echartOptions.series as { type: string; data: unknown[] }[];
    expect(boxes!.data).toEqual([[1, 2, 3, 4, 5], [0, 1, 2, 3, 4]]);
    expect(outliers).toMatchObject({ type: 'scatter', data: [[0, 12]] });
  });
});
