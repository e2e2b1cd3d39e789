import { DuckDBInstance } from '@duckdb/node-api';
import { buildQueryObject, mergeExtraFormData, type FormData } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/testApp.js';
import { count, createDataset, createDuckdbWarehouse } from './__tests__/chartDataKit.js';

/**
 * `applied_filters` / `rejected_filters` of chart data answers, which the dashboard's filter badge reads
 * (facts §2.3, §4.1; Superset's test_chart_data_applied_time_extras and the rejected-column cases): a dashboard
 * chart's query is built from its form data with the native filters' extra_form_data, as the page builds it.
 */
describe('chart data: applied and rejected filters', () => {
  let app: TestApp;
  let births: number;
  let noTime: number;

  beforeAll(async () => {
    app = await startTestApp();
    const db = await createDuckdbWarehouse(app, DuckDBInstance);
    births = await createDataset(app, db, 'births', 'main');
    // A virtual dataset without any temporal column.
    const res = await app.api('POST', '/api/v1/dataset/', { body: { database: db, schema: 'main', table_name: 'births_no_time', sql: 'SELECT gender, name, num FROM births' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    noTime = res.body.id as number;
  });
  afterAll(async () => app?.close());

  const chartQuery = (datasetId: number, formData: Partial<FormData>, ...masks: Record<string, unknown>[]) => {
    const fd = { datasource: `${datasetId}__table`, viz_type: 'table', metrics: ['count'], groupby: ['gender'], ...formData } as FormData;
    const extra = mergeExtraFormData(...masks);
    const query = buildQueryObject(Object.keys(extra).length > 0 ? { ...fd, extra_form_data: extra } : fd);
    return app.api('POST', '/api/v1/chart/data', { body: { datasource: { id: datasetId, type: 'table' }, queries: [query], force: true } });
  };

  it('reports the native filter columns the dataset has as applied and filters by them', async () => {
    const res = await chartQuery(births, {}, { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] }, { filters: [{ col: 'num', op: '>=', val: 0 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [result] = res.body.result;
    expect(result.applied_filters).toEqual([{ column: 'gender' }, { column: 'num' }]);
    expect(result.rejected_filters).toEqual([]);
    expect(result.data).toEqual([{ gender: 'boy', count: count((r) => r.gender === 'boy') }]);
  });

  it('rejects a filter on a column the dataset lacks (not_in_datasource) and still answers with the others', async () => {
    const res = await chartQuery(noTime, {}, { filters: [{ col: 'ds', op: 'IN', val: ['x'] }] }, { filters: [{ col: 'gender', op: 'IN', val: ['girl'] }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [result] = res.body.result;
    expect(result.rejected_filters).toEqual([{ column: 'ds', reason: 'not_in_datasource' }]);
    expect(result.applied_filters).toEqual([{ column: 'gender' }]);
    expect(result.data).toEqual([{ gender: 'girl', count: count((r) => r.gender === 'girl') }]);
  });

  it('applies a native time range to the chart time column', async () => {
    const res = await chartQuery(births, { granularity_sqla: 'ds', time_range: 'No filter' }, { time_range: '2000-01-01 : 2100-01-01' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result[0].applied_filters).toEqual([{ column: 'ds' }]);
    expect(res.body.result[0].query).toMatch(/"ds" >= /);
  });

  it('reports legacy time extras: applied with a temporal column, rejected without one', async () => {
    const extras = { __time_range: 'Last year', __time_grain: 'P1D', __time_col: 'ds' };
    const post = (id: number) =>
      app.api('POST', '/api/v1/chart/data', {
        body: { datasource: { id, type: 'table' }, queries: [{ columns: ['gender'], metrics: ['count'], applied_time_extras: extras }], force: true },
      });
    const withTime = await post(births);
    expect(withTime.body.result[0].applied_filters).toEqual([{ column: '__time_col' }, { column: '__time_grain' }, { column: '__time_range' }]);
    expect(withTime.body.result[0].rejected_filters).toEqual([]);
    const without = await post(noTime);
    expect(without.body.result[0].applied_filters).toEqual([]);
    expect(without.body.result[0].rejected_filters).toEqual([
      { reason: 'not_in_datasource', column: '__time_col' },
      { reason: 'no_temporal_column', column: '__time_grain' },
      { reason: 'no_temporal_column', column: '__time_range' },
    ]);
  });
});
