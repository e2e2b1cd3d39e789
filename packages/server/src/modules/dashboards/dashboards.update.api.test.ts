import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';
import { userIdOf } from '../tabState/__tests__/sqllabTestKit.js';
import { createChart, createDashboard, gammaWithDatasets, layoutOf, warehouse, type Warehouse } from './__tests__/dashboardTestKit.js';

/** PUT /api/v1/dashboard/<pk> (Superset's test_update_dashboard* cases), layout validation and confirm-diff. */
describe('dashboards API: update', () => {
  let app: TestApp;
  let wh: Warehouse;
  let chartA: number;
  let chartB: number;
  let alpha: string;
  let alphaId: number;

  beforeAll(async () => {
    app = await startTestApp();
    wh = await warehouse(app);
    chartA = await createChart(app, wh.birthNames, 'A');
    chartB = await createChart(app, wh.birthNames, 'B');
    alpha = await createUserWithRole(app, 'alpha_upd', 'Alpha');
    alphaId = await userIdOf(app, 'alpha_upd');
  });
  afterAll(async () => app?.close());

  it('saves every property and answers id, result and last_modified_time', async () => {
    const id = await createDashboard(app, { dashboard_title: 'Before', slug: 'before' });
    const loaded = (await app.api('GET', `/api/v1/dashboard/${id}`)).body.result;
    expect(loaded.last_modified_time).toBeCloseTo(Date.parse(loaded.changed_on) / 1000, 3);
    const roles = (await app.api('GET', '/api/v1/security/roles/?q=(page_size:100)')).body.result as { id: number; name: string }[];
    const gammaRole = roles.find((r) => r.name === 'Gamma')!.id;
    const body = {
      dashboard_title: 'After',
      slug: 'after',
      owners: [1, alphaId],
      roles: [gammaRole],
      css: '.x { color: red; }',
      json_metadata: JSON.stringify({ color_scheme: 'supersetColors', refresh_frequency: 30, my_own_key: { kept: true } }),
      position_json: JSON.stringify(layoutOf([{ id: chartA }])),
      published: true,
      certified_by: 'Data team',
      certification_details: 'Checked weekly',
      tags: [1, 2],
    };
    const res = await app.api('PUT', `/api/v1/dashboard/${id}`, { body });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, result: { dashboard_title: 'After', slug: 'after', published: true, owners: [1, alphaId], roles: [gammaRole] } });
    expect(res.body.last_modified_time).toBeGreaterThan(loaded.last_modified_time);

    const shown = (await app.api('GET', '/api/v1/dashboard/after')).body.result;
    expect(shown).toMatchObject({
      id,
      dashboard_title: 'After',
      url: '/superset/dashboard/after/',
      css: '.x { color: red; }',
      published: true,
      certified_by: 'Data team',
      certification_details: 'Checked weekly',
      owners: [{ id: 1 }, { id: alphaId }],
      roles: [{ id: gammaRole, name: 'Gamma' }],
      charts: ['A'],
      last_modified_time: res.body.last_modified_time,
    });
    expect(JSON.parse(shown.json_metadata)).toEqual({ color_scheme: 'supersetColors', refresh_frequency: 30, my_own_key: { kept: true } });
    // The new owner may now edit it.
    expect((await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { css: '' }, token: alpha })).status).toBe(200);
  });

  it('applies the spec rules: untitled title, certification needs a certifier, unique slug, existing owners and roles', async () => {
    const id = await createDashboard(app, { dashboard_title: 'Rules', slug: 'rules' });
    await createDashboard(app, { dashboard_title: 'Other', slug: 'taken' });
    const untitled = await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { dashboard_title: '  ', certified_by: '', certification_details: 'orphan' } });
    expect(untitled.body.result).toMatchObject({ dashboard_title: '[ untitled dashboard ]', certified_by: null, certification_details: null });
    expect((await app.api('GET', `/api/v1/dashboard/${id}`)).body.result).toMatchObject({ dashboard_title: '[ untitled dashboard ]', certification_details: null });

    expect(await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { slug: 'taken' } })).toMatchObject({ status: 422, body: { message: { slug: ['Must be unique'] } } });
    // Its own slug is not a clash.
    expect((await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { slug: 'rules' } })).status).toBe(200);
    expect(await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { owners: [424242] } })).toMatchObject({ status: 422, body: { message: { owners: ['Owners are invalid'] } } });
    expect((await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { roles: [424242] } })).status).toBe(422);
    expect((await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { json_metadata: '[1, 2]' } })).body).toEqual({ message: { json_metadata: ['JSON metadata must be an object'] } });
    expect((await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { json_metadata: '{"refresh_frequency": "often"}' } })).status).toBe(400);
    expect((await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { no_such_field: 1 } })).body).toEqual({ message: { no_such_field: ['Unknown field.'] } });
    expect((await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { published: 'yes' } })).status).toBe(400);
    // A layout given at creation is checked the same way.
    const created = await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: 'Bad start', position_json: JSON.stringify(layoutOf([{ id: 987654 }])) } });
    expect(created).toMatchObject({ status: 400, body: { message: { position_json: ['Chart component CHART-c0 refers to chart 987654, which does not exist'] } } });
  });

  it('refuses non-owners with the spec messages, anonymous callers and unknown dashboards', async () => {
    const gamma = await gammaWithDatasets(app, 'gamma_upd', [wh.birthNames]);
    const id = await createDashboard(app, { dashboard_title: 'Owned by admin', published: true, position_json: JSON.stringify(layoutOf([{ id: chartA }])) });
    // Charts link through the layout on save; create leaves links to the chart save modal.
    await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { position_json: JSON.stringify(layoutOf([{ id: chartA }])) } });
    // A Gamma user with the dataset sees the dashboard...
    expect((await app.api('GET', `/api/v1/dashboard/${id}`, { token: gamma.token })).status).toBe(200);
    // ...but may not save it, nor toggle its publication.
    expect(await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { dashboard_title: 'Mine now' }, token: gamma.token })).toMatchObject({
      status: 403,
      body: { message: 'You do not have permission to edit this dashboard' },
    });
    expect(await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { published: false }, token: alpha })).toMatchObject({
      status: 403,
      body: { message: 'You do not have permissions to edit this dashboard.', errors: [{ error_type: 'MISSING_OWNERSHIP_ERROR' }] },
    });
    expect((await app.api('GET', `/api/v1/dashboard/${id}`)).body.result).toMatchObject({ dashboard_title: 'Owned by admin', published: true });
    expect((await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { published: false }, token: null })).status).toBe(401);
    expect((await app.api('PUT', '/api/v1/dashboard/999999', { body: { published: false } })).status).toBe(404);
    // A draft the caller cannot see is a 404, not a 403: its existence is not told.
    const draft = await createDashboard(app, { dashboard_title: 'Hidden draft' });
    expect((await app.api('PUT', `/api/v1/dashboard/${draft}`, { body: { css: '' }, token: gamma.token })).status).toBe(404);
    expect((await app.api('DELETE', `/api/v1/dashboard/${draft}`, { token: gamma.token })).status).toBe(404);
    expect((await app.api('DELETE', `/api/v1/dashboard/?q=!(${draft})`, { token: gamma.token })).status).toBe(404);
    expect((await app.api('GET', `/api/v1/dashboard/${draft}`)).status).toBe(200);
    // The owner toggles publication alone.
    expect(await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { published: false } })).toMatchObject({ status: 200, body: { result: { published: false } } });
  });

  it('links the charts of the saved layout, and only those', async () => {
    const id = await createDashboard(app, { dashboard_title: 'Links' });
    const chartA = await createChart(app, wh.birthNames, 'A');
    const chartB = await createChart(app, wh.birthNames, 'B');
    await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { position_json: JSON.stringify(layoutOf([{ id: chartA }, { id: chartB }])) } });
    expect((await app.api('GET', `/api/v1/dashboard/${id}/charts`)).body.result.map((c: { id: number }) => c.id)).toEqual([chartA, chartB]);
    await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { position_json: JSON.stringify(layoutOf([{ id: chartB, width: 12 }])) } });
    expect((await app.api('GET', `/api/v1/dashboard/${id}`)).body.result.charts).toEqual(['B']);
    expect((await app.api('GET', `/api/v1/chart/${chartA}`)).body.result.dashboards).toEqual([]);
    // Superset's page sends the layout inside json_metadata as `positions`; it is stored as the layout, not as metadata.
    const md = { color_scheme: 'bnbColors', positions: layoutOf([{ id: chartA }]) };
    expect((await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { json_metadata: JSON.stringify(md) } })).status).toBe(200);
    const shown = (await app.api('GET', `/api/v1/dashboard/${id}`)).body.result;
    expect(shown.charts).toEqual(['A']);
    expect(JSON.parse(shown.json_metadata)).toEqual({ color_scheme: 'bnbColors' });
    expect(JSON.parse(shown.position_json)['CHART-c0'].meta.chartId).toBe(chartA);
  });

  it('answers 400 with the reason for each bad layout, and keeps the stored one', async () => {
    const good = layoutOf([{ id: chartA }]);
    const id = await createDashboard(app, { dashboard_title: 'Layout checks' });
    await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { position_json: JSON.stringify(good) } });
    const bad = (change: (l: any) => void) => {
      const l = structuredClone(good) as any;
      change(l);
      return JSON.stringify(l);
    };
    const cases: [string, string][] = [
      ['x'.repeat(65_536), 'Your dashboard is too large. Please reduce its size before saving it.'],
      ['{"ROOT_ID": ', 'The layout is not valid JSON'],
      ['[]', 'The layout is not an object'],
      [bad((l) => (l['ROW-r1'].type = 'WIDGET')), 'Component ROW-r1 has an unknown type: WIDGET'],
      [bad((l) => l['ROW-r1'].children.push('CHART-gone')), 'Component ROW-r1 lists a child that does not exist: CHART-gone'],
      [bad((l) => (l['CHART-c0'].children = ['ROW-r1'])), 'Component ROW-r1 has two parents: GRID_ID and CHART-c0'],
      [bad((l) => delete l.ROOT_ID), 'The layout has no ROOT_ID'],
      [bad((l) => (l['CHART-c0'].meta.width = 13)), 'Component CHART-c0 has a width that is not an integer from 1 to 12'],
      [bad((l) => (l['CHART-c0'].meta.chartId = 987654)), 'Chart component CHART-c0 refers to chart 987654, which does not exist'],
      [bad((l) => (l['CHART-c0'].meta.height = -5)), 'Component CHART-c0 has a height that is not an integer from 1 to 1000'],
    ];
    for (const [positionJson, reason] of cases) {
      const res = await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { position_json: positionJson } });
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { message: { position_json: [reason] } } });
    }
    const wide = layoutOf([{ id: chartA, width: 8 }, { id: chartB, width: 5 }]);
    expect((await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { position_json: JSON.stringify(wide) } })).body).toEqual({
      message: { position_json: ['Row ROW-r1 is 13 columns wide, more than 12'] },
    });
    const cyclic = bad((l) => {
      l['COLUMN-a'] = { type: 'COLUMN', children: ['COLUMN-b'], meta: { width: 2 } };
      l['COLUMN-b'] = { type: 'COLUMN', children: ['COLUMN-a'], meta: { width: 2 } };
    });
    expect((await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { position_json: cyclic } })).body.message.position_json[0]).toMatch(/^The layout has a cycle through COLUMN-[ab]$/);
    expect(JSON.parse((await app.api('GET', `/api/v1/dashboard/${id}`)).body.result.position_json)).toEqual(good);
  });

  it('answers 409 to a save over a newer version, and saves without the version (after confirming)', async () => {
    const id = await createDashboard(app, { dashboard_title: 'Shared' });
    const v1 = (await app.api('GET', `/api/v1/dashboard/${id}`)).body.result.last_modified_time as number;
    // Another editor saves first.
    const other = await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { dashboard_title: 'Theirs', last_modified_time: v1 } });
    expect(other.status).toBe(200);
    const stale = await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { dashboard_title: 'Mine', last_modified_time: v1 } });
    expect(stale).toMatchObject({
      status: 409,
      body: { message: 'Please confirm the overwrite values.', errors: [{ message: 'Please confirm the overwrite values.', extra: { last_modified_time: other.body.last_modified_time } }] },
    });
    expect((await app.api('GET', `/api/v1/dashboard/${id}`)).body.result.dashboard_title).toBe('Theirs');
    // The user confirmed: the page saves again with the version it now knows, or without one.
    const confirmed = await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { dashboard_title: 'Mine', last_modified_time: stale.body.errors[0].extra.last_modified_time } });
    expect(confirmed.status).toBe(200);
    expect((await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { dashboard_title: 'Mine again' } })).status).toBe(200);
    expect((await app.api('GET', `/api/v1/dashboard/${id}`)).body.result.dashboard_title).toBe('Mine again');
  });
});
