import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, TEST_USER_PASSWORD, type TestApp } from '../../test/testApp.js';
import { userIdOf } from '../tabState/__tests__/sqllabTestKit.js';
import { createChart, createDashboard, gammaWithDatasets, layoutOf, warehouse, type Warehouse } from './__tests__/dashboardTestKit.js';

/** Copy (± duplicate_slices), colours and native filters (Superset's test_copy_dashboard*, colors and filters cases). */
describe('dashboards API: copy, colors, filters', () => {
  let app: TestApp;
  let wh: Warehouse;
  let alpha: string;
  let alphaId: number;

  beforeAll(async () => {
    app = await startTestApp();
    wh = await warehouse(app);
    alpha = await createUserWithRole(app, 'alpha_copy', 'Alpha');
    alphaId = await userIdOf(app, 'alpha_copy');
  });
  afterAll(async () => app?.close());

  async function source(): Promise<{ id: number; charts: [number, number] }> {
    const c1 = await createChart(app, wh.birthNames, 'First');
    const c2 = await createChart(app, wh.birthNames, 'Second');
    const id = await createDashboard(app, { dashboard_title: 'Source', slug: `source-${c1}`, published: true });
    await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { position_json: JSON.stringify(layoutOf([{ id: c1 }, { id: c2 }])) } });
    return { id, charts: [c1, c2] };
  }

  const metadataFor = (c1: number, c2: number) => ({
    color_scheme: 'supersetColors',
    timed_refresh_immune_slices: [c1],
    expanded_slices: { [c1]: true },
    chart_configuration: { [c2]: { id: c2, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [c1] }, chartsInScope: [c1] } } },
    native_filter_configuration: [{ id: 'NATIVE_FILTER-a', type: 'NATIVE_FILTER', scope: { rootPath: ['ROOT_ID'], excluded: [c2] }, chartsInScope: [c1] }],
    filter_scopes: { [c1]: { name: { scope: ['ROOT_ID'], immune: [c2] } } },
  });

  it('copies a dashboard keeping its charts', async () => {
    const src = await source();
    const [c1, c2] = src.charts;
    const res = await app.api('POST', `/api/v1/dashboard/${src.id}/copy/`, {
      body: { dashboard_title: 'Copy', css: '.a{}', json_metadata: JSON.stringify(metadataFor(c1, c2)) },
      token: alpha,
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ id: expect.any(Number), last_modified_time: expect.any(Number) });
    const copy = (await app.api('GET', `/api/v1/dashboard/${res.body.result.id}`)).body.result;
    expect(copy).toMatchObject({ dashboard_title: 'Copy', css: '.a{}', published: false, slug: null, owners: [{ id: alphaId }], charts: ['First', 'Second'] });
    expect(copy.last_modified_time).toBe(res.body.result.last_modified_time);
    expect(JSON.parse(copy.position_json)['CHART-c0'].meta.chartId).toBe(c1);
    expect(JSON.parse(copy.json_metadata)).toEqual(metadataFor(c1, c2));
    // The copy is the caller's: the source's owner is not one of its owners.
    expect((await app.api('PUT', `/api/v1/dashboard/${res.body.result.id}`, { body: { css: '' }, token: alpha })).status).toBe(200);
  });

  it('with duplicate_slices, clones the charts and points the layout and metadata at the clones', async () => {
    const src = await source();
    const [c1, c2] = src.charts;
    const res = await app.api('POST', `/api/v1/dashboard/source-${c1}/copy/`, {
      body: { dashboard_title: 'Deep copy', json_metadata: JSON.stringify(metadataFor(c1, c2)), duplicate_slices: true },
      token: alpha,
    });
    expect(res.status).toBe(200);
    const copyId = res.body.result.id as number;
    const charts = (await app.api('GET', `/api/v1/dashboard/${copyId}/charts`)).body.result as { id: number; slice_name: string; owners: { id: number }[] }[];
    expect(charts.map((c) => c.slice_name)).toEqual(['First', 'Second']);
    const [n1, n2] = charts.map((c) => c.id) as [number, number];
    expect(new Set([n1, n2, c1, c2]).size).toBe(4);
    expect(charts.every((c) => c.owners.length === 1 && c.owners[0]!.id === alphaId)).toBe(true);
    const copy = (await app.api('GET', `/api/v1/dashboard/${copyId}`)).body.result;
    const layout = JSON.parse(copy.position_json);
    expect([layout['CHART-c0'].meta.chartId, layout['CHART-c1'].meta.chartId]).toEqual([n1, n2]);
    expect(JSON.parse(copy.json_metadata)).toEqual(metadataFor(n1, n2));
    // The source keeps its own charts.
    expect((await app.api('GET', `/api/v1/dashboard/${src.id}/charts`)).body.result.map((c: { id: number }) => c.id)).toEqual([c1, c2]);
  });

  it('refuses bad copies: missing json_metadata, unknown or hidden source, no can_write', async () => {
    const src = await source();
    expect((await app.api('POST', `/api/v1/dashboard/${src.id}/copy/`, { body: { dashboard_title: 'x' } })).body).toEqual({
      message: { json_metadata: ['Missing data for required field.'] },
    });
    expect((await app.api('POST', `/api/v1/dashboard/${src.id}/copy/`, { body: { json_metadata: '"text"' } })).status).toBe(400);
    expect((await app.api('POST', '/api/v1/dashboard/999999/copy/', { body: { json_metadata: '{}' } })).status).toBe(404);
    expect((await app.api('POST', `/api/v1/dashboard/${src.id}/copy/`, { body: { json_metadata: '{}' }, token: null })).status).toBe(401);
    const draft = await createDashboard(app, { dashboard_title: 'Draft' });
    expect((await app.api('POST', `/api/v1/dashboard/${draft}/copy/`, { body: { json_metadata: '{}' }, token: alpha })).status).toBe(403);
    // Gamma holds can_write on Dashboard, as in Superset: a Gamma viewer may copy a dashboard it sees.
    const viewer = await gammaWithDatasets(app, 'viewer_copy', [wh.birthNames]);
    expect((await app.api('POST', `/api/v1/dashboard/${src.id}/copy/`, { body: { json_metadata: '{}' }, token: viewer.token })).status).toBe(200);
    // A reader without can_write on Dashboard may not.
    type Pair = { id: number; permission_name: string; view_menu_name: string };
    const pairs = (await app.api('GET', '/api/v1/security/permissions-resources/?q=(page_size:1000)')).body.result as Pair[];
    const pick = (perm: string, view: string) => pairs.find((p) => p.permission_name === perm && p.view_menu_name === view)!.id;
    const readOnly = await app.api('POST', '/api/v1/security/roles/', { body: { name: 'dashboard_reader' } });
    await app.api('POST', `/api/v1/security/roles/${readOnly.body.id}/permissions`, { body: { permission_view_menu_ids: [pick('can_read', 'Dashboard'), pick('all_datasource_access', 'all_datasource_access')] } });
    const user = await app.api('POST', '/api/v1/security/users/', {
      body: { username: 'reader_copy', first_name: 'r', last_name: 'c', email: 'reader_copy@example.com', password: TEST_USER_PASSWORD, roles: [readOnly.body.id] },
    });
    expect(user.status).toBe(201);
    const reader = await app.token('reader_copy', TEST_USER_PASSWORD);
    expect((await app.api('GET', `/api/v1/dashboard/${src.id}`, { token: reader })).status).toBe(200);
    expect((await app.api('POST', `/api/v1/dashboard/${src.id}/copy/`, { body: { json_metadata: '{}' }, token: reader })).status).toBe(403);
  });

  it('merges colours into json_metadata, moving changed_on only when asked', async () => {
    const id = await createDashboard(app, { dashboard_title: 'Colours', json_metadata: JSON.stringify({ color_scheme: 'old', refresh_frequency: 60 }) });
    const before = (await app.api('GET', `/api/v1/dashboard/${id}`)).body.result.last_modified_time;
    const colors = { color_scheme: 'bnbColors', label_colors: { boy: '#0000ff' }, shared_label_colors: ['boy'], map_label_colors: { girl: '#ff0000' }, color_scheme_domain: ['#1'] };
    const quiet = await app.api('PUT', `/api/v1/dashboard/${id}/colors?mark_updated=false`, { body: colors });
    expect(quiet).toMatchObject({ status: 200, body: { id, result: colors, last_modified_time: before } });
    const shown = (await app.api('GET', `/api/v1/dashboard/${id}`)).body.result;
    expect(JSON.parse(shown.json_metadata)).toEqual({ refresh_frequency: 60, ...colors });
    expect(shown.last_modified_time).toBe(before);
    const marked = await app.api('PUT', `/api/v1/dashboard/${id}/colors`, { body: { color_namespace: 'ns' } });
    expect(marked.body.last_modified_time).toBeGreaterThan(before);
    expect(JSON.parse((await app.api('GET', `/api/v1/dashboard/${id}`)).body.result.json_metadata)).toMatchObject({ color_namespace: 'ns', color_scheme: 'bnbColors' });

    expect((await app.api('PUT', `/api/v1/dashboard/${id}/colors`, { body: { label_colors: { boy: 7 } } })).status).toBe(400);
    expect((await app.api('PUT', `/api/v1/dashboard/${id}/colors?mark_updated=maybe`, { body: {} })).status).toBe(400);
    expect((await app.api('PUT', `/api/v1/dashboard/${id}/colors`, { body: { color_scheme: 'x' }, token: alpha })).status).toBe(404);
    await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { published: true, position_json: JSON.stringify(layoutOf([{ id: await createChart(app, wh.birthNames) }])) } });
    expect(await app.api('PUT', `/api/v1/dashboard/${id}/colors`, { body: { color_scheme: 'x' }, token: alpha })).toMatchObject({
      status: 403,
      body: { message: 'You do not have permission to edit this dashboard' },
    });
    expect((await app.api('PUT', '/api/v1/dashboard/999999/colors', { body: {} })).status).toBe(404);
    expect((await app.api('PUT', `/api/v1/dashboard/${id}/colors`, { body: {}, token: null })).status).toBe(401);
  });

  it('modifies, adds, deletes and reorders native filters', async () => {
    const f = (id: string, name: string) => ({ id, type: 'NATIVE_FILTER', name, filterType: 'filter_select', targets: [{ datasetId: wh.birthNames, column: { name: 'name' } }] });
    const id = await createDashboard(app, {
      dashboard_title: 'Filters',
      json_metadata: JSON.stringify({ native_filter_configuration: [f('NATIVE_FILTER-1', 'one'), f('NATIVE_FILTER-2', 'two'), f('NATIVE_FILTER-3', 'three')], other: 1 }),
    });
    const res = await app.api('PUT', `/api/v1/dashboard/${id}/filters`, {
      body: {
        modified: [f('NATIVE_FILTER-2', 'two, renamed'), { id: 'DIVIDER-1', type: 'DIVIDER', title: 'Section', description: 'd' }, f('NATIVE_FILTER-4', 'four')],
        deleted: ['NATIVE_FILTER-1', 'NATIVE_FILTER-unknown'],
        reordered: ['NATIVE_FILTER-3', 'DIVIDER-1', 'NATIVE_FILTER-2'],
      },
    });
    expect(res.status).toBe(200);
    const names = (res.body.result as { id: string; name?: string; title?: string }[]).map((x) => x.name ?? x.title);
    // NATIVE_FILTER-4 was new and not in `reordered`: it goes last.
    expect(names).toEqual(['three', 'Section', 'two, renamed', 'four']);
    const md = JSON.parse((await app.api('GET', `/api/v1/dashboard/${id}`)).body.result.json_metadata);
    expect(md.other).toBe(1);
    expect(md.native_filter_configuration).toEqual(res.body.result);

    expect((await app.api('PUT', `/api/v1/dashboard/${id}/filters`, { body: { modified: [{ id: 'x', type: 'WIDGET' }] } })).status).toBe(400);
    expect((await app.api('PUT', `/api/v1/dashboard/${id}/filters`, { body: { modified: [{ type: 'NATIVE_FILTER' }] } })).status).toBe(400);
    expect((await app.api('PUT', `/api/v1/dashboard/${id}/filters`, { body: { deleted: 'NATIVE_FILTER-2' } })).status).toBe(400);
    expect((await app.api('PUT', `/api/v1/dashboard/${id}/filters`, { body: { deleted: [] }, token: null })).status).toBe(401);
    expect((await app.api('PUT', '/api/v1/dashboard/999999/filters', { body: { deleted: [] } })).status).toBe(404);
    expect((await app.api('PUT', `/api/v1/dashboard/${id}/filters`, { body: { deleted: ['NATIVE_FILTER-2'] }, token: alpha })).status).toBe(404);
    expect((await app.api('GET', `/api/v1/dashboard/${id}`)).body.result.json_metadata).toContain('two, renamed');
  });
});
