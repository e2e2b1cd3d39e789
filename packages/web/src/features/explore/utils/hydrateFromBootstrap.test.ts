import { describe, expect, it } from 'vitest';
import { getChartPlugin } from '../../../viz/registry';
import { FLIGHTS_DATASOURCE } from '../../../test/fixtures/exploreDatasource';
import { hydratePayload } from './hydrateFromBootstrap';

const open = (form_data: Record<string, unknown>) =>
  hydratePayload(
    { form_data: { datasource: '1__table', ...form_data } as never, dataset: { ...FLIGHTS_DATASOURCE }, slice: null, message: null },
    { force: false, permissions: { can_add: true, can_download: true, can_overwrite: true }, getPlugin: getChartPlugin },
  );

describe('hydratePayload of a chart saved by a removed viz type', () => {
  it('opens a legacy line chart with its shift as an offset the server reads ("1 year" -> "1 year ago")', () => {
    const payload = open({ viz_type: 'line', metrics: ['count'], time_compare: ['1 year'], comparison_type: 'values' });
    expect(payload.formData.viz_type).toBe('echarts_timeseries_line');
    expect(payload.formData.time_compare).toEqual(['1 year ago']);
  });
  it('opens a legacy sunburst with its hierarchy, so it can run', () => {
    const payload = open({ viz_type: 'sunburst', groupby: ['airline', 'origin'], metric: 'count' });
    expect(payload.formData.columns).toEqual(['airline', 'origin']);
    expect(payload.run).toBe(true);
  });
});
