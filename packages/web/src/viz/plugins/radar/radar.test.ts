import { describe, expect, it } from 'vitest';
import { buildQuery } from './buildQuery';
import { transformProps } from './transformProps';
import { chartProps, chartResult } from '../../shared/testing/fixtures';

const formData = { datasource: '1__table', viz_type: 'radar', groupby: ['region'], metrics: ['sales', 'profit'] };

describe('radar', () => {
  it('queries all metrics per group', () => {
    const q = buildQuery(formData).queries[0]!;
    expect(q.metrics).toEqual(['sales', 'profit']);
    expect(q.columns).toEqual(['region']);
  });
  it('one axis per metric, one polygon per group; configured max wins', () => {
    const result = chartResult([{ region: 'East', sales: 100, profit: 20 }, { region: 'West', sales: 50, profit: 40 }]);
    const { echartOptions } = transformProps(chartProps({ ...formData, column_config: { profit: { radarMetricMaxValue: 80 } } }, [result]));
    const radar = echartOptions.radar as { indicator: { name: string; max: number }[] };
    expect(radar.indicator[0]!.name).toBe('sales');
    expect(radar.indicator[0]!.max).toBeCloseTo(110);
    expect(radar.indicator[1]).toEqual({ name: 'profit', max: 80 });
    const series = (echartOptions.series as { data: { name: string; value: number[] }[] }[])[0]!;
    expect(series.data.map((d) => [d.name, d.value])).toEqual([['East', [100, 20]], ['West', [50, 40]]]);
  });
});
