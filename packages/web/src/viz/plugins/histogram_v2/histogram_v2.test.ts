import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { chartProps, chartResult } from '../../shared/testing/fixtures';

const formData = { datasource: '1__table', viz_type: 'histogram_v2', column: 'num', groupby: ['gender'], bins: 3, normalize: true };

describe('histogram_v2', () => {
  it('fetches the raw column and asks the server to bin it', () => {
    const q = buildQuery(formData).queries[0]!;
    expect(q.columns).toEqual(['num', 'gender']);
    expect(q.metrics).toBeUndefined();
    expect(q.post_processing).toEqual([{ operation: 'histogram', options: expect.objectContaining({ column: 'num', groupby: ['gender'], bins: 3, normalize: true }) }]);
  });
  it('draws one bar series per group over the bins', () => {
    const result = chartResult([
      { gender: 'boy', '0.0 - 10.0': 0.5, '10.0 - 20.0': 0.3, '20.0 - 30.0': 0.2 },
      { gender: 'girl', '0.0 - 10.0': 0.2, '10.0 - 20.0': 0.5, '20.0 - 30.0': 0.3 },
    ]);
    const { echartOptions } = transformProps(chartProps(formData, [result]));
    expect((echartOptions.xAxis as { data: string[] }).data).toEqual(['0.0 - 10.0', '10.0 - 20.0', '20.0 - 30.0']);
    const series = echartOptions.series as { name: string; data: number[] }[];
    expect(series.map((s) => [s.name, s.data])).toEqual([['boy', [0.5, 0.3, 0.2]], ['girl', [0.2, 0.5, 0.3]]]);
    expect((echartOptions.yAxis as { axisLabel: { formatter: (v: number) => string } }).axisLabel.formatter(0.5)).toBe('50.0%');
  });
});
