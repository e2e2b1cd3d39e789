import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';
import { createWarehouse, userIdOf } from '../tabState/__tests__/sqllabTestKit.js';

const q = (value: unknown) => `?q=${encodeURIComponent(rison.encode(value))}`;

describe('dashboards API (minimal)', () => {
  let app: TestApp;
  let datasetId: number;

  beforeAll(async () => {
    app = await startTestApp();
    const dbId = await createWarehouse(app);
    datasetId = (await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', table_name: 'birth_names' } })).body.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('creates, shows by id or slug, lists charts and deletes', async () => {
    const untitled = await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: '' } });
    expect(untitled).toMatchObject({ status: 201, body: { result: { dashboard_title: '[ untitled dashboard ]', owners: [1] } } });
    const created = await app.api('POST', '/api/v1/dashboard/', {
      body: { dashboard_title: 'Births', slug: 'births', json_metadata: '{"color_scheme":"supersetColors"}', certification_details: 'no certifier' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: 'Again', slug: 'births' } })).status).toBe(422);
    expect((await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: 'Bad', json_metadata: '{' } })).status).toBe(400);

    const chart = await app.api('POST', '/api/v1/chart/', {
      body: { slice_name: 'Pie', viz_type: 'pie', datasource_id: datasetId, datasource_type: 'table', params: '{"metric":"count"}', dashboards: [id] },
    });
    const bySlug = await app.api('GET', '/api/v1/dashboard/births');
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.result).toMatchObject({
      id,
      slug: 'births',
      url: '/superset/dashboard/births/',
      dashboard_title: 'Births',
      published: false,
      json_metadata: '{"color_scheme":"supersetColors"}',
      certified_by: null,
      certification_details: null,
      charts: ['Pie'],
      owners: [{ id: 1 }],
      changed_by_name: expect.any(String),
      changed_on_delta_humanized: expect.any(String),
    });
    expect((await app.api('GET', `/api/v1/dashboard/${id}`)).body.result.id).toBe(id);
    expect((await app.api('GET', '/api/v1/dashboard/99999')).status).toBe(404);
    const charts = await app.api('GET', `/api/v1/dashboard/${id}/charts`);
    expect(charts.body.result).toEqual([
      expect.objectContaining({ id: chart.body.id, slice_name: 'Pie', viz_type: 'pie', slice_url: `/explore/?slice_id=${chart.body.id}`, form_data: expect.objectContaining({ metric: 'count' }) }),
    ]);

    expect(await app.api('DELETE', `/api/v1/dashboard/${id}`)).toMatchObject({ status: 200, body: { message: 'OK' } });
    expect((await app.api('GET', `/api/v1/dashboard/${id}`)).status).toBe(404);
    // The chart survives its dashboard, without the link.
    expect((await app.api('GET', `/api/v1/chart/${chart.body.id}`)).body.result.dashboards).toEqual([]);
    expect((await app.api('DELETE', `/api/v1/dashboard/${untitled.body.id}`)).status).toBe(200);
  });

  it('lists with filters and paging, stars, and keeps drafts private', async () => {
    const titles = ['Sales overview', 'Sales by region', 'Marketing'];
    const ids: number[] = [];
    for (const t of titles) ids.push((await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: t } })).body.id);
    const sales = await app.api('GET', `/api/v1/dashboard/${q({ filters: [{ col: 'dashboard_title', opr: 'ct', value: 'sales' }], order_column: 'dashboard_title', order_direction: 'asc' })}`);
    expect(sales.body.result.map((r: { dashboard_title: string }) => r.dashboard_title)).toEqual(['Sales by region', 'Sales overview']);
    expect(sales.body.result[0]).toMatchObject({ url: `/superset/dashboard/${ids[1]}/`, status: 'draft', owners: [{ id: 1 }] });
    // FAB's own text operators on the title (Superset's link test counts dashboards by exact title).
    const exact = await app.api('GET', `/api/v1/dashboard/${q({ filters: [{ col: 'dashboard_title', opr: 'eq', value: 'Marketing' }] })}`);
    expect(exact.body).toMatchObject({ count: 1, result: [{ id: ids[2] }] });
    const starts = await app.api('GET', `/api/v1/dashboard/${q({ filters: [{ col: 'dashboard_title', opr: 'sw', value: 'sales b' }] })}`);
    expect(starts.body.result.map((r: { id: number }) => r.id)).toEqual([ids[1]]);
    const page = await app.api('GET', `/api/v1/dashboard/${q({ page_size: 2, page: 1, order_column: 'dashboard_title', order_direction: 'asc' })}`);
    expect(page.body).toMatchObject({ count: 3 });
    expect(page.body.result.map((r: { dashboard_title: string }) => r.dashboard_title)).toEqual(['Sales overview']);

    expect(await app.api('POST', `/api/v1/dashboard/${ids[2]}/favorites/`)).toMatchObject({ status: 200, body: { result: 'OK' } });
    expect((await app.api('GET', `/api/v1/dashboard/favorite_status/${q(ids)}`)).body.result).toEqual([
      { id: ids[0], value: false },
      { id: ids[1], value: false },
      { id: ids[2], value: true },
    ]);
    const favs = await app.api('GET', `/api/v1/dashboard/${q({ filters: [{ col: 'id', opr: 'dashboard_is_favorite', value: true }] })}`);
    expect(favs.body.result.map((r: { id: number }) => r.id)).toEqual([ids[2]]);
    expect((await app.api('DELETE', `/api/v1/dashboard/${ids[2]}/favorites/`)).status).toBe(200);
    expect((await app.api('POST', '/api/v1/dashboard/99999/favorites/')).status).toBe(404);

    const alpha = await createUserWithRole(app, 'alpha_dash', 'Alpha');
    const alphaId = await userIdOf(app, 'alpha_dash');
    const mine = (await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: 'Mine' }, token: alpha })).body.id as number;
    const owned = await app.api('GET', `/api/v1/dashboard/${q({ filters: [{ col: 'owners', opr: 'rel_m_m', value: alphaId }] })}`);
    expect(owned.body.result.map((r: { id: number }) => r.id)).toEqual([mine]);
    // Drafts of others are hidden from non-admins.
    expect((await app.api('GET', '/api/v1/dashboard/', { token: alpha })).body.result.map((r: { id: number }) => r.id)).toEqual([mine]);
    expect((await app.api('GET', `/api/v1/dashboard/${ids[0]}`, { token: alpha })).status).toBe(403);
    // Superset finds what to delete through the base filter: a draft the caller cannot see is not found.
    expect((await app.api('DELETE', `/api/v1/dashboard/${ids[0]}`, { token: alpha })).status).toBe(404);

    const info = await app.api('GET', `/api/v1/dashboard/_info${q({ keys: ['permissions'] })}`);
    expect(info.body.permissions).toEqual(['can_read', 'can_write', 'can_export']);
    expect(await app.api('DELETE', `/api/v1/dashboard/${q([...ids, mine])}`)).toMatchObject({ status: 200, body: { message: 'Deleted 4 dashboards' } });
  });
});
