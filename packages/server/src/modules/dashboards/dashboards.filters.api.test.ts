import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/testApp.js';
import { createChart, createDashboard, gammaWithDatasets, layoutOf, warehouse, type Warehouse } from './__tests__/dashboardTestKit.js';

type Filter = Record<string, unknown> & { id: string };

/**
 * PUT /<pk>/filters and native filters saved through PUT /<pk> (Superset's test_add_dashboard_filters,
 * test_modify_dashboard_filters_values, test_modfify_dashboard_filters_order, test_dashboard_filters_deleted,
 * test_modify_dashboard_filters_invalid_data), with the save checks Tessera adds: unknown dataset or column,
 * cascade cycles, Superset's field messages, trimming, and scopes filled from the layout.
 */
describe('dashboards API: native filter save', () => {
  let app: TestApp;
  let wh: Warehouse;

  beforeAll(async () => {
    app = await startTestApp();
    wh = await warehouse(app);
  });
  afterAll(async () => app?.close());

  const select = (id: string, name: string, extra: Partial<Filter> = {}): Filter => ({
    id,
    type: 'NATIVE_FILTER',
    name,
    filterType: 'filter_select',
    targets: [{ datasetId: wh.birthNames, column: { name: 'name' } }],
    cascadeParentIds: [],
    ...extra,
  });
  const put = (id: number, body: unknown, token?: string | null) => app.api('PUT', `/api/v1/dashboard/${id}/filters`, { body, ...(token !== undefined ? { token } : {}) });
  const stored = async (id: number): Promise<Filter[] | undefined> =>
    JSON.parse((await app.api('GET', `/api/v1/dashboard/${id}`)).body.result.json_metadata ?? '{}').native_filter_configuration;
  const withFilters = (filters: Filter[], extra: Record<string, unknown> = {}) =>
    createDashboard(app, { dashboard_title: 'Filters', json_metadata: JSON.stringify({ native_filter_configuration: filters }), ...extra });

  it('adds filters to a dashboard without any, and they round-trip through GET', async () => {
    const id = await createDashboard(app, { dashboard_title: 'No filters yet' });
    const res = await put(id, { modified: [select('native_filter_1', 'Filter 1'), select('native_filter_2', 'Filter 2')], deleted: [], reordered: [] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.last_modified_time).toEqual(expect.any(Number));
    const saved = await stored(id);
    expect(saved!.map((f) => f.name)).toEqual(['Filter 1', 'Filter 2']);
    expect(saved).toEqual(res.body.result);
  });

  it('modifies, reorders and deletes (Superset semantics)', async () => {
    const id = await withFilters([select('native_filter_1', 'Filter X'), select('native_filter_2', 'Filter 2')]);
    expect((await put(id, { modified: [select('native_filter_1', 'Filter 1')] })).status).toBe(200);
    expect((await stored(id))!.map((f) => f.name)).toEqual(['Filter 1', 'Filter 2']);
    expect((await put(id, { reordered: ['native_filter_2', 'native_filter_1'] })).status).toBe(200);
    expect((await stored(id))!.map((f) => f.id)).toEqual(['native_filter_2', 'native_filter_1']);
    expect((await put(id, { deleted: ['native_filter_2'] })).status).toBe(200);
    expect((await stored(id))!.map((f) => f.name)).toEqual(['Filter 1']);
    expect((await put(id, { invalid_key: 'invalid_value' })).status).toBe(400);
  });

  it('refuses a target dataset that does not exist or the caller cannot read, naming it', async () => {
    const id = await createDashboard(app, { dashboard_title: 'Bad dataset' });
    const res = await put(id, { modified: [select('f1', 'Gender', { targets: [{ datasetId: 987654, column: { name: 'name' } }] })] });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual({ native_filter_configuration: ['Filter "Gender": Dataset 987654 does not exist'] });
    expect(res.body.errors[0]).toMatchObject({ error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR', extra: { filter_errors: { f1: { dataset: 'Dataset 987654 does not exist' } } } });
    expect(await stored(id)).toBeUndefined();

    // A Gamma user reading birth_names only owns a dashboard: the parents dataset is not theirs to target.
    const gamma = await gammaWithDatasets(app, 'gamma_filters_ds', [wh.birthNames]);
    const own = await createDashboard(app, { dashboard_title: 'Gamma owned' }, gamma.token);
    const hidden = await put(own, { modified: [select('f1', 'Parent', { targets: [{ datasetId: wh.parents, column: { name: 'name' } }] })] }, gamma.token);
    expect(hidden).toMatchObject({ status: 400, body: { message: { native_filter_configuration: [`Filter "Parent": Dataset ${wh.parents} does not exist`] } } });
    expect((await put(own, { modified: [select('f1', 'Name')] }, gamma.token)).status).toBe(200);
  });

  it('refuses a target column the dataset lacks, naming it', async () => {
    const id = await createDashboard(app, { dashboard_title: 'Bad column' });
    const res = await put(id, { modified: [select('f1', 'Gender', { targets: [{ datasetId: wh.birthNames, column: { name: 'gender_x' } }] })] });
    expect(res).toMatchObject({ status: 400, body: { message: { native_filter_configuration: ['Filter "Gender": Column "gender_x" does not exist in dataset birth_names'] } } });
  });

  it('refuses cascade cycles and unknown parents, with Superset\'s field messages', async () => {
    const id = await withFilters([select('a', 'A'), select('b', 'B', { cascadeParentIds: ['a'] })]);
    const cycle = await put(id, { modified: [select('a', 'A', { cascadeParentIds: ['b'] })] });
    expect(cycle.status).toBe(400);
    expect(cycle.body.errors[0].extra.filter_errors).toEqual({ a: { parentFilter: 'Cannot create cyclic hierarchy' } });
    expect(cycle.body.message.native_filter_configuration).toEqual(['Filter "A": Cannot create cyclic hierarchy']);
    const self = await put(id, { modified: [select('b', 'B', { cascadeParentIds: ['b'] })] });
    expect(self.body.errors[0].extra.filter_errors).toEqual({ b: { parentFilter: 'Cannot create cyclic hierarchy' } });
    const unknown = await put(id, { modified: [select('b', 'B', { cascadeParentIds: ['zz'] })] });
    expect(unknown).toMatchObject({ status: 400, body: { message: { native_filter_configuration: ['Filter "B": Parent filter zz does not exist'] } } });
    expect((await stored(id))!.map((f) => f.cascadeParentIds)).toEqual([[], ['a']]);
    // Deleting a parent takes it out of its children's parents (Superset's modal does so on save).
    expect((await put(id, { deleted: ['a'] })).status).toBe(200);
    expect(await stored(id)).toMatchObject([{ id: 'b', cascadeParentIds: [] }]);
  });

  it('requires names, titles, datasets and columns per filter type, and a range default in order', async () => {
    const id = await createDashboard(app, { dashboard_title: 'Fields' });
    const res = await put(id, {
      modified: [
        select('s', ' ', { targets: [] }),
        { id: 'd', type: 'DIVIDER', title: '  ' },
        select('t', 'Time', { filterType: 'filter_time', targets: [] }),
        select('r', 'Range', { filterType: 'filter_range', targets: [{ datasetId: wh.birthNames, column: { name: 'num' } }], defaultDataMask: { filterState: { value: [9, 1] } } }),
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extra.filter_errors).toEqual({
      s: { name: 'Name is required', dataset: 'Dataset is required', column: 'Column is required' },
      d: { title: 'Title is required' },
      r: { defaultDataMask: 'Minimum value cannot be higher than maximum value' },
    });
  });

  it('trims names and divider descriptions before storing', async () => {
    const id = await createDashboard(app, { dashboard_title: 'Trim' });
    const res = await put(id, { modified: [select('f', '  Name  '), { id: 'd', type: 'DIVIDER', title: ' Section ', description: '  about  \n' }] });
    expect(res.status).toBe(200);
    expect(await stored(id)).toMatchObject([{ name: 'Name' }, { title: 'Section', description: 'about' }]);
  });

  it('fills chartsInScope and tabsInScope from the scope over the layout', async () => {
    const c1 = await createChart(app, wh.birthNames, 'One');
    const c2 = await createChart(app, wh.birthNames, 'Two');
    const id = await createDashboard(app, { dashboard_title: 'Scopes' });
    await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { position_json: JSON.stringify(layoutOf([{ id: c1 }, { id: c2 }])) } });
    const res = await put(id, { modified: [select('f', 'Name', { scope: { rootPath: ['ROOT_ID'], excluded: [c2] } })] });
    expect(res.status).toBe(200);
    expect((await stored(id))![0]).toMatchObject({ chartsInScope: [c1], tabsInScope: [] });

    // The same through PUT /<pk> with json_metadata, cross-filter scopes included.
    const md = {
      native_filter_configuration: [select('f', 'Name', { scope: { rootPath: ['ROOT_ID'], excluded: [] } })],
      global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [] }, chartsInScope: [] },
      chart_configuration: { [c1]: { id: c1, crossFilters: { scope: 'global' } }, [c2]: { id: c2, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [c1] } } } },
    };
    const saved = await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { json_metadata: JSON.stringify(md) } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const back = JSON.parse((await app.api('GET', `/api/v1/dashboard/${id}`)).body.result.json_metadata);
    expect(back.native_filter_configuration[0].chartsInScope).toEqual([c1, c2]);
    expect(back.global_chart_configuration.chartsInScope).toEqual([c1, c2]);
    expect(back.chart_configuration[c1].crossFilters.chartsInScope).toEqual([c2]);
    expect(back.chart_configuration[c2].crossFilters.chartsInScope).toEqual([]);
  });

  it('checks native filters saved through PUT /<pk> json_metadata, but not filters nobody changed', async () => {
    const id = await createDashboard(app, {
      dashboard_title: 'Legacy',
      // Stored before the checks existed: a dataset that is gone.
      json_metadata: JSON.stringify({ native_filter_configuration: [select('old', 'Old', { targets: [{ datasetId: 555555, column: { name: 'x' } }] })] }),
    });
    const md = (filters: Filter[]) => ({ body: { json_metadata: JSON.stringify({ native_filter_configuration: filters, color_scheme: 'x' }) } });
    const old = select('old', 'Old', { targets: [{ datasetId: 555555, column: { name: 'x' } }] });
    expect((await app.api('PUT', `/api/v1/dashboard/${id}`, md([old]))).status).toBe(200);
    // Charts in scope follow the layout: a page sending other ones has not changed the filter.
    expect((await app.api('PUT', `/api/v1/dashboard/${id}`, md([{ ...old, chartsInScope: [1, 2] }]))).status).toBe(200);
    expect((await app.api('PUT', `/api/v1/dashboard/${id}`, md([{ ...old, name: 'Renamed' }]))).status).toBe(400);
    const bad = await app.api('PUT', `/api/v1/dashboard/${id}`, md([old, select('new', 'New', { targets: [{ datasetId: wh.birthNames, column: { name: 'nope' } }] })]));
    expect(bad).toMatchObject({ status: 400, body: { message: { native_filter_configuration: ['Filter "New": Column "nope" does not exist in dataset birth_names'] } } });
    const cyc = await app.api('PUT', `/api/v1/dashboard/${id}`, md([old, select('x', 'X', { cascadeParentIds: ['x'] })]));
    expect(cyc.status).toBe(400);
    expect(JSON.parse((await app.api('GET', `/api/v1/dashboard/${id}`)).body.result.json_metadata).native_filter_configuration).toHaveLength(1);
  });

  it('answers 401 to anonymous callers, 403 to non-owners who see the dashboard, 404 to unknown dashboards', async () => {
    const chart = await createChart(app, wh.birthNames, 'Seen');
    const id = await withFilters([select('f', 'Name')], { published: true });
    await app.api('PUT', `/api/v1/dashboard/${id}`, { body: { position_json: JSON.stringify(layoutOf([{ id: chart }])) } });
    const gamma = await gammaWithDatasets(app, 'gamma_filters_403', [wh.birthNames]);
    expect((await app.api('GET', `/api/v1/dashboard/${id}`, { token: gamma.token })).status).toBe(200);
    expect(await put(id, { deleted: ['f'] }, gamma.token)).toMatchObject({ status: 403, body: { message: 'You do not have permission to edit this dashboard' } });
    expect((await put(id, { deleted: ['f'] }, null)).status).toBe(401);
    expect((await put(999999, { deleted: [] })).status).toBe(404);
    expect((await stored(id))!.map((f) => f.id)).toEqual(['f']);
  });
});
