import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';
import { createWarehouse } from '../tabState/__tests__/sqllabTestKit.js';

const qs = (params: Record<string, string | number>) => '?' + new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

describe('explore API', () => {
  let app: TestApp;
  let datasetId: number;
  let chartId: number;
  const formData = { viz_type: 'pie', metric: 'count', groupby: ['name'], row_limit: 100 };

  beforeAll(async () => {
    app = await startTestApp();
    const dbId = await createWarehouse(app);
    datasetId = (await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', table_name: 'birth_names' } })).body.id;
    const dataset = (await app.api('GET', `/api/v1/dataset/${datasetId}`)).body;
    const countId = dataset.result.metrics[0].id as number;
    const edited = await app.api('PUT', `/api/v1/dataset/${datasetId}`, {
      body: { metrics: [{ id: countId, metric_name: 'count', expression: 'COUNT(*)', d3format: ',d' }, { metric_name: 'total', expression: 'SUM(num)', verbose_name: 'Total' }] },
    });
    expect(edited.status).toBe(200);
    chartId = (
      await app.api('POST', '/api/v1/chart/', {
        body: { slice_name: 'Names', viz_type: 'pie', datasource_id: datasetId, datasource_type: 'table', params: JSON.stringify({ ...formData, datasource: `${datasetId}__table` }) },
      })
    ).body.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('bootstraps a saved chart with its dataset and permissions', async () => {
    const res = await app.api('GET', `/api/v1/explore/${qs({ slice_id: chartId })}`);
    expect(res.status).toBe(200);
    const { result } = res.body;
    expect(result.form_data).toMatchObject({ ...formData, slice_id: chartId, datasource: `${datasetId}__table` });
    expect(result.slice).toMatchObject({ slice_id: chartId, slice_name: 'Names', viz_type: 'pie', slice_url: `/explore/?slice_id=${chartId}`, owners: [1] });
    // The rest of Superset's Slice schema in the explore context.
    expect(result.slice).toMatchObject({
      changed_on_humanized: expect.stringMatching(/ago|now/),
      description_markeddown: '',
      edit_url: `/chart/edit/${chartId}`,
      modified: expect.stringMatching(/^<span class="no-wrap">.+<\/span>$/),
    });
    expect(result.dataset).toMatchObject({
      id: datasetId,
      uid: `${datasetId}__table`,
      type: 'table',
      name: 'main.birth_names',
      datasource_name: 'birth_names',
      main_dttm_col: 'ds',
      granularity_sqla: [['ds', 'ds']],
      column_formats: { count: ',d' },
      database: { id: expect.any(Number), backend: 'sqlite' },
    });
    // Superset's Dataset schema (SqlaTable.data) also has `filter_select`, `perm` and `params`.
    expect(result.dataset).toMatchObject({ filter_select: true, perm: `[warehouse].[birth_names](id:${datasetId})`, params: null });
    expect(result.dataset.verbose_map).toMatchObject({ __timestamp: 'Time', name: 'name', total: 'Total', count: 'COUNT(*)' });
    expect(result.dataset.time_grain_sqla).toContainEqual(['P1D', 'Day']);
    expect(result.dataset.order_by_choices).toContainEqual(['["name",true]', 'name [asc]']);
    expect(result.dataset.metrics.map((m: { metric_name: string }) => m.metric_name)).toEqual(['count', 'total']);
    expect(result).toMatchObject({ message: null, can_add: true, can_download: true, can_overwrite: true });

    const alpha = await createUserWithRole(app, 'alpha_explorer', 'Alpha');
    const asAlpha = (await app.api('GET', `/api/v1/explore/${qs({ slice_id: chartId })}`, { token: alpha })).body.result;
    expect(asAlpha).toMatchObject({ can_add: true, can_overwrite: false });
  });

  it('bootstraps a dataset without a chart', async () => {
    const res = await app.api('GET', `/api/v1/explore/${qs({ datasource_id: datasetId, datasource_type: 'table' })}`);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ slice: null, form_data: { datasource: `${datasetId}__table`, viz_type: 'table' }, can_overwrite: false });
    expect(res.body.result.dataset.columns.map((c: { column_name: string }) => c.column_name)).toEqual(['id', 'ds', 'name', 'num']);
    const pie = await app.api('GET', `/api/v1/explore/${qs({ datasource_id: datasetId, datasource_type: 'table', viz_type: 'pie' })}`);
    expect(pie.body.result.form_data.viz_type).toBe('pie');
  });

  it('answers 404 and 403 in the catalogue shape', async () => {
    const missing = await app.api('GET', `/api/v1/explore/${qs({ slice_id: 99999 })}`);
    expect(missing).toMatchObject({ status: 404, body: { errors: [{ error_type: 'OBJECT_DOES_NOT_EXIST_ERROR' }] } });
    const noDataset = await app.api('GET', `/api/v1/explore/${qs({ datasource_id: 99999, datasource_type: 'table' })}`);
    expect(noDataset.status).toBe(200);
    expect(noDataset.body.result).toMatchObject({ dataset: {}, message: 'The dataset associated with this chart no longer exists' });

    const gamma = await createUserWithRole(app, 'gamma_explorer', 'Gamma');
    const hidden = await app.api('GET', `/api/v1/explore/${qs({ datasource_id: datasetId, datasource_type: 'table' })}`, { token: gamma });
    expect(hidden).toMatchObject({ status: 403, body: { errors: [{ error_type: 'DATASOURCE_SECURITY_ACCESS_ERROR' }] } });
    expect((await app.api('GET', `/api/v1/explore/${qs({ slice_id: chartId })}`, { token: gamma })).status).toBe(404);

    // SQL Lab users lack can_explore on Superset.
    const sqlLab = await createUserWithRole(app, 'sqllab_only', 'sql_lab');
    expect((await app.api('GET', `/api/v1/explore/${qs({ datasource_id: datasetId, datasource_type: 'table' })}`, { token: sqlLab })).status).toBe(403);
  });

  it('round-trips a permalink', async () => {
    const state = { ...formData, datasource: `${datasetId}__table`, slice_id: chartId };
    const created = await app.api('POST', '/api/v1/explore/permalink', { body: { formData: state, urlParams: [['standalone', '1']] } });
    expect(created.status).toBe(201);
    expect(created.body.url).toBe(`${app.url}/superset/explore/p/${created.body.key}/`);
    const read = await app.api('GET', `/api/v1/explore/permalink/${created.body.key}`);
    expect(read).toMatchObject({
      status: 200,
      body: { chartId, datasourceId: datasetId, datasourceType: 'table', datasource: `${datasetId}__table`, state: { formData: state, urlParams: [['standalone', '1']] } },
    });
    const boot = await app.api('GET', `/api/v1/explore/${qs({ permalink_key: created.body.key })}`);
    expect(boot.body.result).toMatchObject({ form_data: { row_limit: 100, slice_id: chartId }, slice: { slice_id: chartId } });

    expect((await app.api('GET', '/api/v1/explore/permalink/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await app.api('GET', '/api/v1/explore/permalink/nope')).status).toBe(404);
    expect((await app.api('POST', '/api/v1/explore/permalink', { body: { formData: { viz_type: 'pie' } } })).status).toBe(400);
    expect((await app.api('POST', '/api/v1/explore/permalink', { body: {} })).status).toBe(400);
  });

  it('caches form data by key, for its owner', async () => {
    const body = { datasource_id: datasetId, datasource_type: 'table', chart_id: chartId, form_data: JSON.stringify({ ...formData, row_limit: 5, slice_id: chartId }) };
    const created = await app.api('POST', '/api/v1/explore/form_data', { body });
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    expect((await app.api('GET', `/api/v1/explore/form_data/${key}`)).body).toEqual({ form_data: body.form_data });
    const boot = await app.api('GET', `/api/v1/explore/${qs({ form_data_key: key })}`);
    expect(boot.body.result).toMatchObject({ form_data: { row_limit: 5, slice_id: chartId }, slice: { slice_id: chartId } });

    const alpha = await createUserWithRole(app, 'alpha_cache', 'Alpha');
    expect((await app.api('PUT', `/api/v1/explore/form_data/${key}`, { body, token: alpha })).status).toBe(403);
    const updated = await app.api('PUT', `/api/v1/explore/form_data/${key}`, { body: { ...body, form_data: JSON.stringify({ row_limit: 7 }) } });
    expect(updated.status).toBe(200);
    // Without a tab a store gets a new key; the old one still reads what it held (Superset keeps it until it expires).
    const moved = updated.body.key as string;
    expect(moved).not.toBe(key);
    expect((await app.api('GET', `/api/v1/explore/form_data/${moved}`)).body).toEqual({ form_data: '{"row_limit":7}' });
    expect((await app.api('GET', `/api/v1/explore/form_data/${key}`)).body).toEqual({ form_data: body.form_data });
    // Within one browser tab the key stays: the tab's first store names it, later ones overwrite it.
    const first = await app.api('PUT', `/api/v1/explore/form_data/${moved}?tab_id=3`, { body: { ...body, form_data: JSON.stringify({ row_limit: 8 }) } });
    const next = first.body.key as string;
    const inTab = await app.api('PUT', `/api/v1/explore/form_data/${next}?tab_id=3`, { body: { ...body, form_data: JSON.stringify({ row_limit: 9 }) } });
    expect(inTab.body.key).toBe(next);
    expect((await app.api('GET', `/api/v1/explore/form_data/${next}`)).body).toEqual({ form_data: '{"row_limit":9}' });
    expect((await app.api('DELETE', `/api/v1/explore/form_data/${next}`, { token: alpha })).status).toBe(403);
    expect(await app.api('DELETE', `/api/v1/explore/form_data/${next}`)).toMatchObject({ status: 200, body: { message: 'Deleted successfully' } });
    expect((await app.api('GET', `/api/v1/explore/form_data/${next}`)).status).toBe(404);

    const gone = await app.api('GET', `/api/v1/explore/${qs({ form_data_key: next, slice_id: chartId })}`);
    expect(gone.body.result).toMatchObject({ message: 'Form data not found in cache, reverting to chart metadata.', form_data: { row_limit: 100 } });
    const goneDataset = await app.api('GET', `/api/v1/explore/${qs({ form_data_key: next, datasource_id: datasetId, datasource_type: 'table' })}`);
    expect(goneDataset.body.result).toMatchObject({ message: 'Form data not found in cache, reverting to dataset metadata.', slice: null, dataset: { id: datasetId } });
    expect((await app.api('POST', '/api/v1/explore/form_data', { body: { ...body, form_data: 'nope' } })).status).toBe(400);
  });

  it('opens a SQL Lab query or a saved query as a datasource, for its owner', async () => {
    const dbId = (await app.api('GET', '/api/v1/database/')).body.result[0].id as number;
    const run = await app.api('POST', '/api/v1/sqllab/execute/', {
      body: { database_id: dbId, sql: "SELECT name, ds, num FROM birth_names", json: true, runAsync: false, client_id: 'explq01', tab: 'Births' },
    });
    expect(run.status).toBe(200);
    const queryId = run.body.query_id as number;
    const res = await app.api('GET', `/api/v1/explore/${qs({ datasource_id: queryId, datasource_type: 'query' })}`);
    expect(res.status).toBe(200);
    expect(res.body.result.form_data).toMatchObject({ datasource: `${queryId}__query` });
    expect(res.body.result.dataset).toMatchObject({ uid: `${queryId}__query`, type: 'query', name: 'Births', main_dttm_col: 'ds', metrics: [] });
    // Generic types (String 1, Temporal 2, Numeric 0) group the columns in the datasource panel.
    expect(res.body.result.dataset.columns.map((c: { column_name: string; type_generic: number | null }) => [c.column_name, c.type_generic])).toEqual([
      ['name', 1],
      ['ds', 2],
      ['num', 0],
    ]);

    const saved = await app.api('POST', '/api/v1/saved_query/', { body: { db_id: dbId, label: 'Saved births', sql: 'SELECT name FROM birth_names' } });
    const savedBoot = await app.api('GET', `/api/v1/explore/${qs({ datasource_id: saved.body.id, datasource_type: 'saved_query' })}`);
    expect(savedBoot.body.result.dataset).toMatchObject({ type: 'saved_query', name: 'Saved births', columns: [expect.objectContaining({ column_name: 'name' })] });

    const alpha = await createUserWithRole(app, 'alpha_query', 'Alpha');
    const theirs = await app.api('GET', `/api/v1/explore/${qs({ datasource_id: queryId, datasource_type: 'query' })}`, { token: alpha });
    expect(theirs).toMatchObject({ status: 403, body: { errors: [{ error_type: 'QUERY_SECURITY_ACCESS_ERROR' }] } });
    expect((await app.api('GET', `/api/v1/explore/${qs({ datasource_id: 99999, datasource_type: 'query' })}`)).status).toBe(404);
  });

  it('answers the missing-dataset placeholder when nothing names a datasource', async () => {
    const placeholder = {
      form_data: { datasource: 'None__table' },
      dataset: { name: '[Missing Dataset]', type: 'table', columns: [], metrics: [], database: { id: 0, backend: '' } },
      slice: null,
      message: null,
    };
    // Superset reads ids with type=int: a non-numeric one is ignored rather than refused.
    for (const query of ['', '?form_data_key=unknown_key', '?slice_id=abc', '?datasource_id=abc&datasource_type=table', '?slice_id=0']) {
      const res = await app.api('GET', `/api/v1/explore/${query}`);
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject(placeholder);
    }
    const gone = await app.api('GET', `/api/v1/explore/${qs({ datasource_id: 99999, datasource_type: 'table' })}`);
    expect(gone.body.result).toMatchObject({ form_data: { datasource: '99999__table' }, dataset: { name: '[Missing Dataset]', columns: [] } });
  });

  it("hands the address and a permalink's url params to the chart as url_params", async () => {
    const res = await app.api('GET', `/api/v1/explore/?slice_id=${chartId}&foo=bar&foo=baz`);
    expect(res.body.result.form_data.url_params).toEqual({ slice_id: String(chartId), foo: 'bar' });

    const link = await app.api('POST', '/api/v1/explore/permalink', { body: { formData: { datasource: `${datasetId}__table`, test: 'x' }, urlParams: [['country', 'FR']] } });
    const boot = await app.api('GET', `/api/v1/explore/${qs({ permalink_key: link.body.key })}`);
    expect(boot.body.result.form_data).toMatchObject({ test: 'x', url_params: { country: 'FR', permalink_key: link.body.key } });
  });

  it("takes the chart from the cached state's slice_id, not from the key's chart_id", async () => {
    const body = { datasource_id: datasetId, datasource_type: 'table', chart_id: chartId, form_data: JSON.stringify({ test: 'test value' }) };
    const key = (await app.api('POST', '/api/v1/explore/form_data', { body })).body.key as string;
    const res = await app.api('GET', `/api/v1/explore/${qs({ form_data_key: key, datasource_id: datasetId, datasource_type: 'table' })}`);
    expect(res.body.result).toMatchObject({ form_data: { test: 'test value', datasource: `${datasetId}__table` }, slice: null, message: null, dataset: { id: datasetId } });
  });

  it('still opens a chart whose dataset was deleted', async () => {
    expect((await app.api('DELETE', `/api/v1/dataset/${datasetId}`)).status).toBe(200);
    const res = await app.api('GET', `/api/v1/explore/${qs({ slice_id: chartId })}`);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ dataset: {}, slice: { slice_id: chartId }, message: 'The dataset associated with this chart no longer exists' });
  });
});
