import { DuckDBInstance } from '@duckdb/node-api';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartEngineStats } from '../../query-engine/chartExecute.js';
import { createUserWithRole, startTestApp } from '../../test/testApp.js';
import { BIRTHS, count, createDataset, createDuckdbWarehouse } from './__tests__/chartDataKit.js';
import { asyncQuerySuite, chartData, chartDataSuite, type SuiteContext } from './__tests__/chartDataSuite.js';

const COUNT = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'cnt' };

describe('chart data on DuckDB', () => {
  const ctx = {} as SuiteContext & { dbId: number };

  beforeAll(async () => {
    ctx.app = await startTestApp();
    ctx.dbId = await createDuckdbWarehouse(ctx.app, DuckDBInstance);
    ctx.datasetId = await createDataset(ctx.app, ctx.dbId, 'births', 'main');
  });
  afterAll(async () => ctx.app?.close());

  chartDataSuite(() => ctx);

  it('runs 20 identical concurrent uncached requests on the engine once', async () => {
    const q = [{ columns: ['state', 'gender'], metrics: [COUNT], filters: [{ col: 'num', op: '<=', val: 6 }] }];
    const before = chartEngineStats.executions;
    const answers = await Promise.all(Array.from({ length: 20 }, () => chartData(ctx, q, { force: false })));
    expect(chartEngineStats.executions - before).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a.body.result[0].data))).size).toBe(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });

  it('exports CSV and XLSX, and refuses them without can_csv', async () => {
    const q = [{ columns: ['state'], metrics: [COUNT], orderby: [['state', true]] }];
    const csv = await chartData(ctx, q, { result_format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename=".*\.csv"/);
    const lines = (csv.body as string).trim().split('\r\n');
    expect(lines[0]).toBe('state,cnt');
    expect(lines.slice(1)).toEqual(['CA', 'NY', 'TX'].map((s) => `${s},${count((r) => r.state === s)}`));

    const res = await fetch(`${ctx.app.url}/api/v1/chart/data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await ctx.app.token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ datasource: { id: ctx.datasetId, type: 'table' }, queries: [{ columns: [{ sqlExpression: 'ds', label: 'ds', columnType: 'BASE_AXIS', timeGrain: 'P1Y' }], metrics: [COUNT], orderby: [[{ sqlExpression: 'ds', label: 'ds', columnType: 'BASE_AXIS', timeGrain: 'P1Y' }, true]] }], result_format: 'xlsx' }),
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'ds', 'cnt']);
    expect(sheet.getRow(2).getCell(1).value).toEqual(new Date(Date.UTC(2020, 0, 1)));
    expect(sheet.getRow(2).getCell(2).value).toBe(count((r) => new Date(r.ms).getUTCFullYear() === 2020));

    // Explore's download posts the query context as a form field.
    const form = await fetch(`${ctx.app.url}/api/v1/chart/data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await ctx.app.token()}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ form_data: JSON.stringify({ datasource: { id: ctx.datasetId, type: 'table' }, queries: q, result_format: 'csv' }) }),
    });
    expect(form.status).toBe(200);
    expect((await form.text()).split('\r\n')[0]).toBe('state,cnt');

    const zip = await chartData(ctx, [...q, ...q], { result_format: 'csv' });
    expect(zip.headers.get('content-type')).toBe('application/zip');

    // A role that may read charts and all data, but not download them.
    const perms = await ctx.app.api('GET', '/api/v1/security/permissions-resources/');
    const ids = (perms.body.result as { id: number; permission_name: string; view_menu_name: string }[])
      .filter((p) => (p.permission_name === 'can_read' && p.view_menu_name === 'Chart') || p.permission_name === 'all_datasource_access')
      .map((p) => p.id);
    const role = await ctx.app.api('POST', '/api/v1/security/roles/', { body: { name: 'chart_reader' } });
    await ctx.app.api('POST', `/api/v1/security/roles/${role.body.id}/permissions`, { body: { permission_view_menu_ids: ids } });
    const reader = await createUserWithRole(ctx.app, 'reader', 'chart_reader');
    const body = { datasource: { id: ctx.datasetId, type: 'table' }, queries: q };
    expect((await ctx.app.api('POST', '/api/v1/chart/data', { token: reader, body })).status).toBe(200);
    expect((await ctx.app.api('POST', '/api/v1/chart/data', { token: reader, body: { ...body, result_format: 'csv' } })).status).toBe(403);
  });

  it('answers from the edited dataset right after an edit, not from the cache', async () => {
    const q = [{ columns: [], metrics: ['count'] }];
    const before = await chartData(ctx, q, { force: false });
    expect(before.body.result[0].data[0].count).toBe(BIRTHS.length);
    const shown = await ctx.app.api('GET', `/api/v1/dataset/${ctx.datasetId}`);
    const metrics = (shown.body.result.metrics as { id: number; metric_name: string; expression: string }[]).map((m) =>
      m.metric_name === 'count' ? { id: m.id, metric_name: m.metric_name, expression: 'COUNT(*) * 2' } : { id: m.id, metric_name: m.metric_name, expression: m.expression },
    );
    const put = await ctx.app.api('PUT', `/api/v1/dataset/${ctx.datasetId}`, { body: { metrics } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // At once: the edit tells the engine, which no longer trusts what it read of the dataset moments ago.
    const after = await chartData(ctx, q, { force: false });
    expect(after.body.result[0]).toMatchObject({ is_cached: false, data: [{ count: 2 * BIRTHS.length }] });
    const restore = metrics.map((m) => (m.metric_name === 'count' ? { ...m, expression: 'COUNT(*)' } : m));
    expect((await ctx.app.api('PUT', `/api/v1/dataset/${ctx.datasetId}`, { body: { metrics: restore } })).status).toBe(200);
    expect((await chartData(ctx, q, { force: true })).body.result[0].data).toEqual([{ count: BIRTHS.length }]);
  });

  it('checks datasource access', async () => {
    const gamma = await createUserWithRole(ctx.app, 'gamma1', 'Gamma');
    const res = await ctx.app.api('POST', '/api/v1/chart/data', { token: gamma, body: { datasource: { id: ctx.datasetId, type: 'table' }, queries: [{ metrics: [COUNT] }] } });
    expect(res.status).toBe(403);
    const unknownType = await ctx.app.api('POST', '/api/v1/chart/data', { body: { datasource: { id: ctx.datasetId, type: 'druid' }, queries: [{ metrics: [COUNT] }] } });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.errors[0].error_type).toBe('UNKNOWN_DATASOURCE_TYPE_ERROR');
  });

  it('uses a SQL Lab query as a datasource', async () => {
    const run = await ctx.app.api('POST', '/api/v1/sqllab/execute/', { body: { database_id: ctx.dbId, sql: "SELECT name, num FROM births WHERE state = 'CA'" } });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const res = await ctx.app.api('POST', '/api/v1/chart/data', {
      body: { datasource: { id: run.body.query_id, type: 'query' }, queries: [{ columns: ['name'], metrics: [{ expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 's' }], orderby: [['name', true]] }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ann = res.body.result[0].data.find((r: Record<string, unknown>) => r.name === 'Ann');
    expect(Number(ann.s)).toBe(BIRTHS.filter((r) => r.state === 'CA' && r.name === 'Ann').reduce((a, r) => a + r.num, 0));

    // SQL Lab runs `LIMIT n` as `LIMIT n + 1` to see truncation; the chart must read the SQL as written.
    const limited = await ctx.app.api('POST', '/api/v1/sqllab/execute/', { body: { database_id: ctx.dbId, sql: 'SELECT name FROM births LIMIT 3' } });
    expect(limited.status, JSON.stringify(limited.body)).toBe(200);
    const counted = await ctx.app.api('POST', '/api/v1/chart/data', { body: { datasource: { id: limited.body.query_id, type: 'query' }, queries: [{ metrics: [COUNT] }] } });
    expect(counted.status, JSON.stringify(counted.body)).toBe(200);
    expect(Number(Object.values(counted.body.result[0].data[0] as Record<string, unknown>)[0])).toBe(3);
  });

  it('serves the legacy explore_json, samples, metadata and column values', async () => {
    const formData = { datasource: `${ctx.datasetId}__table`, viz_type: 'table', groupby: ['gender'], metrics: ['count'], adhoc_filters: [], row_limit: 10 };
    const ej = await ctx.app.api('POST', '/superset/explore_json/', { body: { form_data: formData } });
    expect(ej.status, JSON.stringify(ej.body)).toBe(200);
    expect(ej.body).toMatchObject({ status: 'success', form_data: formData, rowcount: 2, colnames: ['gender', 'count'] });
    expect(ej.body.cache_key).toMatch(/^[0-9a-f]{64}$/);

    // Legacy time-series charts group by the time column at the grain, as viz.py does.
    const lineForm = { datasource: `${ctx.datasetId}__table`, viz_type: 'line', granularity_sqla: 'ds', time_grain_sqla: 'P1Y', metrics: ['count'], time_range: 'No filter' };
    const line = await ctx.app.api('POST', '/superset/explore_json/', { body: { form_data: lineForm } });
    expect(line.status, JSON.stringify(line.body)).toBe(200);
    expect(line.body.colnames).toEqual(['__timestamp', 'count']);
    expect(line.body.data.map((r: { count: number }) => r.count)).toEqual([2020, 2021, 2022, 2023].map((y) => count((r) => new Date(r.ms).getUTCFullYear() === y)));

    // The query-string switches answer the one query's SQL, rows, samples or a CSV file.
    const asQuery = await ctx.app.api('POST', '/superset/explore_json/?query=true', { body: { form_data: formData } });
    expect(asQuery.body).toMatchObject({ language: 'sql' });
    expect(asQuery.body.query).toMatch(/GROUP BY/);
    const asResults = await ctx.app.api('POST', '/superset/explore_json/?results=true', { body: { form_data: formData } });
    expect(asResults.body.data).toHaveLength(2);
    const asCsv = await ctx.app.api('POST', '/superset/explore_json/?csv=true', { body: { form_data: formData } });
    expect(asCsv.headers.get('content-type')).toMatch(/text\/csv/);
    expect((asCsv.body as string).split('\r\n')[0]).toBe('gender,count');

    const samples = await ctx.app.api('POST', `/datasource/samples?datasource_type=table&datasource_id=${ctx.datasetId}&per_page=7&page=2`, {
      body: { filters: [{ col: 'gender', op: '==', val: 'girl' }] },
    });
    expect(samples.status, JSON.stringify(samples.body)).toBe(200);
    expect(samples.body.result).toMatchObject({ rowcount: 7, total_count: count((r) => r.gender === 'girl'), page: 2, per_page: 7 });
    expect(samples.body.result.data.every((r: Record<string, unknown>) => r.gender === 'girl')).toBe(true);

    const meta = await ctx.app.api('GET', `/superset/fetch_datasource_metadata?datasourceKey=${ctx.datasetId}__table`);
    expect(meta.status).toBe(200);
    expect(meta.body).toMatchObject({ id: ctx.datasetId, uid: `${ctx.datasetId}__table`, table_name: 'births', main_dttm_col: 'ds' });

    const values = await ctx.app.api('GET', `/api/v1/datasource/table/${ctx.datasetId}/column/name/values/`);
    expect(values.body).toEqual({ result: ['Ann', 'Bob', 'Cid', 'Dee', 'Eve'] });
    expect((await ctx.app.api('GET', `/api/v1/datasource/table/${ctx.datasetId}/column/nope/values/`)).status).toBe(400);
  });

  it('answers a saved chart from its query context', async () => {
    const queryContext = { datasource: { id: ctx.datasetId, type: 'table' }, queries: [{ columns: ['gender'], metrics: [COUNT] }], result_type: 'full', result_format: 'json' };
    const created = await ctx.app.api('POST', '/api/v1/chart/', {
      body: { slice_name: 'by gender', viz_type: 'table', datasource_id: ctx.datasetId, datasource_type: 'table', params: '{}', query_context: JSON.stringify(queryContext) },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const res = await ctx.app.api('GET', `/api/v1/chart/${created.body.id}/data/`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result[0].rowcount).toBe(2);
    const csv = await ctx.app.api('GET', `/api/v1/chart/${created.body.id}/data/?format=csv`);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect((await ctx.app.api('GET', '/api/v1/chart/999999/data/')).status).toBe(404);
  });

  it('warms the cache of a chart and of every chart on a table (PUT warm_up_cache)', async () => {
    const queryContext = { datasource: { id: ctx.datasetId, type: 'table' }, queries: [{ columns: ['state'], metrics: [COUNT] }], result_type: 'full', result_format: 'json' };
    const chart = async (name: string, context: unknown) =>
      (await ctx.app.api('POST', '/api/v1/chart/', { body: { slice_name: name, viz_type: 'table', datasource_id: ctx.datasetId, datasource_type: 'table', params: '{}', ...(context ? { query_context: JSON.stringify(context) } : {}) } })).body.id as number;
    const good = await chart('warm by state', queryContext);
    const broken = await chart('warm broken', { ...queryContext, queries: [{ columns: ['nope'], metrics: [COUNT] }] });
    const unsaved = await chart('warm without context', null);

    const before = chartEngineStats.executions;
    const warmed = await ctx.app.api('PUT', '/api/v1/chart/warm_up_cache', { body: { chart_id: good } });
    expect(warmed.status, JSON.stringify(warmed.body)).toBe(200);
    expect(warmed.body).toEqual({ result: [{ chart_id: good, viz_error: null, viz_status: 'success' }] });
    expect(chartEngineStats.executions - before).toBe(1);
    // The next viewer's request is answered from the cache the warm-up filled.
    const viewed = await ctx.app.api('GET', `/api/v1/chart/${good}/data/`);
    expect(viewed.body.result[0].is_cached).toBe(true);

    const table = await ctx.app.api('PUT', '/api/v1/dataset/warm_up_cache', { body: { db_name: 'charts', table_name: 'births' } });
    expect(table.status, JSON.stringify(table.body)).toBe(200);
    const byId = new Map((table.body.result as { chart_id: number; viz_error: string | null; viz_status: string | null }[]).map((r) => [r.chart_id, r]));
    expect(byId.get(good)).toEqual({ chart_id: good, viz_error: null, viz_status: 'success' });
    expect(byId.get(broken)?.viz_error).toMatch(/nope/);
    expect(byId.get(unsaved)).toEqual({ chart_id: unsaved, viz_error: "Chart's query context does not exist", viz_status: null });

    expect((await ctx.app.api('PUT', '/api/v1/chart/warm_up_cache', { body: { chart_id: 999999 } })).status).toBe(404);
    expect((await ctx.app.api('PUT', '/api/v1/chart/warm_up_cache', { body: {} })).status).toBe(400);
    expect((await ctx.app.api('PUT', '/api/v1/dataset/warm_up_cache', { body: { db_name: 'charts', table_name: 'nothing' } })).status).toBe(404);
  });

  it('warms the entry a dashboard viewer reads: the chart with the extra_filters given for its dashboard', async () => {
    const queryContext = { datasource: { id: ctx.datasetId, type: 'table' }, queries: [{ columns: ['state'], metrics: [COUNT] }], result_type: 'full', result_format: 'json' };
    const created = await ctx.app.api('POST', '/api/v1/chart/', {
      body: { slice_name: 'warm for a dashboard', viz_type: 'table', datasource_id: ctx.datasetId, datasource_type: 'table', params: '{}', query_context: JSON.stringify(queryContext) },
    });
    const chartId = created.body.id as number;
    const dashboard = await ctx.app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: 'Warm-up board' } });
    expect((await ctx.app.api('PUT', `/api/v1/chart/${chartId}`, { body: { dashboards: [dashboard.body.id] } })).status).toBe(200);

    const extra = JSON.stringify([{ col: 'state', op: 'in', val: ['CA'] }]);
    const warmed = await ctx.app.api('PUT', '/api/v1/chart/warm_up_cache', { body: { chart_id: chartId, dashboard_id: dashboard.body.id, extra_filters: extra } });
    expect(warmed.body).toEqual({ result: [{ chart_id: chartId, viz_error: null, viz_status: 'success' }] });
    // The dashboard's viewer asks for the chart with that filter: answered from what the warm-up stored.
    const viewed = await ctx.app.api('POST', '/api/v1/chart/data', {
      body: { ...queryContext, queries: [{ columns: ['state'], metrics: [COUNT], filters: [{ col: 'state', op: 'IN', val: ['CA'] }] }] },
    });
    expect(viewed.status, JSON.stringify(viewed.body)).toBe(200);
    expect(viewed.body.result[0].is_cached).toBe(true);
    expect(viewed.body.result[0].data.map((r: { state: string }) => r.state)).toEqual(['CA']);
  });
});

describe('chart data with global async queries', () => {
  const ctx = {} as SuiteContext;
  beforeAll(async () => {
    ctx.app = await startTestApp({ GLOBAL_ASYNC_QUERIES: 'on' });
    ctx.datasetId = await createDataset(ctx.app, await createDuckdbWarehouse(ctx.app, DuckDBInstance), 'births', 'main');
  });
  afterAll(async () => ctx.app?.close());
  asyncQuerySuite(() => ctx);
});

describe('chart data under the query timeout (CHART_QUERY_TIMEOUT)', () => {
  const ctx = {} as SuiteContext & { dbId: number; slowId: number };

  beforeAll(async () => {
    ctx.app = await startTestApp({ CHART_QUERY_TIMEOUT: '1' });
    ctx.dbId = await createDuckdbWarehouse(ctx.app, DuckDBInstance);
    ctx.datasetId = await createDataset(ctx.app, ctx.dbId, 'births', 'main');
    const slow = await ctx.app.api('POST', '/api/v1/dataset/', {
      body: { database: ctx.dbId, schema: 'main', table_name: 'endless', sql: 'SELECT a.range * b.range AS x FROM range(100000) a, range(100000) b' },
    });
    expect(slow.status, JSON.stringify(slow.body)).toBe(201);
    ctx.slowId = slow.body.id as number;
  });
  afterAll(async () => ctx.app?.close());

  it('stops a statement past the timeout with a 408, and the connection (with its kept statements) serves the next one', async () => {
    const q = [{ columns: ['state'], metrics: [COUNT], orderby: [['state', true]] }];
    expect((await chartData(ctx, q)).status).toBe(200);
    const started = Date.now();
    const slow = await chartData({ ...ctx, datasetId: ctx.slowId }, [{ metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(x)', label: 's' }] }]);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(slow).toMatchObject({ status: 408, body: { errors: [{ error_type: 'BACKEND_TIMEOUT_ERROR', message: 'The query exceeded the 1 seconds timeout.' }] } });
    // The same statement again (kept prepared on the pooled connections) still answers right.
    for (let i = 0; i < 4; i++) {
      const again = await chartData(ctx, q);
      expect(again.status).toBe(200);
      expect(again.body.result[0].data.map((r: Record<string, unknown>) => [r.state, Number(r.cnt)])).toEqual(
        ['CA', 'NY', 'TX'].map((s) => [s, count((r) => r.state === s)]),
      );
    }
  });
});
