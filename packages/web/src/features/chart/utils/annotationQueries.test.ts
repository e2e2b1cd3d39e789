import { describe, expect, it, vi } from 'vitest';
import type { ChartDataResult } from '@tessera/core';
import { initialChartRuntimeState, type ChartRuntimeState } from '../state/chartRuntimeSlice';
import { annotationQueries, serverLayerNames } from './annotationQueries';

vi.mock('./pluginRegistry', () => ({
  getChartPlugin: (vizType: string) =>
    vizType === 'line'
      ? { buildQuery: (fd: { annotation_layers?: unknown[] }) => ({ queries: [{ annotation_layers: fd.annotation_layers ?? [] }, { annotation_layers: fd.annotation_layers ?? [] }] }) }
      : vizType === 'table'
        ? { buildQuery: () => ({ queries: [{}] }) }
        : undefined,
}));

const names = ['Releases', 'Outages'];
const state = (patch: Partial<ChartRuntimeState>): ChartRuntimeState => ({ ...initialChartRuntimeState, ...patch });
const result = (annotationData: Record<string, unknown>, extra: Partial<ChartDataResult> = {}) => ({ status: 'success', error: null, annotation_data: annotationData, ...extra }) as ChartDataResult;

describe('annotationQueries', () => {
  it('has nothing before a run and while no native layer is asked for', () => {
    expect(annotationQueries(initialChartRuntimeState, names).annotationQuery).toEqual({});
    expect(annotationQueries(state({ chartStatus: 'loading' }), []).annotationQuery).toEqual({});
  });

  it('is started while the chart loads, even with an older answer still held', () => {
    const loading = state({ chartStatus: 'loading', queriesResponse: [result({ Releases: { records: [] } })] });
    expect(annotationQueries(loading, names).annotationQuery).toEqual({ Releases: 'started', Outages: 'started' });
  });

  it('succeeds for layers in the answer and fails for layers the server left out', () => {
    const data = { records: [{ start_dttm: 1 }] };
    const out = annotationQueries(state({ chartStatus: 'rendered', queriesResponse: [result({ Releases: data })] }), names);
    expect(out).toEqual({
      annotationQuery: { Releases: 'success', Outages: 'failed' },
      annotationData: { Releases: data },
      annotationError: { Outages: 'The annotation layer was not found' },
    });
  });

  it('keeps the answer when only the drawing failed', () => {
    const failedDrawing = state({ chartStatus: 'failed', chartAlert: 'render error', queriesResponse: [result({ Releases: { records: [] }, Outages: { records: [] } })] });
    expect(annotationQueries(failedDrawing, names).annotationQuery).toEqual({ Releases: 'success', Outages: 'success' });
  });

  it("reads a failed query per spec: timeout → 'Query timeout', 'no data' → success, else the error", () => {
    const timeout = state({ chartStatus: 'failed', chartError: { error: 'Request timed out', errors: [{ message: 'x', error_type: 'FRONTEND_TIMEOUT_ERROR' }] } });
    expect(annotationQueries(timeout, names).annotationError).toEqual({ Releases: 'Query timeout', Outages: 'Query timeout' });
    const byStatus = state({ chartStatus: 'failed', chartError: { error: 'Gateway', status: 504 } });
    expect(annotationQueries(byStatus, names).annotationError.Releases).toBe('Query timeout');
    const noData = state({ chartStatus: 'failed', chartError: { error: 'No data was returned' } });
    expect(annotationQueries(noData, names)).toMatchObject({ annotationQuery: { Releases: 'success', Outages: 'success' }, annotationError: {} });
    const other = state({ chartStatus: 'failed', chartError: { error: 'Column "x" does not exist' } });
    expect(annotationQueries(other, names).annotationError).toEqual({ Releases: 'Column "x" does not exist', Outages: 'Column "x" does not exist' });
  });

  it('ignores an abort: a stopped chart leaves its layers started', () => {
    const stopped = state({ chartStatus: 'stopped', queriesResponse: [result({})] });
    expect(annotationQueries(stopped, names).annotationQuery).toEqual({ Releases: 'started', Outages: 'started' });
  });
});

describe('serverLayerNames', () => {
  const native = (name: string, extra: Record<string, unknown> = {}) => ({ name, annotationType: 'EVENT', sourceType: 'NATIVE', value: 3, show: true, ...extra });

  it('names the shown native event and interval layers the plugin sends, once each', () => {
    const layers = [native('A'), native('B', { annotationType: 'INTERVAL' }), native('Hidden', { show: false }), native('Unpicked', { value: '' }), { name: 'F', annotationType: 'FORMULA', sourceType: '', value: 'x' }];
    expect(serverLayerNames({ datasource: '1__table', viz_type: 'line', annotation_layers: layers })).toEqual(['A', 'B']);
  });

  it('names the layers that read another chart too: the server fills their data as well', () => {
    const fromChart = { name: 'Other chart', annotationType: 'TIME_SERIES', sourceType: 'line', value: 7, show: true, overrides: {} };
    expect(serverLayerNames({ datasource: '1__table', viz_type: 'line', annotation_layers: [native('A'), fromChart] })).toEqual(['A', 'Other chart']);
  });

  it('names none for a chart type that does not send annotation layers', () => {
    expect(serverLayerNames({ datasource: '1__table', viz_type: 'table', annotation_layers: [native('A')] })).toEqual([]);
    expect(serverLayerNames({ datasource: '1__table', viz_type: 'unknown', annotation_layers: [native('A')] })).toEqual([]);
    expect(serverLayerNames(null)).toEqual([]);
  });
});
