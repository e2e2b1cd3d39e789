import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';
import { createWarehouse } from '../tabState/__tests__/sqllabTestKit.js';
import { parseYamlText, toYamlText } from './yamlText.js';
import { readZip, writeZip } from './zipBundle.js';

const q = (value: unknown) => `?q=${encodeURIComponent(rison.encode(value))}`;

/** Fetches an export as bytes. */
async function download(app: TestApp, path: string, token?: string): Promise<{ status: number; headers: Headers; zip: Buffer; text: string }> {
  const res = await fetch(app.url + path, { headers: { authorization: `Bearer ${token ?? (await app.token())}` } });
  const zip = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, zip, text: zip.toString('utf8') };
}

/** The bundle's files by path below the root folder, and the root folder itself. */
async function unzip(zip: Buffer): Promise<{ root: string; files: Map<string, string> }> {
  const entries = await readZip(zip, { accept: () => true, maxEntries: 100, maxBytes: 10_000_000 });
  const root = entries[0]!.name.split('/')[0]!;
  return { root, files: new Map(entries.map((e) => [e.name.slice(root.length + 1), e.data.toString('utf8')])) };
}

const yaml = (text: string | undefined): any => {
  const parsed = parseYamlText(text ?? '');
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.value;
};

/** A bundle from files (with a root folder, as Superset writes them). */
const bundleOf = (files: Record<string, string>) =>
  writeZip(Object.entries(files).map(([name, text]) => ({ name: `bundle/${name}`, data: Buffer.from(text, 'utf8') })));

async function importBundle(
  app: TestApp,
  resource: string,
  zip: Buffer | string,
  fields: Record<string, string> = {},
  token?: string,
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('formData', new Blob([typeof zip === 'string' ? zip : new Uint8Array(zip)]), 'bundle.zip');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${app.url}/api/v1/${resource}/import/`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token ?? (await app.token())}` },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** The one error entry of a 4xx import answer. */
const entry = (res: { body: any }) => res.body.errors[0] as { message: string; error_type: string; level: string; extra: Record<string, unknown> };

