import { describe, expect, it } from 'vitest';
import { initialChartRuntimeState, type ChartRuntimeState } from '../state/chartRuntimeSlice';
import { chartRenderState } from './chartRenderState';

const withStatus = (chartStatus: ChartRuntimeState['chartStatus'], rows: number | null = 1): ChartRuntimeState => ({
  ...initialChartRuntimeState,
  chartStatus,
  queriesResponse: rows === null ? null : [{ status: 'success', data: Array.from({ length: rows }, () => ({ a: 1 })), rowcount: rows } as never],
});

describe('chartRenderState', () => {
  it('is loading until the chart is drawn, rendered once it is, failed when it failed or was stopped', () => {
    expect(chartRenderState(null)).toBe('loading');
    expect(chartRenderState(withStatus(null, null))).toBe('loading');
    expect(chartRenderState(withStatus('loading', null))).toBe('loading');
    expect(chartRenderState(withStatus('success'))).toBe('loading');
    expect(chartRenderState(withStatus('rendered'))).toBe('rendered');
    expect(chartRenderState(withStatus('failed', null))).toBe('failed');
    expect(chartRenderState(withStatus('stopped', null))).toBe('failed');
  });

  it('counts an answer without rows as drawn: its "No results" message is the whole picture', () => {
    expect(chartRenderState(withStatus('success', 0))).toBe('rendered');
  });
});
