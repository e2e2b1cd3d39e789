import type { Principal, QueryContext } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/testApp.js';
import type { ChartDataRepository } from '../chartData/chartData.repository.js';
import type { ChartDataService } from '../chartData/chartData.service.js';
import { ChartWarmUp } from '../chartData/chartWarmUp.js';
import { DatasetsRepository } from '../datasets/datasets.repository.js';
import { createWarehouse } from '../tabState/__tests__/sqllabTestKit.js';
import { ChartsRepository } from './charts.repository.js';
import { ChartsService } from './charts.service.js';
import { DashboardLinks } from './dashboardLinks.js';
import { FavoritesRepository } from './favorites.repository.js';

/**
 * `PUT /api/v1/chart/warm_up_cache` as Superset's chart API tests drive it. The dashboard context is checked
 * on the warm-up itself, over the real charts service and metadata store; only the chart data engine is
 * replaced by a recorder, to read the query context the warm-up runs.
 */
describe('chart cache warm-up', () => {
  let app: TestApp;
  let datasetId: number;
  let chartId: number;
  let dashboardId: number;
  const admin: Principal = { id: 1, roles: [{ name: 'Admin', permissions: [] }] };
  const ownFilter = { col: 'name', op: '!=', val: 'nobody' };

  beforeAll(async () => {
    app = await startTestApp();
    const dbId = await createWarehouse(app);
    datasetId = (await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', table_name: 'birth_names' } })).body.id;
    dashboardId = (await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: 'Births' } })).body.id;
    const queryContext = { datasource: { id: datasetId, type: 'table' }, queries: [{ columns: ['name'], metrics: ['count'], filters: [ownFilter] }] };
    const created = await app.api('POST', '/api/v1/chart/', {
      body: { slice_name: 'Names', viz_type: 'table', datasource_id: datasetId, datasource_type: 'table', dashboards: [dashboardId], query_context: JSON.stringify(queryContext) },
    });
    chartId = created.body.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A warm-up over the app's own charts service and store, recording the context it runs. */
  function warmUp() {
    const db = app.ctx.db;
    const favorites = new FavoritesRepository(db);
    const charts = new ChartsService(new ChartsRepository(db, new DatasetsRepository(db), favorites), favorites, app.datasets, new DashboardLinks(db));
    const ran: QueryContext[] = [];
    const engine = {
      data: async (_principal: Principal, context: QueryContext) => {
        ran.push(context);
        return { kind: 'json' as const, status: 200, json: JSON.stringify({ result: [{ status: 'success', error: null }] }) };
      },
    };
    return { warm: new ChartWarmUp(engine as unknown as ChartDataService, charts, {} as ChartDataRepository), ran };
  }

  it('answers a chart it cannot find with Superset’s 404 message', async () => {
    const res = await app.api('PUT', '/api/v1/chart/warm_up_cache', { body: { chart_id: 99999 } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Chart not found' });
  });

  it('adds the extra_filters of a dashboard to every query, forced', async () => {
    const { warm, ran } = warmUp();
    const extra = JSON.stringify([{ col: 'name', op: 'in', val: ['Jennifer'] }]);
    expect(await warm.chart(admin, chartId, { dashboard_id: dashboardId, extra_filters: extra })).toEqual({ chart_id: chartId, viz_error: null, viz_status: 'success' });
    expect(ran[0]?.force).toBe(true);
    expect(ran[0]?.queries[0]?.filters).toEqual([ownFilter, { col: 'name', op: 'IN', val: ['Jennifer'] }]);
  });

  it('reads extra_filters only with a dashboard, as Superset does', async () => {
    const { warm, ran } = warmUp();
    await warm.chart(admin, chartId, { extra_filters: JSON.stringify([{ col: 'name', op: 'in', val: ['Jennifer'] }]) });
    expect(ran[0]?.queries[0]?.filters).toEqual([ownFilter]);
  });

  it("applies the dashboard's default filters when no extra_filters are given", async () => {
    const metadata = { default_filters: JSON.stringify({ 999: { name: ['Ann'] } }), filter_scopes: {} };
    await app.ctx.db.updateTable('dashboards').set({ json_metadata: JSON.stringify(metadata) }).where('id', '=', dashboardId).execute();
    const { warm, ran } = warmUp();
    await warm.chart(admin, chartId, { dashboard_id: dashboardId });
    expect(ran[0]?.queries[0]?.filters).toEqual([ownFilter, { col: 'name', op: 'IN', val: ['Ann'] }]);

    // A dashboard that does not hold the chart adds nothing.
    const other = (await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: 'Other' } })).body.id as number;
    await app.ctx.db.updateTable('dashboards').set({ json_metadata: JSON.stringify(metadata) }).where('id', '=', other).execute();
    await warm.chart(admin, chartId, { dashboard_id: other });
    expect(ran[1]?.queries[0]?.filters).toEqual([ownFilter]);
  });

  it('reports malformed extra_filters as the chart’s viz_error, without running it', async () => {
    const { warm, ran } = warmUp();
    const notJson = await warm.chart(admin, chartId, { dashboard_id: dashboardId, extra_filters: '[{oops' });
    expect(notJson).toMatchObject({ chart_id: chartId, viz_status: null, viz_error: expect.any(String) });
    const badOp = await warm.chart(admin, chartId, { dashboard_id: dashboardId, extra_filters: JSON.stringify([{ col: 'name', op: 'near', val: 1 }]) });
    expect(badOp).toEqual({ chart_id: chartId, viz_status: null, viz_error: 'Invalid extra filter: {"col":"name","op":"near","val":1}' });
    expect(ran).toHaveLength(0);
  });
});
