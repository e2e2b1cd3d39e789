import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';
import { userIdOf } from '../tabState/__tests__/sqllabTestKit.js';
import { createChart, createDashboard, gammaWithDatasets, layoutOf, q, warehouse, type Warehouse } from './__tests__/dashboardTestKit.js';

/** /datasets, /tabs, /related/*, list filters and thumbnail_url (Superset's get_dashboard_datasets, tabs, related, filter cases). */
describe('dashboards API: reads and list', () => {
  let app: TestApp;
  let wh: Warehouse;
  let reader: { token: string; id: number; roleId: number };
  let dashboard: number;
  let grantedChart: number;

  beforeAll(async () => {
    app = await startTestApp();
    wh = await warehouse(app);
    reader = await gammaWithDatasets(app, 'reader_reads', [wh.birthNames]);
    grantedChart = await createChart(app, wh.birthNames, 'Births');
    const hiddenChart = await createChart(app, wh.parents, 'Parents');
    dashboard = await createDashboard(app, { dashboard_title: 'Mixed', slug: 'mixed', published: true });
    await app.api('PUT', `/api/v1/dashboard/${dashboard}`, { body: { position_json: JSON.stringify(layoutOf([{ id: grantedChart }, { id: hiddenChart }])) } });
  });
  afterAll(async () => app?.close());

  it('lists the datasets of its charts, leaving out those the caller may not read', async () => {
    const all = await app.api('GET', '/api/v1/dashboard/mixed/datasets');
    expect(all.status).toBe(200);
    expect(all.body.result.map((d: { table_name: string }) => d.table_name)).toEqual(['birth_names', 'parents']);
    expect(all.body.result[0]).toMatchObject({
      id: wh.birthNames,
      uid: `${wh.birthNames}__table`,
      type: 'table',
      table_name: 'birth_names',
      schema: 'main',
      database: { id: expect.any(Number), name: 'warehouse', backend: 'sqlite' },
      columns: expect.arrayContaining([expect.objectContaining({ column_name: 'num' })]),
      metrics: expect.any(Array),
      verbose_map: expect.any(Object),
      column_formats: expect.any(Object),
      time_grain_sqla: expect.any(Array),
    });
    const mine = await app.api('GET', `/api/v1/dashboard/${dashboard}/datasets`, { token: reader.token });
    expect(mine.body.result.map((d: { table_name: string }) => d.table_name)).toEqual(['birth_names']);
    // The charts endpoint's form data names the chart and its datasource, as the dashboard page reads them.
    const charts = (await app.api('GET', '/api/v1/dashboard/mixed/charts')).body.result;
    expect(charts[0]).toMatchObject({ id: grantedChart, form_data: { slice_id: grantedChart, viz_type: 'table', datasource: `${wh.birthNames}__table` } });
    expect((await app.api('GET', '/api/v1/dashboard/nope/datasets')).status).toBe(404);
    expect((await app.api('GET', `/api/v1/dashboard/${dashboard}/datasets`, { token: null })).status).toBe(401);
  });

  it('answers the tab tree of the layout', async () => {
    const layout = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['TABS-top'] },
      'TABS-top': { type: 'TABS', id: 'TABS-top', children: ['TAB-a', 'TAB-b'], meta: {}, parents: ['ROOT_ID'] },
      'TAB-a': { type: 'TAB', id: 'TAB-a', children: ['TABS-inner'], meta: { text: 'Overview' }, parents: ['ROOT_ID', 'TABS-top'] },
      'TABS-inner': { type: 'TABS', id: 'TABS-inner', children: ['TAB-a1'], meta: {}, parents: ['ROOT_ID', 'TABS-top', 'TAB-a'] },
      'TAB-a1': { type: 'TAB', id: 'TAB-a1', children: [], meta: { text: 'Detail' }, parents: ['ROOT_ID', 'TABS-top', 'TAB-a', 'TABS-inner'] },
      'TAB-b': { type: 'TAB', id: 'TAB-b', children: ['ROW-b'], meta: { text: 'Charts' }, parents: ['ROOT_ID', 'TABS-top'] },
      'ROW-b': { type: 'ROW', id: 'ROW-b', children: ['CHART-b'], meta: {} },
      'CHART-b': { type: 'CHART', id: 'CHART-b', children: [], meta: { chartId: grantedChart, width: 4, height: 50 } },
    };
    const id = await createDashboard(app, { dashboard_title: 'Tabs' });
    expect((await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { position_json: JSON.stringify(layout) } })).status).toBe(200);
    const res = await app.api('GET', `/api/v1/dashboard/${id}/tabs`);
    expect(res.status).toBe(200);
    expect(res.body.result.all_tabs).toEqual({ 'TAB-a': 'Overview', 'TAB-a1': 'Detail', 'TAB-b': 'Charts' });
    const tree = res.body.result.tab_tree as { id: string; title: string; children: { id: string; title: string; children: unknown[] }[] }[];
    expect(tree.map((t) => [t.id, t.title, t.children.map((c) => c.id)])).toEqual([
      ['TAB-a', 'Overview', ['TAB-a1']],
      ['TAB-b', 'Charts', []],
    ]);
    expect(tree[0]).toMatchObject({ value: 'TAB-a', type: 'TAB', parents: ['ROOT_ID', 'TABS-top'] });
    // No tabs: empty answers.
    expect((await app.api('GET', '/api/v1/dashboard/mixed/tabs')).body.result).toEqual({ all_tabs: {}, tab_tree: [] });
    expect((await app.api('GET', '/api/v1/dashboard/999999/tabs')).status).toBe(404);
    expect((await app.api('GET', `/api/v1/dashboard/${id}/tabs`, { token: reader.token })).status).toBe(403);
  });

  it('lists related owners and roles with a text filter and pages', async () => {
    await createUserWithRole(app, 'zelda_rel', 'Alpha');
    const owners = await app.api('GET', `/api/v1/dashboard/related/owners${q({ filter: 'zelda' })}`);
    expect(owners.body).toEqual({ count: 1, result: [{ value: await userIdOf(app, 'zelda_rel'), text: 'zelda_rel Test', extra: { active: true, email: 'zelda_rel@example.com' } }] });
    const roles = await app.api('GET', `/api/v1/dashboard/related/roles${q({ filter: 'gam' })}`);
    expect(roles.body).toEqual({ count: 1, result: [{ value: expect.any(Number), text: 'Gamma', extra: {} }] });
    const page = await app.api('GET', `/api/v1/dashboard/related/roles${q({ page: 0, page_size: 2 })}`);
    expect(page.body.count).toBeGreaterThan(2);
    expect(page.body.result).toHaveLength(2);
    expect((await app.api('GET', '/api/v1/dashboard/related/slug')).status).toBe(404);
    expect((await app.api('GET', '/api/v1/dashboard/related/owners', { token: null })).status).toBe(401);
  });

  it('filters the list by title or slug, published, certified, owners and creator, with thumbnail urls', async () => {
    const alpha = await createUserWithRole(app, 'alpha_list', 'Alpha');
    const alphaId = await userIdOf(app, 'alpha_list');
    const certified = await createDashboard(app, { dashboard_title: 'Quarterly', slug: 'q-report', certified_by: 'Finance', published: true });
    const byAlpha = await createDashboard(app, { dashboard_title: 'Alpha board' }, alpha);
    const ids = (filters: unknown[]) => app.api('GET', `/api/v1/dashboard/${q({ filters, order_column: 'id', order_direction: 'asc' })}`).then((r) => r.body.result.map((x: { id: number }) => x.id));

    expect(await ids([{ col: 'dashboard_title', opr: 'title_or_slug', value: 'q-rep' }])).toEqual([certified]);
    expect(await ids([{ col: 'id', opr: 'dashboard_is_certified', value: true }])).toEqual([certified]);
    expect(await ids([{ col: 'id', opr: 'dashboard_is_certified', value: false }])).not.toContain(certified);
    expect(await ids([{ col: 'published', opr: 'eq', value: true }])).toEqual([dashboard, certified]);
    expect(await ids([{ col: 'owners', opr: 'rel_m_m', value: alphaId }])).toEqual([byAlpha]);
    expect(await ids([{ col: 'created_by', opr: 'rel_o_m', value: alphaId }])).toEqual([byAlpha]);
    // "Modified by": the admin saved the certified one last, alpha its own.
    expect(await ids([{ col: 'changed_by', opr: 'rel_o_m', value: alphaId }])).toEqual([byAlpha]);
    expect(await ids([{ col: 'changed_by', opr: 'rel_o_m', value: 1 }])).toContain(certified);
    const mineOnly = await app.api('GET', `/api/v1/dashboard/${q({ filters: [{ col: 'created_by', opr: 'dashboard_created_by_me', value: 'me' }] })}`, { token: alpha });
    expect(mineOnly.body.result.map((x: { id: number }) => x.id)).toEqual([byAlpha]);
    expect((await app.api('GET', `/api/v1/dashboard/${q({ filters: [{ col: 'css', opr: 'eq', value: 'x' }] })}`)).status).toBe(400);

    const item = (await app.api('GET', `/api/v1/dashboard/${q({ filters: [{ col: 'id', opr: 'eq', value: certified }] })}`)).body.result[0];
    expect(item.thumbnail_url).toMatch(new RegExp(`^/api/v1/dashboard/${certified}/thumbnail/[0-9a-f]{32}/$`));
    // A save moves the digest: the card shows a new picture.
    await app.api('PUT', `/api/v1/dashboard/${certified}`, { body: { css: 'a{}' } });
    const after = (await app.api('GET', `/api/v1/dashboard/${certified}`)).body.result;
    expect(after.thumbnail_url).toMatch(/^\/api\/v1\/dashboard\/\d+\/thumbnail\/[0-9a-f]{32}\/$/);
    expect(after.thumbnail_url).not.toBe(item.thumbnail_url);
  });
});

