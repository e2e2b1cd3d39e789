import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/testApp.js';
import { BIRTHS, createDataset, createDuckdbWarehouse } from './__tests__/chartDataKit.js';
import { chartData, type SuiteContext } from './__tests__/chartDataSuite.js';

const COUNT = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'cnt' };
const inRange = (range: string) => ({ col: 'ds', op: 'TEMPORAL_RANGE', val: range });
const yearly = { sqlExpression: 'ds', label: 'ds', expressionType: 'SQL', columnType: 'BASE_AXIS', timeGrain: 'P1Y' };
type Pair = { id: number; permission_name: string; view_menu_name: string };

/** Layers that read another saved chart (Superset's chart-sourced EVENT, INTERVAL and TIME_SERIES layers). */
describe('chart data with annotation layers read from another chart', () => {
  const ctx = {} as SuiteContext;
  let sourceDataset: number;
  let tableChart: number;
  let lineChart: number;
  let noContextChart: number;
  let gamma: string;

  async function createChart(datasetId: number, vizType: string, queries: unknown[] | null): Promise<number> {
    const context = queries && JSON.stringify({ datasource: { id: datasetId, type: 'table' }, queries, form_data: {}, result_type: 'full', result_format: 'json' });
    const res = await ctx.app.api('POST', '/api/v1/chart/', {
      body: {
        slice_name: `${vizType} source`,
        viz_type: vizType,
        datasource_id: datasetId,
        datasource_type: 'table',
        params: JSON.stringify({ viz_type: vizType, datasource: `${datasetId}__table` }),
        ...(context ? { query_context: context } : {}),
      },
    });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body.id as number;
  }

  beforeAll(async () => {
    ctx.app = await startTestApp();
    ctx.datasetId = await createDataset(ctx.app, await createDuckdbWarehouse(ctx.app, DuckDBInstance, 'charts'), 'births', 'main');
    // The source charts read another database's dataset, which the Gamma user below may not query.
    sourceDataset = await createDataset(ctx.app, await createDuckdbWarehouse(ctx.app, DuckDBInstance, 'sources'), 'births', 'main');
    tableChart = await createChart(sourceDataset, 'table', [{ columns: ['ds', 'name', 'state'], filters: [inRange('2020-01-01 : 2020-02-01')], orderby: [['ds', true]], row_limit: 3 }]);
    lineChart = await createChart(sourceDataset, 'echarts_timeseries_line', [{ columns: [yearly], metrics: [COUNT], orderby: [[yearly, true]], filters: [inRange('No filter')] }]);
    noContextChart = await createChart(sourceDataset, 'table', null);

    const pairs = (await ctx.app.api('GET', '/api/v1/security/permissions-resources/?q=(page_size:1000)')).body.result as Pair[];
    const access = pairs.find((p) => p.permission_name === 'datasource_access' && p.view_menu_name.includes(`(id:${ctx.datasetId})`))!;
    const role = await ctx.app.api('POST', '/api/v1/security/roles/', { body: { name: 'annotated_only' } });
    await ctx.app.api('POST', `/api/v1/security/roles/${role.body.id}/permissions`, { body: { permission_view_menu_ids: [access.id] } });
    const roles = (await ctx.app.api('GET', '/api/v1/security/roles/?q=(page_size:100)')).body.result as { id: number; name: string }[];
    const created = await ctx.app.api('POST', '/api/v1/security/users/', {
      body: { username: 'gamma_ann', first_name: 'g', last_name: 'a', email: 'gamma_ann@example.com', password: 'gamma-ann-pw', roles: [role.body.id, roles.find((r) => r.name === 'Gamma')!.id] },
    });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    gamma = await ctx.app.token('gamma_ann', 'gamma-ann-pw');
  });
  afterAll(async () => ctx.app?.close());

  const layer = (name: string, annotationType: string, sourceType: string, value: unknown, overrides: Record<string, unknown> = {}) => ({
    name,
    annotationType,
    sourceType,
    value,
    show: true,
    overrides,
    timeColumn: 'ds',
    titleColumn: 'name',
  });

  it('answers an event layer with the source table chart rows, as Superset does', async () => {
    const res = await chartData(ctx, [{ columns: [], metrics: [COUNT], annotation_layers: [layer('Births', 'EVENT', 'table', tableChart)] }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const first = BIRTHS.filter((r) => r.ms < Date.UTC(2020, 1, 1)).sort((a, b) => a.ms - b.ms).slice(0, 3);
    expect(res.body.result[0].annotation_data).toEqual({ Births: { records: first.map((r) => ({ ds: r.ms, name: r.name, state: r.state })) } });
  });

  it('answers a time-series layer as [{key, values: [{x, y}]}], with the annotated time range and grain when overridden', async () => {
    // `line` is how Superset stores a line chart source.
    const plain = await chartData(ctx, [{ columns: [], metrics: [COUNT], annotation_layers: [layer('Trend', 'TIME_SERIES', 'line', lineChart)] }]);
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    const years = [2020, 2021, 2022, 2023].map((y) => ({ x: Date.UTC(y, 0, 1), y: BIRTHS.filter((r) => new Date(r.ms).getUTCFullYear() === y).length }));
    expect(plain.body.result[0].annotation_data.Trend).toEqual([{ key: 'cnt', values: years }]);

    const overridden = layer('Trend', 'TIME_SERIES', 'echarts_timeseries_line', lineChart, { time_range: null, time_grain_sqla: null });
    const res = await chartData(ctx, [{ columns: [], metrics: [COUNT], filters: [inRange('2021-01-01 : 2021-04-01')], extras: { time_grain_sqla: 'P1M' }, annotation_layers: [overridden] }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const months = [0, 1, 2].map((m) => ({ x: Date.UTC(2021, m, 1), y: BIRTHS.filter((r) => r.ms >= Date.UTC(2021, m, 1) && r.ms < Date.UTC(2021, m + 1, 1)).length }));
    expect(res.body.result[0].annotation_data.Trend).toEqual([{ key: 'cnt', values: months }]);

    // An override with its own value wins over the annotated chart's.
    const own = layer('Trend', 'TIME_SERIES', 'echarts_timeseries_line', lineChart, { time_range: '2022-01-01 : 2023-01-01' });
    const fixed = await chartData(ctx, [{ columns: [], metrics: [COUNT], annotation_layers: [own] }]);
    expect(fixed.body.result[0].annotation_data.Trend[0].values).toEqual([years[2]]);
  });

  it('lists the charts of one viz type as the layer editor asks for them', async () => {
    const q = '(filters:!((col:viz_type,opr:eq,value:table),(col:slice_name,opr:ct,value:source)),columns:!(id,slice_name),order_column:slice_name,order_direction:asc,page_size:100)';
    const res = await ctx.app.api('GET', `/api/v1/chart/?q=${encodeURIComponent(q)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.map((c: { id: number }) => c.id).sort()).toEqual([tableChart, noContextChart].sort());
    expect(res.body.result[0]).toMatchObject({ id: expect.any(Number), slice_name: 'table source' });
  });

  it('refuses a missing source chart and one without a saved query context with Superset messages', async () => {
    const missing = await chartData(ctx, [{ columns: [], metrics: [COUNT], annotation_layers: [layer('Gone', 'EVENT', 'table', 987654)] }]);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: 'The chart does not exist', errors: [{ message: 'The chart does not exist' }] });
    const bare = await chartData(ctx, [{ columns: [], metrics: [COUNT], annotation_layers: [layer('Bare', 'INTERVAL', 'table', noContextChart)] }]);
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ message: 'The chart query context does not exist' });
    // A hidden layer is not read, so it cannot fail the chart.
    const hidden = await chartData(ctx, [{ columns: [], metrics: [COUNT], annotation_layers: [{ ...layer('Gone', 'EVENT', 'table', 987654), show: false }] }]);
    expect(hidden.status).toBe(200);
  });

  it('gives a caller who may not see the source chart nothing of it, uncached and after an admin warmed the cache', async () => {
    const queries = [{ columns: [], metrics: [COUNT], annotation_layers: [layer('Births', 'EVENT', 'table', tableChart)] }];
    const asGamma = (force: boolean) =>
      ctx.app.api('POST', '/api/v1/chart/data', { token: gamma, body: { datasource: { id: ctx.datasetId, type: 'table' }, queries, result_type: 'full', result_format: 'json', force } });

    // The annotated dataset itself is the caller's: only the layer is refused.
    const own = await ctx.app.api('POST', '/api/v1/chart/data', { token: gamma, body: { datasource: { id: ctx.datasetId, type: 'table' }, queries: [{ columns: [], metrics: [COUNT] }] } });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((await ctx.app.api('GET', `/api/v1/chart/${tableChart}`, { token: gamma })).status).toBe(404);

    const uncached = await asGamma(true);
    expect(uncached.status).toBe(404);
    expect(uncached.body).toEqual({ message: 'Not found' });

    const warm = await chartData(ctx, queries, { force: false });
    expect(warm.status).toBe(200);
    expect((await chartData(ctx, queries, { force: false })).body.result[0]).toMatchObject({ is_cached: true, annotation_data: { Births: { records: expect.any(Array) } } });
    const cached = await asGamma(false);
    expect(cached.status).toBe(404);
    expect(JSON.stringify(cached.body)).not.toContain('records');
  });
});