describe('export and import of charts, datasets and databases', () => {
  let source: TestApp;
  let target: TestApp;
  let databaseId: number;
  let datasetId: number;
  let chartId: number;
  let chartZip: Buffer;
  const params = { viz_type: 'table', metrics: ['count', 'sum_num'], groupby: ['name'], row_limit: 100, adhoc_filters: [{ clause: 'WHERE', subject: 'name', operator: '==', comparator: 'yes' }] };

  beforeAll(async () => {
    [source, target] = await Promise.all([startTestApp(), startTestApp()]);
    databaseId = await createWarehouse(source, 'Sales DB', { allow_dml: true, extra: JSON.stringify({ metadata_params: {}, schemas_allowed_for_file_upload: ['main'] }) });
    datasetId = (await source.api('POST', '/api/v1/dataset/', { body: { database: databaseId, schema: 'main', table_name: 'birth_names' } })).body.id;
    const shown = (await source.api('GET', `/api/v1/dataset/${datasetId}`)).body.result;
    const edited = await source.api('PUT', `/api/v1/dataset/${datasetId}`, {
      body: {
        description: 'Births per day',
        template_params: JSON.stringify({ region: 'EU' }),
        extra: JSON.stringify({ certification: { certified_by: 'Data team' } }),
        columns: [...shown.columns, { column_name: 'double_num', expression: 'num * 2', type: 'NUMERIC', verbose_name: 'Twice' }],
        metrics: [...shown.metrics, { metric_name: 'sum_num', expression: 'SUM(num)', d3format: ',d', verbose_name: 'Total' }],
      },
    });
    expect(edited.status).toBe(200);
    const chart = await source.api('POST', '/api/v1/chart/', {
      body: {
        slice_name: 'Births by name',
        viz_type: 'table',
        datasource_id: datasetId,
        datasource_type: 'table',
        description: 'Top names',
        cache_timeout: 300,
        params: JSON.stringify(params),
        query_context: JSON.stringify({ datasource: { id: datasetId, type: 'table' }, queries: [{ metrics: ['count'] }], form_data: { datasource: `${datasetId}__table` } }),
      },
    });
    chartId = chart.body.id;
    // The connection now names a password-protected server (nothing connects to it: exports never do).
    await source.ctx.db
      .updateTable('dbs')
      .set({ sqlalchemy_uri: 'postgresql://scott@db.example.com:5432/sales', password: source.ctx.secrets.encrypt('tiger-secret'), backend: 'postgresql' })
      .where('id', '=', databaseId)
      .execute();
  });

  afterAll(async () => {
    await Promise.all([source?.close(), target?.close()]);
  });

  it('exports a chart with its dataset and database, laid out and written as Superset does', async () => {
    const res = await download(source, `/api/v1/chart/export/${q([chartId])}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=chart_export_\d{8}T\d{6}\.zip$/);
    chartZip = res.zip;
    // The download helper's token cookie is set, but never over the app's own session cookie.
    expect((await download(source, `/api/v1/chart/export/${q([chartId])}&token=dl-123`)).headers.get('set-cookie')).toMatch(/^dl-123=done/);
    expect((await download(source, `/api/v1/chart/export/${q([chartId])}&token=session`)).headers.get('set-cookie')).toBeNull();
    const { root, files } = await unzip(res.zip);
    expect(root).toMatch(/^chart_export_\d{8}T\d{6}$/);
    expect([...files.keys()]).toEqual(['metadata.yaml', `charts/Births_by_name_${chartId}.yaml`, 'datasets/Sales_DB/birth_names.yaml', 'databases/Sales_DB.yaml']);
    expect(yaml(files.get('metadata.yaml'))).toEqual({ version: '1.0.0', type: 'Slice', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+\+00:00$/) });

    const chart = yaml(files.get(`charts/Births_by_name_${chartId}.yaml`));
    const dataset = yaml(files.get('datasets/Sales_DB/birth_names.yaml'));
    const database = yaml(files.get('databases/Sales_DB.yaml'));
    expect(Object.keys(chart)).toEqual(['slice_name', 'description', 'certified_by', 'certification_details', 'viz_type', 'params', 'query_context', 'cache_timeout', 'uuid', 'version', 'dataset_uuid']);
    expect(chart).toMatchObject({ slice_name: 'Births by name', description: 'Top names', viz_type: 'table', params, cache_timeout: 300, version: '1.0.0', dataset_uuid: dataset.uuid });
    expect(typeof chart.query_context).toBe('string');

    expect(Object.keys(dataset)).toEqual([
      'table_name', 'main_dttm_col', 'description', 'default_endpoint', 'offset', 'cache_timeout', 'schema', 'sql', 'params', 'template_params',
      'filter_select_enabled', 'fetch_values_predicate', 'extra', 'normalize_columns', 'always_filter_main_dttm', 'uuid', 'metrics', 'columns', 'version', 'database_uuid',
    ]);
    expect(dataset).toMatchObject({
      table_name: 'birth_names',
      main_dttm_col: 'ds',
      description: 'Births per day',
      schema: 'main',
      template_params: { region: 'EU' },
      extra: { certification: { certified_by: 'Data team' } },
      database_uuid: database.uuid,
    });
    expect(dataset.metrics.map((m: { metric_name: string }) => m.metric_name)).toEqual(['count', 'sum_num']);
    expect(dataset.metrics[1]).toEqual({ metric_name: 'sum_num', verbose_name: 'Total', metric_type: null, expression: 'SUM(num)', description: null, d3format: ',d', currency: null, extra: null, warning_text: null });
    expect(dataset.columns.find((c: { column_name: string }) => c.column_name === 'double_num')).toMatchObject({ expression: 'num * 2', type: 'NUMERIC', verbose_name: 'Twice', is_dttm: false });

    expect(database).toEqual({
      database_name: 'Sales DB',
      sqlalchemy_uri: 'postgresql://scott:XXXXXXXXXX@db.example.com:5432/sales',
      cache_timeout: null,
      expose_in_sqllab: true,
      allow_run_async: false,
      allow_ctas: false,
      allow_cvas: false,
      allow_dml: true,
      allow_csv_upload: false,
      extra: { metadata_params: {}, schemas_allowed_for_csv_upload: ['main'] },
      uuid: expect.any(String),
      version: '1.0.0',
    });
    for (const text of files.values()) expect(text).not.toContain('tiger-secret');
  });

  it('asks for the masked password before importing into a fresh server', async () => {
    const res = await importBundle(target, 'chart', chartZip);
    expect(res.status).toBe(422);
    expect(entry(res)).toMatchObject({
      message: 'Error importing chart',
      error_type: 'GENERIC_COMMAND_ERROR',
      level: 'warning',
      extra: { 'databases/Sales_DB.yaml': { _schema: ['Must provide a password for the database'] }, issue_codes: [{ code: 1010 }] },
    });
    expect((await target.api('GET', '/api/v1/chart/')).body.count).toBe(0);
  });

  it('imports the bundle into a fresh server: the same objects under the same uuids', async () => {
    const res = await importBundle(target, 'chart', chartZip, { passwords: JSON.stringify({ 'databases/Sales_DB.yaml': 'tiger-secret' }), overwrite: 'false' });
    expect(res).toEqual({ status: 200, body: { message: 'OK' } });

    const [a, b] = await Promise.all([source.api('GET', `/api/v1/chart/${chartId}`), target.api('GET', '/api/v1/chart/')]);
    const imported = b.body.result.find((c: { uuid: string }) => c.uuid === a.body.result.uuid);
    expect(imported).toBeTruthy();
    const chartB = (await target.api('GET', `/api/v1/chart/${imported.id}`)).body.result;
    for (const key of ['slice_name', 'description', 'viz_type', 'cache_timeout', 'certified_by']) expect(chartB[key]).toEqual(a.body.result[key]);
    expect(JSON.parse(chartB.params)).toEqual(params);
    expect(chartB.owners.map((o: { id: number }) => o.id)).toEqual([1]);

    const datasetA = (await source.api('GET', `/api/v1/dataset/${datasetId}`)).body.result;
    const datasetB = (await target.api('GET', `/api/v1/dataset/${imported.datasource_id}`)).body.result;
    // Ids, uuids and timestamps are the new server's own; everything else must come across.
    const strip = ({ id: _id, uuid: _uuid, created_on: _c, changed_on: _ch, ...rest }: Record<string, unknown>) => rest;
    expect(datasetB.uuid).toBe(datasetA.uuid);
    expect(datasetB.columns.map(strip)).toEqual(datasetA.columns.map(strip));
    expect(datasetB.metrics.map(strip)).toEqual(datasetA.metrics.map(strip));
    for (const key of ['table_name', 'schema', 'description', 'main_dttm_col', 'template_params', 'extra', 'filter_select_enabled', 'kind']) {
      expect(datasetB[key], key).toEqual(datasetA[key]);
    }
    expect(JSON.parse(chartB.query_context).datasource).toEqual({ id: datasetB.id, type: 'table' });

    const databaseA = (await source.api('GET', `/api/v1/database/${databaseId}`)).body.result;
    const databaseB = (await target.api('GET', `/api/v1/database/${datasetB.database.id}`)).body.result;
    for (const key of ['uuid', 'database_name', 'sqlalchemy_uri', 'allow_dml', 'expose_in_sqllab', 'backend', 'extra']) expect(databaseB[key], key).toEqual(databaseA[key]);
    const stored = await target.ctx.db.selectFrom('dbs').select(['password', 'sqlalchemy_uri']).where('uuid', '=', databaseA.uuid).executeTakeFirstOrThrow();
    expect(target.ctx.secrets.decrypt(stored.password!)).toBe('tiger-secret');
    expect(stored.sqlalchemy_uri).toBe('postgresql://scott@db.example.com:5432/sales');
    // The imported objects carry their access permissions, as created ones do.
    const views = await target.ctx.db.selectFrom('ab_view_menu').select('name').where('name', 'in', [`[Sales DB].(id:${databaseB.id})`, `[Sales DB].[birth_names](id:${datasetB.id})`]).execute();
    expect(views).toHaveLength(2);
  });

  it('refuses to replace an existing chart without overwrite=true, and replaces it with it', async () => {
    const uuid = (await source.api('GET', `/api/v1/chart/${chartId}`)).body.result.uuid;
    const local = (await target.api('GET', '/api/v1/chart/')).body.result.find((c: { uuid: string }) => c.uuid === uuid);
    await target.api('PUT', `/api/v1/chart/${local.id}`, { body: { slice_name: 'Renamed here' } });

    const refused = await importBundle(target, 'chart', chartZip);
    expect(refused.status).toBe(422);
    expect(entry(refused).extra).toEqual({
      [`charts/Births_by_name_${chartId}.yaml`]: 'Chart already exists and `overwrite=true` was not passed',
      issue_codes: [expect.objectContaining({ code: 1010 })],
    });
    expect((await target.api('GET', `/api/v1/chart/${local.id}`)).body.result.slice_name).toBe('Renamed here');

    // The database exists now: its stored password is used, none has to be sent.
    expect(await importBundle(target, 'chart', chartZip, { overwrite: 'true' })).toEqual({ status: 200, body: { message: 'OK' } });
    expect((await target.api('GET', `/api/v1/chart/${local.id}`)).body.result.slice_name).toBe('Births by name');
    expect((await target.api('GET', '/api/v1/chart/')).body.count).toBe(1);
  });

  it('exports and imports datasets; an overwrite syncs the columns and metrics', async () => {
    const res = await download(source, `/api/v1/dataset/export/${q([datasetId])}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/filename=dataset_export_\d{8}T\d{6}\.zip$/);
    const { files } = await unzip(res.zip);
    expect([...files.keys()]).toEqual(['metadata.yaml', 'datasets/Sales_DB/birth_names.yaml', 'databases/Sales_DB.yaml']);
    expect(yaml(files.get('metadata.yaml')).type).toBe('SqlaTable');

    const local = (await target.api('GET', '/api/v1/dataset/')).body.result[0];
    const shown = (await target.api('GET', `/api/v1/dataset/${local.id}`)).body.result;
    await target.api('PUT', `/api/v1/dataset/${local.id}`, { body: { metrics: [...shown.metrics, { metric_name: 'local_only', expression: 'MAX(num)' }] } });

    const refused = await importBundle(target, 'dataset', res.zip);
    expect(entry(refused).extra['datasets/Sales_DB/birth_names.yaml']).toBe('Dataset already exists and `overwrite=true` was not passed');
    expect(await importBundle(target, 'dataset', res.zip, { overwrite: 'true' })).toEqual({ status: 200, body: { message: 'OK' } });
    const after = (await target.api('GET', `/api/v1/dataset/${local.id}`)).body.result;
    expect(after.metrics.map((m: { metric_name: string }) => m.metric_name)).toEqual(['count', 'sum_num']);
  });

  it('exports a database with its datasets (admins only) and imports it back', async () => {
    const res = await download(source, `/api/v1/database/export/${q([databaseId])}`);
    expect(res.status).toBe(200);
    const { files } = await unzip(res.zip);
    expect([...files.keys()]).toEqual(['metadata.yaml', 'databases/Sales_DB.yaml', 'datasets/Sales_DB/birth_names.yaml']);
    expect(yaml(files.get('metadata.yaml')).type).toBe('Database');
    const refused = await importBundle(target, 'database', res.zip);
    expect(entry(refused).extra['databases/Sales_DB.yaml']).toBe('Database already exists and `overwrite=true` was not passed');
    expect(await importBundle(target, 'database', res.zip, { overwrite: 'true' })).toEqual({ status: 200, body: { message: 'OK' } });

    const alpha = await createUserWithRole(source, 'alpha_exporter', 'Alpha');
    expect((await download(source, `/api/v1/database/export/${q([databaseId])}`, alpha)).status).toBe(403);
  });

  it('answers bad requests and bad bundles with 4xx, never 500', async () => {
    expect((await download(source, `/api/v1/chart/export/?q=${encodeURIComponent('!(')}`)).status).toBe(400);
    expect((await download(source, `/api/v1/chart/export/${q(['x'])}`)).status).toBe(400);
    expect((await download(source, '/api/v1/chart/export/')).status).toBe(400);
    const missing = await download(source, `/api/v1/chart/export/${q([chartId, 9999])}`);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toMatchObject({ message: 'Not found', errors: [{ error_type: 'OBJECT_DOES_NOT_EXIST_ERROR', message: 'Chart not found.' }] });
    // An id no row can have names nothing too (Superset's test_export_chart_not_found).
    expect((await download(source, `/api/v1/chart/export/${q([-1, chartId])}`)).status).toBe(404);

    const notZip = await importBundle(target, 'chart', 'just some text');
    expect(notZip.status).toBe(422);
    expect(entry(notZip)).toMatchObject({ message: 'Not a valid ZIP file', error_type: 'GENERIC_COMMAND_ERROR' });

    const noMetadata = await importBundle(target, 'chart', bundleOf({ 'charts/a.yaml': 'slice_name: x\n' }));
    expect(noMetadata.status).toBe(422);
    expect(entry(noMetadata).message).toBe('Could not find a valid command to import file');

    const wrongType = await importBundle(target, 'dataset', chartZip);
    expect(wrongType.status).toBe(422);
    expect(entry(wrongType).extra['metadata.yaml']).toEqual({ type: ['Must be equal to SqlaTable.'] });

    const metadata = toYamlText({ version: '1.0.0', type: 'Slice', timestamp: '2024-01-01T00:00:00+00:00' });
    const badFiles = await importBundle(
      target,
      'chart',
      bundleOf({ 'metadata.yaml': metadata, 'charts/broken.yaml': 'slice_name: [unclosed', 'charts/partial.yaml': toYamlText({ viz_type: 'table', uuid: 'nope', version: '1.0.0' }) }),
    );
    expect(badFiles.status).toBe(422);
    expect(entry(badFiles).extra['charts/broken.yaml']).toBe('Not a valid YAML file');
    expect(entry(badFiles).extra['charts/partial.yaml']).toMatchObject({ slice_name: ['Missing data for required field.'], uuid: [expect.any(String)] });

    const orphan = toYamlText({ slice_name: 'Orphan', viz_type: 'table', params: {}, uuid: '5d2c6f0e-0e4b-4f8e-9a51-2a6d8c1f7b01', version: '1.0.0', dataset_uuid: '5d2c6f0e-0e4b-4f8e-9a51-2a6d8c1f7b02' });
    const dangling = await importBundle(target, 'chart', bundleOf({ 'metadata.yaml': metadata, 'charts/orphan.yaml': orphan }));
    expect(entry(dangling).extra['charts/orphan.yaml']).toMatch(/^Dataset 5d2c6f0e-\S+ was not found in the bundle or on this server$/);

    const form = new FormData();
    form.append('overwrite', 'true');
    const noFile = await fetch(`${target.url}/api/v1/chart/import/`, { method: 'POST', body: form, headers: { authorization: `Bearer ${await target.token()}` } });
    expect(noFile.status).toBe(400);
    expect((await importBundle(target, 'chart', chartZip, { passwords: '{not json' })).status).toBe(400);
    expect((await target.api('POST', '/api/v1/chart/import/', { body: { formData: 'x' } })).status).toBe(400);
  });

  it('exports only what the caller may read and imports only what it may write', async () => {
    const gamma = await createUserWithRole(source, 'gamma_exporter', 'Gamma');
    const sqlLab = await createUserWithRole(source, 'sqllab_importer', 'sql_lab');
    expect((await download(source, `/api/v1/chart/export/${q([chartId])}`, gamma)).status).toBe(404);
    expect((await download(source, `/api/v1/dataset/export/${q([datasetId])}`, gamma)).status).toBe(403);
    expect((await importBundle(source, 'dataset', chartZip, {}, gamma)).status).toBe(403);
    expect((await importBundle(source, 'chart', chartZip, {}, sqlLab)).status).toBe(403);
    // Gamma may write charts, but not replace one it cannot see.
    const replace = await importBundle(source, 'chart', chartZip, { overwrite: 'true' }, gamma);
    expect(replace.status).toBe(403);
    expect(replace.body.message).toMatch(/access to the dataset|permissions to overwrite/);
  });
});
