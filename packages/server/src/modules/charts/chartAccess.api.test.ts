import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';
import { createWarehouse } from '../tabState/__tests__/sqllabTestKit.js';

/**
 * One rule on every chart path (Superset's ChartFilter and raise_for_access): a caller sees a chart only
 * through its dataset, and a datasource it may not query answers the same 403 or 404 wherever it is asked.
 */
describe('chart and datasource access on every path', () => {
  let app: TestApp;
  let allowedId: number;
  let hiddenId: number;
  let allowedChart: number;
  let hiddenChart: number;
  let hiddenOwned: number;
  let reader: string;
  let readerId: number;
  let noCsv: string;
  let alpha: string;

  type Pair = { id: number; permission_name: string; view_menu_name: string };

  const qc = (datasetId: number) => JSON.stringify({ datasource: { id: datasetId, type: 'table' }, queries: [{ columns: [], metrics: ['count'] }], form_data: {} });

  async function createChart(datasetId: number, extra: Record<string, unknown> = {}): Promise<number> {
    const res = await app.api('POST', '/api/v1/chart/', {
      body: {
        slice_name: `chart on ${datasetId}`,
        viz_type: 'table',
        datasource_id: datasetId,
        datasource_type: 'table',
        params: JSON.stringify({ viz_type: 'table', datasource: `${datasetId}__table`, metrics: ['count'] }),
        query_context: qc(datasetId),
        ...extra,
      },
    });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body.id as number;
  }

  /** A role holding the named pairs, and a user with that role (and Gamma's or another built-in role's). */
  async function userWith(username: string, pairs: number[], alsoRole: string | null): Promise<{ token: string; id: number }> {
    const role = await app.api('POST', '/api/v1/security/roles/', { body: { name: `${username}_role` } });
    await app.api('POST', `/api/v1/security/roles/${role.body.id}/permissions`, { body: { permission_view_menu_ids: pairs } });
    const roles = (await app.api('GET', '/api/v1/security/roles/?q=(page_size:100)')).body.result as { id: number; name: string }[];
    const extra = alsoRole ? [roles.find((r) => r.name === alsoRole)!.id] : [];
    const password = 'correct-horse-battery-staple';
    const created = await app.api('POST', '/api/v1/security/users/', {
      body: { username, first_name: username, last_name: 'Test', email: `${username}@example.com`, password, roles: [role.body.id, ...extra] },
    });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    return { token: await app.token(username, password), id: created.body.id as number };
  }

  beforeAll(async () => {
    app = await startTestApp();
    const dbId = await createWarehouse(app);
    allowedId = (await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', table_name: 'birth_names' } })).body.id;
    hiddenId = (await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', table_name: 'parents' } })).body.id;

    const pairs = (await app.api('GET', '/api/v1/security/permissions-resources/?q=(page_size:1000)')).body.result as Pair[];
    const access = pairs.find((p) => p.permission_name === 'datasource_access' && p.view_menu_name.endsWith(`[birth_names](id:${allowedId})`))!;
    const gammaRoleId = ((await app.api('GET', '/api/v1/security/roles/?q=(page_size:100)')).body.result as { id: number; name: string }[]).find((r) => r.name === 'Gamma')!.id;
    const gammaPairs = ((await app.api('GET', `/api/v1/security/roles/${gammaRoleId}/permissions/`)).body.result as Pair[]).filter(
      (p) => !(p.permission_name === 'can_csv' && p.view_menu_name === 'Superset'),
    );

    const one = await userWith('one_dataset', [access.id], 'Gamma');
    reader = one.token;
    readerId = one.id;
    noCsv = (await userWith('no_csv', [access.id, ...gammaPairs.map((p) => p.id)], null)).token;
    alpha = await createUserWithRole(app, 'alpha_all', 'Alpha');

    allowedChart = await createChart(allowedId);
    hiddenChart = await createChart(hiddenId);
    // Owned by the reader, on a dataset the reader may not query.
    hiddenOwned = await createChart(hiddenId, { owners: [1, readerId], slice_name: 'owned but hidden' });
  });
  afterAll(async () => app?.close());

  it('owning a chart on a dataset the caller may not query shows it on no path, as the list does', async () => {
    const listed = await app.api('GET', '/api/v1/chart/?q=(page_size:100)', { token: reader });
    expect(listed.status).toBe(200);
    expect((listed.body.result as { id: number }[]).map((c) => c.id)).toEqual([allowedChart]);

    const notFound = { status: 404, body: { message: 'Not found' } };
    expect(await app.api('GET', `/api/v1/chart/${hiddenOwned}`, { token: reader })).toMatchObject(notFound);
    expect(await app.api('PUT', `/api/v1/chart/${hiddenOwned}`, { token: reader, body: { slice_name: 'renamed' } })).toMatchObject(notFound);
    expect(await app.api('DELETE', `/api/v1/chart/${hiddenOwned}`, { token: reader })).toMatchObject(notFound);
    expect(await app.api('POST', `/api/v1/chart/${hiddenOwned}/favorites/`, { token: reader })).toMatchObject(notFound);
    expect(await app.api('GET', `/api/v1/chart/favorite_status/?q=!(${hiddenOwned})`, { token: reader })).toMatchObject(notFound);
    expect(await app.api('GET', `/api/v1/chart/${hiddenOwned}/data/`, { token: reader })).toMatchObject(notFound);
    expect((await app.api('GET', `/api/v1/chart/export/?q=!(${hiddenOwned})`, { token: reader })).status).toBe(404);
    const explore = await app.api('GET', `/api/v1/explore/?slice_id=${hiddenOwned}`, { token: reader });
    expect(explore).toMatchObject({ status: 404, body: { errors: [{ error_type: 'OBJECT_DOES_NOT_EXIST_ERROR' }] } });
    expect(JSON.stringify(explore.body)).not.toContain('parents');

    // Nothing changed, and a caller with all datasource access still sees it.
    const shown = await app.api('GET', `/api/v1/chart/${hiddenOwned}`, { token: alpha });
    expect(shown).toMatchObject({ status: 200, body: { result: { slice_name: 'owned but hidden' } } });
  });

  it('answers the saved chart data of a hidden chart with a 404 that names nothing', async () => {
    const hidden = await app.api('GET', `/api/v1/chart/${hiddenChart}/data/`, { token: reader });
    expect(hidden).toEqual(expect.objectContaining({ status: 404, body: { message: 'Not found' } }));
    expect((await app.api('GET', `/api/v1/chart/${allowedChart}/data/`, { token: reader })).status).toBe(200);
    expect((await app.api('GET', '/api/v1/chart/999999/data/', { token: reader })).status).toBe(404);
  });

  it('checks the datasource before can_csv, as Superset does', async () => {
    const body = (id: number) => ({ datasource: { id, type: 'table' }, result_format: 'csv', queries: [{ columns: [], metrics: ['count'] }] });
    const hidden = await app.api('POST', '/api/v1/chart/data', { token: noCsv, body: body(hiddenId) });
    expect(hidden).toMatchObject({ status: 403, body: { errors: [{ error_type: 'DATASOURCE_SECURITY_ACCESS_ERROR' }] } });
    expect(await app.api('POST', '/api/v1/chart/data', { token: noCsv, body: body(allowedId) })).toMatchObject({ status: 403, body: { message: 'Forbidden' } });
    expect((await app.api('POST', '/api/v1/chart/data', { token: reader, body: body(allowedId) })).status).toBe(200);
  });

  it('answers the same datasource access error on the chart data, legacy and explore paths', async () => {
    const message = 'This endpoint requires the datasource parents, database or `all_datasource_access` permission';
    const denied = { status: 403, body: { errors: [{ error_type: 'DATASOURCE_SECURITY_ACCESS_ERROR', message }] } };
    expect(await app.api('POST', '/api/v1/chart/data', { token: reader, body: { datasource: { id: hiddenId, type: 'table' }, queries: [{ metrics: ['count'] }] } })).toMatchObject(denied);
    expect(await app.api('GET', `/superset/fetch_datasource_metadata?datasourceKey=${hiddenId}__table`, { token: reader })).toMatchObject(denied);
    expect(await app.api('GET', `/api/v1/explore/?datasource_id=${hiddenId}&datasource_type=table`, { token: reader })).toMatchObject(denied);
    expect(await app.api('POST', '/api/v1/explore/permalink', { token: reader, body: { formData: { datasource: `${hiddenId}__table`, viz_type: 'table' } } })).toMatchObject(denied);
  });

  it('reads a permalink or cached explore state only when the chart it names is visible too', async () => {
    // Made by the admin: the reader's datasource, but a chart on a dataset the reader may not query.
    const link = await app.api('POST', '/api/v1/explore/permalink', { body: { formData: { datasource: `${allowedId}__table`, viz_type: 'table', slice_id: hiddenChart } } });
    expect(link.status).toBe(201);
    const read = await app.api('GET', `/api/v1/explore/permalink/${link.body.key}`, { token: reader });
    expect(read).toMatchObject({ status: 404, body: { errors: [{ error_type: 'OBJECT_DOES_NOT_EXIST_ERROR' }] } });
    expect((await app.api('GET', `/api/v1/explore/?permalink_key=${link.body.key}`, { token: reader })).status).toBe(404);
    expect((await app.api('GET', `/api/v1/explore/permalink/${link.body.key}`)).status).toBe(200);

    const state = await app.api('POST', '/api/v1/explore/form_data', { body: { datasource_id: allowedId, datasource_type: 'table', chart_id: hiddenChart, form_data: '{"viz_type":"table"}' } });
    expect(state.status).toBe(201);
    expect((await app.api('GET', `/api/v1/explore/form_data/${state.body.key}`, { token: reader })).status).toBe(404);
    expect((await app.api('GET', `/api/v1/explore/form_data/${state.body.key}`)).status).toBe(200);
  });
});
