import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';
import { createWarehouse, userIdOf } from '../tabState/__tests__/sqllabTestKit.js';

const q = (value: unknown) => `?q=${encodeURIComponent(rison.encode(value))}`;

describe('charts API', () => {
  let app: TestApp;
  let datasetId: number;
  let otherDatasetId: number;

  const chartBody = (extra: Record<string, unknown> = {}) => ({
    slice_name: 'Births by name',
    viz_type: 'table',
    datasource_id: datasetId,
    datasource_type: 'table',
    params: JSON.stringify({ viz_type: 'table', metrics: ['count'], groupby: ['name'] }),
    query_context: JSON.stringify({ datasource: { id: datasetId, type: 'table' }, queries: [] }),
    ...extra,
  });

  beforeAll(async () => {
    app = await startTestApp();
    const dbId = await createWarehouse(app);
    datasetId = (await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', table_name: 'birth_names' } })).body.id;
    otherDatasetId = (await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', table_name: 'parents' } })).body.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('creates, shows, updates and deletes a chart', async () => {
    const created = await app.api('POST', '/api/v1/chart/', { body: chartBody({ description: 'All births', cache_timeout: 60 }) });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    // The new chart's uuid comes back beside its id, as Superset answers it.
    expect(created.body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.body.result).toMatchObject({ slice_name: 'Births by name', viz_type: 'table', datasource_id: datasetId, owners: [1] });

    // FAB's column selection answers only the asked fields (the save modal asks for dashboards.id).
    expect((await app.api('GET', `/api/v1/chart/${id}${q({ columns: ['dashboards.id'] })}`)).body.result).toEqual({ dashboards: [] });
    const shown = await app.api('GET', `/api/v1/chart/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.result).toMatchObject({
      id,
      slice_name: 'Births by name',
      description: 'All births',
      cache_timeout: 60,
      uuid: created.body.uuid,
      url: `/explore/?slice_id=${id}`,
      owners: [{ id: 1 }],
      dashboards: [],
      can_add: true,
      can_download: true,
      can_overwrite: true,
    });
    expect(JSON.parse(shown.body.result.params)).toEqual({ viz_type: 'table', metrics: ['count'], groupby: ['name'] });

    const updated = await app.api('PUT', `/api/v1/chart/${id}`, { body: { slice_name: 'Renamed', viz_type: 'pie', certified_by: 'Data team', certification_details: 'ok' } });
    expect(updated).toMatchObject({ status: 200, body: { id, result: { slice_name: 'Renamed', viz_type: 'pie' } } });
    const after = (await app.api('GET', `/api/v1/chart/${id}`)).body.result;
    expect(after).toMatchObject({ slice_name: 'Renamed', viz_type: 'pie', certified_by: 'Data team', certification_details: 'ok', description: 'All births' });

    expect(await app.api('DELETE', `/api/v1/chart/${id}`)).toMatchObject({ status: 200, body: { message: 'OK' } });
    expect((await app.api('GET', `/api/v1/chart/${id}`)).status).toBe(404);
    expect((await app.api('DELETE', `/api/v1/chart/${id}`)).status).toBe(404);
  });

  it('refuses invalid charts with Superset messages', async () => {
    const missing = await app.api('POST', '/api/v1/chart/', { body: { viz_type: 'table' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatchObject({
      slice_name: ['Missing data for required field.'],
      datasource_id: ['Missing data for required field.'],
      datasource_type: ['Missing data for required field.'],
    });
    const badJson = await app.api('POST', '/api/v1/chart/', { body: chartBody({ params: '{not json' }) });
    expect(badJson).toMatchObject({ status: 400, body: { message: { params: ['JSON not valid'] } } });
    const noSource = await app.api('POST', '/api/v1/chart/', { body: chartBody({ datasource_id: 9999 }) });
    expect(noSource).toMatchObject({ status: 422, body: { message: { datasource_id: ['Datasource does not exist'] } } });
    const badOwner = await app.api('POST', '/api/v1/chart/', { body: chartBody({ owners: [4242] }) });
    expect(badOwner).toMatchObject({ status: 422, body: { message: { owners: ['Owners are invalid'] } } });
    const badDash = await app.api('POST', '/api/v1/chart/', { body: chartBody({ dashboards: [777] }) });
    expect(badDash).toMatchObject({ status: 422, body: { message: { dashboards: ['Dashboards do not exist'] } } });
    expect((await app.api('PUT', '/api/v1/chart/9999', { body: { slice_name: 'x' } })).status).toBe(404);
    // Superset's schema takes any integer id: one that names nothing is the service's 422, 0 included.
    for (const datasource_id of [0, -1]) {
      const none = await app.api('POST', '/api/v1/chart/', { body: chartBody({ datasource_id }) });
      expect(none.status).toBe(422);
      expect(none.body).toEqual({ message: { datasource_id: ['Datasource does not exist'] } });
    }
    const zeroDash = await app.api('POST', '/api/v1/chart/', { body: chartBody({ dashboards: [0] }) });
    expect(zeroDash).toMatchObject({ status: 422, body: { message: { dashboards: ['Dashboards do not exist'] } } });
    const zeroOwner = await app.api('POST', '/api/v1/chart/', { body: chartBody({ owners: [0] }) });
    expect(zeroOwner).toMatchObject({ status: 422, body: { message: { owners: ['Owners are invalid'] } } });
    const badType = await app.api('POST', '/api/v1/chart/', { body: chartBody({ datasource_type: 'unknown' }) });
    expect(badType.status).toBe(400);
    expect(badType.body).toEqual({ message: { datasource_type: ['Must be one of: table, dataset, query, saved_query, view.'] } });
    // A SQL Lab query or saved query is no chart datasource: refused by type, even when the id exists.
    for (const datasource_type of ['query', 'saved_query']) {
      const byType = await app.api('POST', '/api/v1/chart/', { body: chartBody({ datasource_type }) });
      expect(byType.status).toBe(422);
      expect(byType.body).toEqual({ message: { datasource_type: ['Datasource type is invalid'] } });
    }
    // Beyond the 32-bit id columns an id is refused by the schema (PostgreSQL would fail the lookup itself).
    const huge = await app.api('POST', '/api/v1/chart/', { body: chartBody({ datasource_id: 2 ** 31, owners: [2 ** 40] }) });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toEqual({ datasource_id: ['Must be less than or equal to 2147483647.'], owners: { 0: ['Must be less than or equal to 2147483647.'] } });
    expect((await app.api('DELETE', `/api/v1/chart/${q([2 ** 31])}`)).status).toBe(400);
    expect((await app.api('GET', `/api/v1/chart/${q({ filters: [{ col: 'owners', opr: 'rel_m_m', value: 2 ** 31 }] })}`)).status).toBe(400);
    const kept = (await app.api('POST', '/api/v1/chart/', { body: chartBody({ slice_name: 'Kept' }) })).body.id as number;
    const putNone = await app.api('PUT', `/api/v1/chart/${kept}`, { body: { datasource_id: 0, datasource_type: 'table' } });
    expect(putNone).toMatchObject({ status: 422, body: { message: { datasource_id: ['Datasource does not exist'] } } });
    expect(await app.api('DELETE', `/api/v1/chart/${kept}`)).toMatchObject({ status: 200 });
    const unknown = await app.api('POST', '/api/v1/chart/', { body: chartBody({ bogus: 1 }) });
    expect(unknown).toMatchObject({ status: 400, body: { message: { bogus: ['Unknown field.'] } } });
    expect((await app.api('PUT', '/api/v1/chart/9999', { body: { slice_nam: 'typo' } })).body).toEqual({ message: { slice_nam: ['Unknown field.'] } });
  });

  it('accepts what Superset’s schema accepts: no viz_type, a `dataset` datasource type', async () => {
    const { viz_type: _v, ...withoutType } = chartBody({ slice_name: 'Typeless' });
    const typeless = await app.api('POST', '/api/v1/chart/', { body: withoutType });
    expect(typeless).toMatchObject({ status: 201, body: { result: { viz_type: 'table' } } });
    const empty = await app.api('POST', '/api/v1/chart/', { body: chartBody({ viz_type: '' }) });
    expect(empty).toMatchObject({ status: 201, body: { result: { viz_type: 'table' } } });

    // Stored as `table`, so a user who sees it listed can also open it.
    const aliased = await app.api('POST', '/api/v1/chart/', { body: chartBody({ slice_name: 'Aliased', datasource_type: 'dataset' }) });
    expect(aliased).toMatchObject({ status: 201, body: { result: { datasource_type: 'table' } } });
    const reader = await createUserWithRole(app, 'alpha_reader', 'Alpha');
    const shown = await app.api('GET', `/api/v1/chart/${aliased.body.id}`, { token: reader });
    expect(shown).toMatchObject({ status: 200, body: { result: { datasource_type: 'table' } } });
    expect(await app.api('DELETE', `/api/v1/chart/${q([typeless.body.id, empty.body.id, aliased.body.id])}`)).toMatchObject({ status: 200 });
  });

  it('only owners and admins may change a chart', async () => {
    const alpha = await createUserWithRole(app, 'alpha_owner', 'Alpha');
    const other = await createUserWithRole(app, 'alpha_other', 'Alpha');
    const created = await app.api('POST', '/api/v1/chart/', { body: chartBody({ slice_name: 'Alpha chart' }), token: alpha });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const alphaId = await userIdOf(app, 'alpha_owner');
    expect(created.body.result.owners).toEqual([alphaId]);

    // Superset's chart API answers a non-owner with FAB's bare 403 body, on change and on delete alike.
    const forbidden = await app.api('PUT', `/api/v1/chart/${id}`, { body: { slice_name: 'Hijacked' }, token: other });
    expect(forbidden).toMatchObject({ status: 403, body: { message: 'Forbidden' } });
    expect(forbidden.body).toEqual({ message: 'Forbidden' });
    const refusedDelete = await app.api('DELETE', `/api/v1/chart/${id}`, { token: other });
    expect(refusedDelete).toMatchObject({ status: 403, body: { message: 'Forbidden' } });
    expect(refusedDelete.body).toEqual({ message: 'Forbidden' });
    expect((await app.api('GET', `/api/v1/chart/${id}`)).body.result.slice_name).toBe('Alpha chart');
    expect((await app.api('GET', `/api/v1/chart/${id}`, { token: other })).body.result).toMatchObject({ can_overwrite: false, can_add: true });
    expect((await app.api('GET', `/api/v1/chart/${id}`, { token: alpha })).body.result.can_overwrite).toBe(true);

    // Gamma without data access sees neither the chart nor the list entry.
    const gamma = await createUserWithRole(app, 'gamma_viewer', 'Gamma');
    expect((await app.api('GET', `/api/v1/chart/${id}`, { token: gamma })).status).toBe(404);
    expect((await app.api('GET', '/api/v1/chart/', { token: gamma })).body.count).toBe(0);

    expect((await app.api('PUT', `/api/v1/chart/${id}`, { body: { owners: [alphaId, await userIdOf(app, 'alpha_other')] }, token: alpha })).status).toBe(200);
    expect((await app.api('PUT', `/api/v1/chart/${id}`, { body: { slice_name: 'Shared' }, token: other })).status).toBe(200);
    expect(await app.api('DELETE', `/api/v1/chart/${id}`)).toMatchObject({ status: 200 });
  });

  it('stars charts and reports favorite status', async () => {
    const id = (await app.api('POST', '/api/v1/chart/', { body: chartBody({ slice_name: 'Starred' }) })).body.id as number;
    const other = (await app.api('POST', '/api/v1/chart/', { body: chartBody({ slice_name: 'Unstarred' }) })).body.id as number;
    expect(await app.api('POST', `/api/v1/chart/${id}/favorites/`)).toMatchObject({ status: 200, body: { result: 'OK' } });
    expect((await app.api('POST', `/api/v1/chart/${id}/favorites/`)).status).toBe(200);
    expect((await app.api('GET', `/api/v1/chart/favorite_status/${q([id, other])}`)).body).toEqual({
      result: [
        { id, value: true },
        { id: other, value: false },
      ],
    });
    const favs = await app.api('GET', `/api/v1/chart/${q({ filters: [{ col: 'id', opr: 'chart_is_favorite', value: true }] })}`);
    expect(favs.body.result.map((r: { id: number }) => r.id)).toEqual([id]);
    const notFav = await app.api('GET', `/api/v1/chart/${q({ filters: [{ col: 'id', opr: 'chart_is_favorite', value: false }] })}`);
    expect(notFav.body.result.map((r: { id: number }) => r.id)).toContain(other);
    expect(notFav.body.result.map((r: { id: number }) => r.id)).not.toContain(id);
    expect(await app.api('DELETE', `/api/v1/chart/${id}/favorites/`)).toMatchObject({ status: 200, body: { result: 'OK' } });
    expect((await app.api('GET', `/api/v1/chart/favorite_status/${q([id])}`)).body.result).toEqual([{ id, value: false }]);
    expect((await app.api('POST', '/api/v1/chart/99999/favorites/')).status).toBe(404);
    // Superset's favorite_status: 404 when none of the ids is a chart the caller may see.
    expect((await app.api('GET', `/api/v1/chart/favorite_status/${q([99999])}`)).status).toBe(404);
    const viewer = await createUserWithRole(app, 'gamma_favorites', 'Gamma');
    expect((await app.api('GET', `/api/v1/chart/favorite_status/${q([id])}`, { token: viewer })).status).toBe(404);
    expect((await app.api('GET', `/api/v1/chart/favorite_status/${q([id, 99999])}`)).body.result).toEqual([
      { id, value: false },
      { id: 99999, value: false },
    ]);
    expect(await app.api('DELETE', `/api/v1/chart/${q([id, other])}`)).toMatchObject({ status: 200, body: { message: 'Deleted 2 charts' } });
  });

  it('lists with filters, order and paging', async () => {
    const gammaLike = await createUserWithRole(app, 'alpha_lister', 'Alpha');
    const listerId = await userIdOf(app, 'alpha_lister');
    const names = ['Alpha pie', 'Beta bars', 'Gamma table'];
    const ids: number[] = [];
    for (const [i, name] of names.entries()) {
      const res = await app.api('POST', '/api/v1/chart/', {
        body: chartBody({ slice_name: name, viz_type: ['pie', 'bar', 'table'][i], datasource_id: i === 1 ? otherDatasetId : datasetId, description: i === 2 ? 'secret words' : null }),
        token: i === 0 ? gammaLike : undefined,
      });
      ids.push(res.body.id);
    }
    const list = await app.api('GET', `/api/v1/chart/${q({ order_column: 'slice_name', order_direction: 'asc', page_size: 200 })}`);
    expect(list.status).toBe(200);
    expect(list.body.result.map((r: { slice_name: string }) => r.slice_name)).toEqual(names);
    expect(list.body.result[0]).toMatchObject({
      id: ids[0],
      slice_url: `/explore/?slice_id=${ids[0]}`,
      datasource_name_text: 'main.birth_names',
      datasource_url: `/explore/?datasource_type=table&datasource_id=${datasetId}`,
      owners: [{ id: listerId }],
      changed_by_name: 'alpha_lister Test',
      changed_on_delta_humanized: expect.any(String),
      form_data: expect.objectContaining({ slice_id: ids[0], datasource: `${datasetId}__table` }),
    });
    const text = await app.api('GET', `/api/v1/chart/${q({ filters: [{ col: 'slice_name', opr: 'chart_all_text', value: 'SECRET' }] })}`);
    expect(text.body.result.map((r: { id: number }) => r.id)).toEqual([ids[2]]);
    const byViz = await app.api('GET', `/api/v1/chart/${q({ filters: [{ col: 'slice_name', opr: 'chart_all_text', value: 'bar' }] })}`);
    expect(byViz.body.count).toBe(1);
    const owned = await app.api('GET', `/api/v1/chart/${q({ filters: [{ col: 'owners', opr: 'rel_m_m', value: listerId }] })}`);
    expect(owned.body.result.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    const created = await app.api('GET', `/api/v1/chart/${q({ filters: [{ col: 'created_by', opr: 'rel_o_m', value: listerId }] })}`);
    expect(created.body.count).toBe(1);
    const viz = await app.api('GET', `/api/v1/chart/${q({ filters: [{ col: 'viz_type', opr: 'eq', value: 'table' }] })}`);
    expect(viz.body.result.map((r: { id: number }) => r.id)).toEqual([ids[2]]);
    const ds = await app.api('GET', `/api/v1/chart/${q({ filters: [{ col: 'datasource_id', opr: 'eq', value: otherDatasetId }] })}`);
    expect(ds.body.result.map((r: { id: number }) => r.id)).toEqual([ids[1]]);
    const page = await app.api('GET', `/api/v1/chart/${q({ order_column: 'viz_type', order_direction: 'desc', page: 1, page_size: 2 })}`);
    expect(page.body).toMatchObject({ count: 3 });
    expect(page.body.result.map((r: { viz_type: string }) => r.viz_type)).toEqual(['bar']);
    // The other filters and sorts of Superset's chart list ("Modified by", "Certified", "Mine", dataset name).
    const ids$ = async (query: object) => ((await app.api('GET', `/api/v1/chart/${q(query)}`)).body.result as { id: number }[]).map((r) => r.id);
    expect(await ids$({ filters: [{ col: 'changed_by', opr: 'rel_o_m', value: listerId }] })).toEqual([ids[0]]);
    expect(await ids$({ filters: [{ col: 'last_saved_by', opr: 'rel_o_m', value: listerId }] })).toEqual([ids[0]]);
    await app.api('PUT', `/api/v1/chart/${ids[2]}`, { body: { certified_by: 'Data team' } });
    expect(await ids$({ filters: [{ col: 'id', opr: 'chart_is_certified', value: true }] })).toEqual([ids[2]]);
    expect(await ids$({ filters: [{ col: 'id', opr: 'chart_is_certified', value: false }], order_column: 'slice_name', order_direction: 'asc' })).toEqual([ids[0], ids[1]]);
    await app.api('POST', `/api/v1/chart/${ids[1]}/favorites/`, { token: gammaLike });
    const mine = await app.api('GET', `/api/v1/chart/${q({ filters: [{ col: 'id', opr: 'chart_owned_created_favored_by_me', value: true }], order_column: 'slice_name', order_direction: 'asc' })}`, { token: gammaLike });
    expect(mine.body.result.map((r: { id: number }) => r.id)).toEqual([ids[0], ids[1]]);
    expect(await ids$({ filters: [{ col: 'datasource_name', opr: 'ct', value: 'birth' }], order_column: 'slice_name', order_direction: 'asc' })).toEqual([ids[0], ids[2]]);
    expect(await ids$({ filters: [{ col: 'tags', opr: 'chart_tags', value: 'finance' }] })).toEqual([]);
    expect(await ids$({ order_column: 'changed_by.first_name', order_direction: 'desc' })).toHaveLength(3);
    expect(await ids$({ order_column: 'last_saved_by.first_name', order_direction: 'asc' })).toHaveLength(3);
    const filterInfo = (await app.api('GET', '/api/v1/chart/_info')).body.filters;
    expect(filterInfo.id).toEqual(expect.arrayContaining([{ name: 'Is certified', operator: 'chart_is_certified' }]));
    expect((await app.api('GET', `/api/v1/chart/${q({ order_column: 'nope' })}`)).status).toBe(400);
    expect((await app.api('GET', `/api/v1/chart/${q({ filters: [{ col: 'params', opr: 'ct', value: 'x' }] })}`)).status).toBe(400);
    // An error keeps its message even when the request selects fields (`keys:!(none)` would otherwise empty it).
    const selectedError = await app.api('GET', `/api/v1/chart/${q({ filters: [{ col: 'params', opr: 'ct', value: 'x' }], keys: ['none'] })}`);
    expect(selectedError.status).toBe(400);
    expect(selectedError.body.message).toMatch(/params/);
    // And ids past any row's id name nothing.
    expect((await app.api('GET', '/api/v1/chart/99999999999')).status).toBe(404);

    const info = await app.api('GET', `/api/v1/chart/_info${q({ keys: ['permissions'] })}`);
    // Superset lists the admin-only cache warm-up permission among the chart permissions of an admin.
    expect(info.body).toEqual({ permissions: ['can_read', 'can_write', 'can_export', 'can_warm_up_cache'] });
    // FAB's column selections: only the asked fields come back, nested ones by dotted name.
    const slim = await app.api('GET', `/api/v1/chart/${q({ columns: ['id', 'viz_type', 'owners.id'], order_column: 'viz_type' })}`);
    expect(slim.body.count).toBe(3);
    expect(Object.keys(slim.body.result[0]).sort()).toEqual(['id', 'owners', 'viz_type']);
    expect(slim.body.result[0].owners.every((o: object) => Object.keys(o).join() === 'id')).toBe(true);
    const one = await app.api('GET', `/api/v1/chart/${ids[0]}${q({ columns: ['slice_name'] })}`);
    expect(one.body.result).toEqual({ slice_name: expect.any(String) });
    const gamma = await createUserWithRole(app, 'gamma_info', 'Gamma');
    expect((await app.api('GET', '/api/v1/chart/_info', { token: gamma })).body.permissions).toEqual(['can_read', 'can_write', 'can_export']);
    expect((await app.api('GET', '/api/v1/chart/distinct/viz_type')).body).toEqual({
      count: 3,
      result: ['bar', 'pie', 'table'].map((t) => ({ text: t, value: t })),
    });
    expect((await app.api('GET', '/api/v1/chart/distinct/viz_type', { token: gamma })).body).toEqual({ count: 0, result: [] });
    const related = await app.api('GET', `/api/v1/chart/related/owners${q({ filter: 'lister' })}`);
    expect(related.body).toEqual({ count: 1, result: [{ value: listerId, text: 'alpha_lister Test', extra: { active: true, email: 'alpha_lister@example.com' } }] });
    expect((await app.api('GET', `/api/v1/chart/related/created_by${q({ filter: 'lister' })}`)).body.count).toBe(1);
    expect((await app.api('GET', '/api/v1/chart/related/params')).status).toBe(404);

    // Bulk delete is all or nothing: one chart not the caller's refuses the lot with Superset's bare 403.
    const forbidden = await app.api('DELETE', `/api/v1/chart/${q(ids)}`, { token: gammaLike });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: 'Forbidden' });
    expect((await app.api('GET', '/api/v1/chart/')).body.count).toBe(3);
    // Ids that name no chart (Superset's schema takes any integer) make the whole delete a 404; a non-integer is a 400.
    for (const missing of [[-1], [0, ids[0]], [ids[0], 999999]]) {
      expect(await app.api('DELETE', `/api/v1/chart/${q(missing)}`)).toMatchObject({ status: 404, body: { message: 'Not found' } });
    }
    expect((await app.api('DELETE', `/api/v1/chart/?q=${encodeURIComponent("!(1,'a')")}`)).status).toBe(400);
    expect((await app.api('GET', `/api/v1/chart/favorite_status/${q([-1])}`)).status).toBe(404);
    expect((await app.api('GET', '/api/v1/chart/')).body.count).toBe(3);
    expect(await app.api('DELETE', `/api/v1/chart/${q(ids)}`)).toMatchObject({ status: 200, body: { message: 'Deleted 3 charts' } });
  });

  it('adds a chart to dashboards the user may edit', async () => {
    const dash = (await app.api('POST', '/api/v1/dashboard/', { body: { dashboard_title: 'Births' } })).body.id as number;
    const created = await app.api('POST', '/api/v1/chart/', { body: chartBody({ dashboards: [dash] }) });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await app.api('GET', `/api/v1/chart/${id}`)).body.result.dashboards).toEqual([{ id: dash, dashboard_title: 'Births', json_metadata: null }]);
    expect((await app.api('GET', `/api/v1/chart/related/dashboards${q({ filter: 'birth' })}`)).body).toEqual({ count: 1, result: [{ value: dash, text: 'Births', extra: {} }] });
    const linked = await app.api('GET', `/api/v1/chart/${q({ filters: [{ col: 'dashboards', opr: 'rel_m_m', value: dash }] })}`);
    expect(linked.body.result.map((r: { id: number }) => r.id)).toEqual([id]);

    const alpha = await createUserWithRole(app, 'alpha_dash', 'Alpha');
    const own = (await app.api('POST', '/api/v1/chart/', { body: chartBody(), token: alpha })).body.id as number;
    const refused = await app.api('PUT', `/api/v1/chart/${own}`, { body: { dashboards: [dash] }, token: alpha });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Changing one or more of these dashboards is forbidden' });

    expect((await app.api('PUT', `/api/v1/chart/${id}`, { body: { dashboards: [] } })).status).toBe(200);
    expect((await app.api('GET', `/api/v1/chart/${id}`)).body.result.dashboards).toEqual([]);
  });

  it('exposes the saved chart to the chart data engine', async () => {
    const id = (await app.api('POST', '/api/v1/chart/', { body: chartBody({ cache_timeout: 30 }) })).body.id as number;
    const { ChartsService } = await import('./index.js');
    expect(ChartsService).toBeTypeOf('function');
    const row = await app.ctx.db.selectFrom('slices').select(['id', 'query_context', 'last_saved_at', 'last_saved_by_fk']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ id, last_saved_by_fk: 1 });
    expect(JSON.parse(row.query_context!)).toMatchObject({ datasource: { id: datasetId, type: 'table' } });
  });
  it("filters the list with FAB's column operators (sw/ew/eq/neq/nct on strings, gt/lt/neq on ids)", async () => {
    const make = async (slice_name: string, viz_type: string) => (await app.api('POST', '/api/v1/chart/', { body: chartBody({ slice_name, viz_type }) })).body.id as number;
    const alpha = await make('Op alpha_1', 'pie');
    const beta = await make('Op beta_2', 'bar');
    const gamma = await make('op gamma_1', 'pie');
    const ids$ = async (...filters: object[]) => {
      const res = await app.api('GET', `/api/v1/chart/${q({ filters: [{ col: 'slice_name', opr: 'sw', value: 'op ' }, ...filters], order_column: 'id', order_direction: 'asc' })}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.result as { id: number }[]).map((r) => r.id);
    };
    // `sw` is a case-insensitive prefix match, not "contains" ("Births by name" has no "op " prefix).
    expect(await ids$()).toEqual([alpha, beta, gamma]);
    expect(await ids$({ col: 'slice_name', opr: 'eq', value: 'Op beta_2' })).toEqual([beta]);
    expect(await ids$({ col: 'slice_name', opr: 'neq', value: 'Op beta_2' })).toEqual([alpha, gamma]);
    expect(await ids$({ col: 'slice_name', opr: 'ew', value: '_1' })).toEqual([alpha, gamma]);
    expect(await ids$({ col: 'slice_name', opr: 'new', value: '_1' })).toEqual([beta]);
    expect(await ids$({ col: 'slice_name', opr: 'nct', value: 'ALPHA' })).toEqual([beta, gamma]);
    expect(await ids$({ col: 'slice_name', opr: 'nsw', value: 'op a' })).toEqual([beta, gamma]);
    // `ct` on viz_type is a substring match, `eq` an exact one.
    expect(await ids$({ col: 'viz_type', opr: 'ct', value: 'ie' })).toEqual([alpha, gamma]);
    expect(await ids$({ col: 'viz_type', opr: 'neq', value: 'pie' })).toEqual([beta]);
    expect(await ids$({ col: 'id', opr: 'gt', value: alpha })).toEqual([beta, gamma]);
    expect(await ids$({ col: 'id', opr: 'lt', value: gamma }, { col: 'id', opr: 'neq', value: alpha })).toEqual([beta]);
    expect(await ids$({ col: 'datasource_id', opr: 'neq', value: datasetId })).toEqual([]);
    expect(await ids$({ col: 'datasource_name', opr: 'eq', value: 'main.birth_names' })).toEqual([alpha, beta, gamma]);
    const info = (await app.api('GET', '/api/v1/chart/_info')).body.filters;
    expect(info.slice_name).toEqual(expect.arrayContaining([{ name: 'Equal to', operator: 'eq' }, { name: 'Not Equal to', operator: 'neq' }, { name: 'Ends with', operator: 'ew' }]));
    expect(info.id).toEqual(expect.arrayContaining([{ name: 'Greater than', operator: 'gt' }]));
    expect((await app.api('GET', `/api/v1/chart/${q({ filters: [{ col: 'id', opr: 'gt', value: 'x' }] })}`)).status).toBe(400);
    expect((await app.api('GET', `/api/v1/chart/${q({ filters: [{ col: 'slice_name', opr: 'gt', value: 'x' }] })}`)).status).toBe(400);
    expect(await app.api('DELETE', `/api/v1/chart/${q([alpha, beta, gamma])}`)).toMatchObject({ status: 200 });
  });
});
