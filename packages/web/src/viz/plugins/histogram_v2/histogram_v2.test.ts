import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery';
import { binLabel, transformProps } from './transformProps';
import { getNumberFormatter } from '../../formatters/numberFormat';
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
    expect((echartOptions.xAxis as { data: string[] }).data).toEqual(['0 - 10', '10 - 20', '20 - 30']);
    const series = echartOptions.series as { name: string; data: number[] }[];
    expect(series.map((s) => [s.name, s.data])).toEqual([['boy', [0.5, 0.3, 0.2]], ['girl', [0.2, 0.5, 0.3]]]);
    expect((echartOptions.yAxis as { axisLabel: { formatter: (v: number) => string } }).axisLabel.formatter(0.5)).toBe('50.0%');
  });
  it('formats raw float bin edges with the x-axis number format', () => {
    const result = chartResult([{ '7676.919999999999 - 11187.179999999998': 3, '11187.179999999998 - 14697.44': 1 }]);
    const axisData = (fd: Record<string, unknown>) => (transformProps(chartProps({ ...formData, groupby: [], ...fd }, [result])).echartOptions.xAxis as { data: string[] }).data;
    expect(axisData({})).toEqual(['7.68k - 11.2k', '11.2k - 14.7k']);
    expect(axisData({ x_axis_format: ',d' })).toEqual(['7,677 - 11,187', '11,187 - 14,697']);
  });
  it('keeps negative edges and leaves names it cannot read alone', () => {
    const smart = getNumberFormatter();
    // d3 writes the typographic minus sign.
    expect(binLabel('-10.5 - -2.25', smart)).toBe('\u221210.5 - \u22122.25');
    expect(binLabel('-0.5 - 0.5', smart)).toBe('\u22120.5 - 0.5');
    expect(binLabel('<NULL>', smart)).toBe('<NULL>');
  });
});