describe('dashboards API: role-based access (DASHBOARD_RBAC)', () => {
  for (const flag of ['on', 'off'] as const) {
    it(`with the flag ${flag}, ${flag === 'on' ? 'members of its roles see a dashboard, dataset access alone does not' : 'roles are ignored for access'}`, async () => {
      const app = await startTestApp({ DASHBOARD_RBAC: flag });
      try {
        const wh = await warehouse(app);
        const member = await gammaWithDatasets(app, 'member', []);
        const dataReader = await gammaWithDatasets(app, 'data_reader', [wh.birthNames]);
        const chart = await createChart(app, wh.birthNames);
        const withRoles = await createDashboard(app, { dashboard_title: 'For members', published: true, roles: [member.roleId] });
        const open = await createDashboard(app, { dashboard_title: 'Open', published: true });
        for (const id of [withRoles, open]) await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { position_json: JSON.stringify(layoutOf([{ id: chart }])) } });
        const listed = async (token: string) => (await app.api('GET', '/api/v1/dashboard/', { token })).body.result.map((x: { id: number }) => x.id).sort();
        if (flag === 'on') {
          expect((await app.api('GET', `/api/v1/dashboard/${withRoles}`, { token: member.token })).status).toBe(200);
          expect(await listed(member.token)).toEqual([withRoles]);
          expect((await app.api('GET', `/api/v1/dashboard/${withRoles}`, { token: dataReader.token })).status).toBe(403);
          expect(await listed(dataReader.token)).toEqual([open]);
          // Seeing is not editing: a role member still gets the spec's message when saving.
          expect((await app.api('PUT', `/api/v1/dashboard/${withRoles}`, { body: { css: '' }, token: member.token })).body.message).toBe(
            'You do not have permission to edit this dashboard',
          );
        } else {
          expect((await app.api('GET', `/api/v1/dashboard/${withRoles}`, { token: member.token })).status).toBe(403);
          expect(await listed(member.token)).toEqual([]);
          expect(await listed(dataReader.token)).toEqual([withRoles, open].sort());
        }
      } finally {
        await app.close();
      }
    });
  }
});
