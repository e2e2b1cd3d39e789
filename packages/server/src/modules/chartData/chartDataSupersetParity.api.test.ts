import { DuckDBInstance } from '@duckdb/node-api';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/testApp.js';
import { BIRTHS, createDataset, createDuckdbWarehouse } from './__tests__/chartDataKit.js';
import type { SuiteContext } from './__tests__/chartDataSuite.js';

/**
 * Behaviours Superset's own chart data tests (tests/integration_tests/charts/data/api_tests.py) pin down,
 * over the births rows with small row limits so the limits show.
 */
const SUM = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'sum__num' };
const base = (patch: Record<string, unknown> = {}) => ({ columns: ['name'], metrics: [SUM], orderby: [[SUM, false]], filters: [{ col: 'gender', op: '==', val: 'boy' }], ...patch });

describe('chart data as Superset tests it', () => {
  const ctx = {} as SuiteContext;
  beforeAll(async () => {
    ctx.app = await startTestApp({ ROW_LIMIT: '7', SAMPLES_ROW_LIMIT: '5', CHART_MAX_ROW: '15' });
    ctx.datasetId = await createDataset(ctx.app, await createDuckdbWarehouse(ctx.app, DuckDBInstance), 'births', 'main');
  });
  afterAll(async () => ctx.app?.close());

  const post = (body: Record<string, unknown>) =>
    ctx.app.api('POST', '/api/v1/chart/data', { body: { datasource: { id: ctx.datasetId, type: 'table' }, force: true, ...body } });
  const rowcount = (res: { body: any }) => res.body.result[0].rowcount as number;

  it('limits samples by SAMPLES_ROW_LIMIT only when the query has no row limit, and caps every limit at the maximum', async () => {
    const raw = { columns: ['name'] };
    expect(rowcount(await post({ queries: [raw], result_type: 'samples' }))).toBe(5);
    expect(rowcount(await post({ queries: [{ ...raw, row_limit: 10 }], result_type: 'samples' }))).toBe(10);
    const huge = await post({ queries: [{ ...raw, row_limit: 10_000_000 }], result_type: 'samples' });
    expect(rowcount(huge)).toBe(15);
    expect(huge.body.result[0].query).not.toMatch(/GROUP BY/);
    // Drill to detail without a row limit gets the chart default (ROW_LIMIT), as any query does.
    expect(rowcount(await post({ queries: [raw], result_type: 'drill_detail' }))).toBe(7);
    expect(rowcount(await post({ queries: [raw] }))).toBe(7);
  });

  it('reads filter operators case-insensitively', async () => {
    const res = await post({ queries: [base({ filters: [{ col: 'gender', op: 'In', val: ['boy'] }, { col: 'name', op: 'not in', val: ['Ann'] }] })] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result[0].data.map((r: { name: string }) => r.name).sort()).toEqual(['Bob', 'Cid', 'Dee', 'Eve']);
  });

  it('names the files of a multi-query export query_1, query_2, ...', async () => {
    for (const format of ['csv', 'xlsx']) {
      const res = await fetch(`${ctx.app.url}/api/v1/chart/data`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await ctx.app.token()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ datasource: { id: ctx.datasetId, type: 'table' }, queries: [base(), base()], result_format: format }),
      });
      expect(res.headers.get('content-type')).toBe('application/zip');
      const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
      expect(Object.keys(zip.files)).toEqual([`query_1.${format}`, `query_2.${format}`]);
    }
  });

  it('answers no queries with an empty result, and refuses an empty file export', async () => {
    expect(await post({ queries: [] })).toMatchObject({ status: 200, body: { result: [] } });
    expect(await post({ queries: [], result_format: 'csv' })).toMatchObject({ status: 400, body: { message: 'Empty query result' } });
    expect(await post({ queries: [], result_format: 'xlsx' })).toMatchObject({ status: 400, body: { message: 'Empty query result' } });
  });

  it('answers an unknown datasource with a plain 404', async () => {
    const res = await ctx.app.api('POST', '/api/v1/chart/data', { body: { datasource: { id: 987654, type: 'table' }, queries: [base()] } });
    expect(res).toMatchObject({ status: 404, body: { message: 'Not found' } });
    const key = await ctx.app.api('GET', '/api/v1/chart/data/test-cache-key');
    expect(key).toMatchObject({ status: 404, body: { message: 'Not found' } });
  });

  it('answers each query object in its own result type', async () => {
    const res = await post({ queries: [{ result_type: 'timegrains' }, { result_type: 'columns' }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body.result[0].data[0])).toEqual(['name', 'function', 'duration']);
    expect(Object.keys(res.body.result[1].data[0])).toEqual(['column_name', 'verbose_name', 'dtype']);
  });

  it('moves the deprecated top-level where into extras and accepts a null orderby', async () => {
    const res = await post({
      queries: [{ columns: ['state'], metrics: [{ expressionType: 'SQL', sqlExpression: "SUM(CASE WHEN state = ':asdf' THEN 0 ELSE 1 END)", label: 'count' }], orderby: null, where: "':abc' != ':xyz:qwerty'", extras: { where: '' } }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result[0].query).toContain("':xyz:qwerty'");
    expect(res.body.result[0].data.reduce((a: number, r: { count: number }) => a + Number(r.count), 0)).toBe(BIRTHS.length);
  });

  it('reads "Last quarter : " as a range open at the end', async () => {
    const res = await post({ queries: [base({ filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last quarter : ' }] })], result_type: 'query' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result[0].query).toMatch(/"ds" >= TIMESTAMP/);
    expect(res.body.result[0].query).not.toMatch(/"ds" </);
  });

  it('reports the dashboard time range of applied_time_extras as an applied filter', async () => {
    const res = await post({ queries: [base({ applied_time_extras: { __time_range: '100 years ago : now', __time_origin: 'now' } })] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result[0].applied_filters).toEqual([{ column: 'gender' }, { column: '__time_range' }]);
  });

  it('treats a cache timeout of 0 as unset (the default applies) and -1 as no caching', async () => {
    const q = [base({ row_limit: 3 })];
    const zero = await post({ queries: q, custom_cache_timeout: 0, force: false });
    expect(zero.body.result[0].cache_timeout).toBe(86_400);
    expect((await post({ queries: q, custom_cache_timeout: 0, force: false })).body.result[0].is_cached).toBe(true);
    const q2 = [base({ row_limit: 2 })];
    await post({ queries: q2, custom_cache_timeout: -1, force: false });
    const again = await post({ queries: q2, custom_cache_timeout: -1, force: false });
    expect(again.body.result[0]).toMatchObject({ cache_timeout: -1, is_cached: false, cached_dttm: null });
  });

  it('reports the cache timeout of the request even when the answer comes from the cache', async () => {
    const q = [base({ row_limit: 4 })];
    expect((await post({ queries: q, custom_cache_timeout: 600, force: false })).body.result[0]).toMatchObject({ is_cached: false, cache_timeout: 600 });
    expect((await post({ queries: q, custom_cache_timeout: 5678, force: false })).body.result[0]).toMatchObject({ is_cached: true, cache_timeout: 5678 });
    expect((await post({ queries: q, force: false })).body.result[0]).toMatchObject({ is_cached: true, cache_timeout: 86_400 });
  });
});

describe('chart data with global async queries, as Superset tests it', () => {
  const ctx = {} as SuiteContext;
  beforeAll(async () => {
    ctx.app = await startTestApp({ GLOBAL_ASYNC_QUERIES: 'on' });
    ctx.datasetId = await createDataset(ctx.app, await createDuckdbWarehouse(ctx.app, DuckDBInstance), 'births', 'main');
  });
  afterAll(async () => ctx.app?.close());

  it('runs only full results as jobs: other result types answer at once', async () => {
    const body = { datasource: { id: ctx.datasetId, type: 'table' }, queries: [base()] };
    for (const result_type of ['results', 'samples', 'drill_detail', 'post_processed']) {
      const res = await ctx.app.api('POST', '/api/v1/chart/data', { body: { ...body, result_type } });
      expect(res.status, result_type).toBe(200);
      expect(res.body.result[0].data.length, result_type).toBeGreaterThan(0);
    }
    expect((await ctx.app.api('POST', '/api/v1/chart/data', { body: { ...body, result_type: 'full', force: true } })).status).toBe(202);
  });
});
