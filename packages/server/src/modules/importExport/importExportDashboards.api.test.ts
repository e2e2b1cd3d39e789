import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';
import { toYamlText } from './yamlText.js';
import {
  BIRTHS_TOTAL,
  birthsWarehouse,
  bundleOf,
  download,
  entry,
  fixtureFiles,
  importBundle,
  q,
  unzip,
  yaml,
} from './__tests__/bundleTestKit.js';

/**
 * Dashboards in Superset's bundle format: export (the dashboard, its charts, datasets and databases), import of
 * Tessera's own exports and of a Superset 5 export written by hand from its format (`__fixtures__`), and the
 * failure paths (access, overwrite, bad bundles and layouts). On PostgreSQL metadata with TESSERA_TEST_METADATA=postgres.
 */

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'superset5_dashboard');
const FIXTURE_DASHBOARD = 'dashboards/Births_Overview_7.yaml';
const FIXTURE_DATABASE_UUID = '77bdcad2-d909-4290-aee4-c8c1a33f071f';
const FIXTURE_DATASET_UUID = '8fb49eba-d887-4afe-91aa-be06e09f5347';
const FIXTURE_CHARTS = { total: 'e79a53bd-ede4-4cdb-b9e9-1f48f281afcb', gender: 'c9b1ea9a-1a7b-41c2-8f49-2acf017b17e9', names: '5591fdd5-e366-4da6-8606-ee4274c269f4' };

type Layout = Record<string, any>;
const chartComponents = (layout: Layout) => Object.values(layout).filter((c: any) => c?.type === 'CHART') as any[];

/** A chart's id on an app, by uuid. */
async function chartIdByUuid(app: TestApp, uuid: string): Promise<number> {
  const row = await app.ctx.db.selectFrom('slices').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow();
  return row.id;
}

async function count(app: TestApp, table: 'slices' | 'dashboards' | 'tables' | 'dbs'): Promise<number> {
  const row = await app.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('export and import of dashboards', () => {
  let source: TestApp;
  let target: TestApp;
  let datasetId: number;
  let chartIds: number[];
  let dashboardId: number;
  let dashboardZip: Buffer;
  let dashboardFile: string;

  beforeAll(async () => {
    source = await startTestApp();
    // The target opens the source's warehouse file: a round trip moves the database definition, not the data.
    target = await startTestApp({ FILE_DATABASE_DIRS: source.filesDir });
    const databaseId = await birthsWarehouse(source, source.filesDir, 'Births DB');
    datasetId = (await source.api('POST', '/api/v1/dataset/', { body: { database: databaseId, schema: 'main', table_name: 'birth_names' } })).body.id;
    chartIds = [];
    for (const [name, viz] of [['By gender', 'pie'], ['Names', 'table'], ['Linked only', 'table']] as const) {
      const params = { viz_type: viz, datasource: `${datasetId}__table`, groupby: ['gender'], metrics: ['count'], row_limit: 10 };
      const res = await source.api('POST', '/api/v1/chart/', { body: { slice_name: name, viz_type: viz, datasource_id: datasetId, datasource_type: 'table', params: JSON.stringify(params) } });
      expect(res.status).toBe(201);
      chartIds.push(res.body.id);
    }
    const [a, b] = chartIds as [number, number];
    const position = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-abc'], parents: ['ROOT_ID'] },
      HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', meta: { text: 'Births' } },
      'ROW-abc': { id: 'ROW-abc', type: 'ROW', children: ['CHART-a', 'CHART-b', 'MARKDOWN-m'], parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } },
      'CHART-a': { id: 'CHART-a', type: 'CHART', children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-abc'], meta: { chartId: a, width: 4, height: 50, sliceName: 'By gender' } },
      'CHART-b': { id: 'CHART-b', type: 'CHART', children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-abc'], meta: { chartId: b, width: 5, height: 40, sliceName: 'Names' } },
      'MARKDOWN-m': { id: 'MARKDOWN-m', type: 'MARKDOWN', children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-abc'], meta: { width: 3, height: 50, code: '# Hello' } },
    };
    const metadata = {
      color_scheme: 'supersetColors',
      positions: { stale: true },
      timed_refresh_immune_slices: [b],
      chart_configuration: { [a]: { id: a, crossFilters: { scope: 'global', chartsInScope: [b] } } },
      native_filter_configuration: [
        { id: 'NATIVE_FILTER-x1', type: 'NATIVE_FILTER', name: 'Gender', filterType: 'filter_select', targets: [{ datasetId, column: { name: 'gender' } }], scope: { rootPath: ['ROOT_ID'], excluded: [b] }, chartsInScope: [a] },
      ],
    };
    const created = await source.api('POST', '/api/v1/dashboard/', {
      body: { dashboard_title: 'Births board', slug: 'births-board', published: true, css: '.x { color: red; }', position_json: JSON.stringify(position), json_metadata: JSON.stringify(metadata) },
    });
    expect(created.status).toBe(201);
    dashboardId = created.body.id;
    // The charts join the dashboard (dashboard_slices), one of them outside its layout.
    for (const id of chartIds) expect((await source.api('PUT', `/api/v1/chart/${id}`, { body: { dashboards: [dashboardId] } })).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([source?.close(), target?.close()]);
  });

  it('exports a dashboard with its charts, dataset and database, as Superset writes them', async () => {
    const res = await download(source, `/api/v1/dashboard/export/${q([dashboardId])}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=dashboard_export_\d{8}T\d{6}\.zip$/);
    dashboardZip = res.zip;
    const { root, files } = await unzip(res.zip);
    expect(root).toMatch(/^dashboard_export_\d{8}T\d{6}$/);
    dashboardFile = `dashboards/Births_board_${dashboardId}.yaml`;
    const [a, b, c] = chartIds as [number, number, number];
    expect([...files.keys()]).toEqual([
      'metadata.yaml',
      dashboardFile,
      `charts/By_gender_${a}.yaml`,
      `charts/Names_${b}.yaml`,
      `charts/Linked_only_${c}.yaml`,
      'datasets/Births_DB/birth_names.yaml',
      'databases/Births_DB.yaml',
    ]);
    expect(yaml(files.get('metadata.yaml'))).toMatchObject({ version: '1.0.0', type: 'Dashboard' });

    const dashboard = yaml(files.get(dashboardFile));
    expect(Object.keys(dashboard)).toEqual(['dashboard_title', 'description', 'css', 'slug', 'certified_by', 'certification_details', 'published', 'uuid', 'position', 'metadata', 'version']);
    expect(dashboard).toMatchObject({ dashboard_title: 'Births board', slug: 'births-board', published: true, css: '.x { color: red; }', version: '1.0.0' });
    const uuids = await Promise.all(chartIds.map(async (id) => (await source.api('GET', `/api/v1/chart/${id}`)).body.result.uuid as string));
    expect(dashboard.position['CHART-a'].meta).toMatchObject({ chartId: a, uuid: uuids[0] });
    expect(dashboard.position['CHART-b'].meta).toMatchObject({ chartId: b, uuid: uuids[1] });
    // The linked chart the layout lacks is added in a new row, as Superset's export does.
    expect(dashboard.position.GRID_ID.children).toEqual(['ROW-abc', 'ROW-N-1']);
    expect(dashboard.position[`CHART-${uuids[2]}`].meta).toMatchObject({ chartId: c, uuid: uuids[2], sliceName: 'Linked only' });
    const datasetUuid = yaml(files.get('datasets/Births_DB/birth_names.yaml')).uuid;
    expect(dashboard.metadata.positions).toBeUndefined();
    expect(dashboard.metadata.native_filter_configuration[0].targets).toEqual([{ column: { name: 'gender' }, datasetUuid }]);
    expect(dashboard.metadata.chart_configuration).toEqual({ [a]: { id: a, crossFilters: { scope: 'global', chartsInScope: [b] } } });
    expect(dashboard.metadata.color_scheme).toBe('supersetColors');
  });

  it('answers 404 for dashboards the caller cannot see or that do not exist, 400 for bad ids, 401 signed out', async () => {
    const gamma = await createUserWithRole(source, 'gamma_dash_exporter', 'Gamma');
    const hidden = await download(source, `/api/v1/dashboard/export/${q([dashboardId])}`, gamma);
    expect(hidden.status).toBe(404);
    expect(JSON.parse(hidden.text)).toMatchObject({ message: 'Not found', errors: [{ error_type: 'OBJECT_DOES_NOT_EXIST_ERROR', message: 'Dashboard not found.' }] });
    expect((await download(source, `/api/v1/dashboard/export/${q([dashboardId, 99_999])}`)).status).toBe(404);
    expect((await download(source, `/api/v1/dashboard/export/${q(['x'])}`)).status).toBe(400);
    expect((await download(source, '/api/v1/dashboard/export/')).status).toBe(400);
    expect((await download(source, `/api/v1/dashboard/export/${q([dashboardId])}`, null)).status).toBe(401);
    expect((await importBundle(source, 'dashboard', dashboardZip, {}, null)).status).toBe(401);
    const sqlLab = await createUserWithRole(source, 'sqllab_dash_importer', 'sql_lab');
    expect((await importBundle(source, 'dashboard', dashboardZip, {}, sqlLab)).status).toBe(403);
  });

  it('imports the export into a fresh server: same title, layout and charts', async () => {
    const res = await importBundle(target, 'dashboard', dashboardZip);
    expect(res).toEqual({ status: 200, body: { message: 'OK' } });
    const original = (await source.api('GET', `/api/v1/dashboard/${dashboardId}`)).body.result;
    const list = (await target.api('GET', '/api/v1/dashboard/')).body;
    expect(list.count).toBe(1);
    const imported = (await target.api('GET', `/api/v1/dashboard/${list.result[0].id}`)).body.result;
    for (const key of ['dashboard_title', 'slug', 'published', 'css']) expect(imported[key], key).toEqual(original[key]);
    expect(imported.owners.map((o: { id: number }) => o.id)).toEqual([1]);

    // The same layout, each chart component pointing at the chart of the same uuid on the target.
    const before: Layout = JSON.parse(original.position_json);
    const after: Layout = JSON.parse(imported.position_json);
    const sourceUuids = new Map<number, string>();
    for (const id of chartIds) sourceUuids.set(id, (await source.api('GET', `/api/v1/chart/${id}`)).body.result.uuid);
    const appended = `CHART-${sourceUuids.get(chartIds[2]!)}`;
    expect(Object.keys(after).sort()).toEqual([...Object.keys(before), 'ROW-N-1', appended].sort());
    for (const key of ['ROOT_ID', 'HEADER_ID', 'ROW-abc', 'MARKDOWN-m']) expect(after[key], key).toEqual(before[key]);
    expect(after.GRID_ID.children).toEqual(['ROW-abc', 'ROW-N-1']);
    expect(after['ROW-N-1'].children).toEqual([appended]);
    for (const component of chartComponents(after)) {
      expect(component.meta.chartId).toBe(await chartIdByUuid(target, component.meta.uuid));
    }
    expect(after['CHART-a'].meta.uuid).toBe(sourceUuids.get(chartIds[0]!));

    const charts = (await target.api('GET', `/api/v1/dashboard/${imported.id}/charts`)).body.result;
    expect(charts.map((c: { slice_name: string }) => c.slice_name).sort()).toEqual(['By gender', 'Linked only', 'Names']);

    // json_metadata follows the new ids: chart references and the native filter's dataset.
    const metadata = JSON.parse(imported.json_metadata);
    const [a, b] = [after['CHART-a'].meta.chartId, after['CHART-b'].meta.chartId];
    const targetDataset = (await target.api('GET', '/api/v1/dataset/')).body.result[0].id;
    expect(metadata.timed_refresh_immune_slices).toEqual([b]);
    expect(metadata.chart_configuration).toEqual({ [a]: { id: a, crossFilters: { scope: 'global', chartsInScope: [b] } } });
    expect(metadata.native_filter_configuration[0]).toMatchObject({ targets: [{ column: { name: 'gender' }, datasetId: targetDataset }], scope: { excluded: [b] }, chartsInScope: [a] });
  });

  it('refuses to replace an existing dashboard without overwrite=true, and replaces it with it', async () => {
    const local = (await target.api('GET', '/api/v1/dashboard/')).body.result[0];
    await target.ctx.db.updateTable('dashboards').set({ dashboard_title: 'Renamed here' }).where('id', '=', local.id).execute();
    const charts = await count(target, 'slices');

    const refused = await importBundle(target, 'dashboard', dashboardZip);
    expect(refused.status).toBe(422);
    expect(entry(refused)).toMatchObject({ message: 'Error importing dashboard', error_type: 'GENERIC_COMMAND_ERROR' });
    expect(entry(refused).extra).toEqual({ [dashboardFile]: 'Dashboard already exists and `overwrite=true` was not passed', issue_codes: [expect.objectContaining({ code: 1010 })] });
    expect((await target.api('GET', `/api/v1/dashboard/${local.id}`)).body.result.dashboard_title).toBe('Renamed here');

    // An Alpha may write dashboards but does not own this one.
    const alpha = await createUserWithRole(target, 'alpha_dash_importer', 'Alpha');
    const notOwner = await importBundle(target, 'dashboard', dashboardZip, { overwrite: 'true' }, alpha);
    expect(notOwner.status).toBe(403);
    expect(notOwner.body.message).toBe("A dashboard already exists and user doesn't have permissions to overwrite it");

    expect(await importBundle(target, 'dashboard', dashboardZip, { overwrite: 'true' })).toEqual({ status: 200, body: { message: 'OK' } });
    expect((await target.api('GET', `/api/v1/dashboard/${local.id}`)).body.result.dashboard_title).toBe('Births board');
    // The charts are reused, not copied.
    expect(await count(target, 'slices')).toBe(charts);
    expect(await count(target, 'dashboards')).toBe(1);

    // A new dashboard may not show existing charts its importer cannot see.
    const { files } = await unzip(dashboardZip);
    const copy = yaml(files.get(dashboardFile));
    files.set(dashboardFile, toYamlText({ ...copy, uuid: '0e0e0e0e-0000-4000-8000-000000000001', slug: 'births-copy' }));
    const gamma = await createUserWithRole(target, 'gamma_dash_importer', 'Gamma');
    const hiddenCharts = await importBundle(target, 'dashboard', bundleOf(files), {}, gamma);
    expect(hiddenCharts.status).toBe(403);
    expect(hiddenCharts.body.message).toMatch(/^You do not have access to the chart /);
    expect(await count(target, 'dashboards')).toBe(1);
    // The admin sees them: the copy imports, showing the same charts.
    expect((await importBundle(target, 'dashboard', bundleOf(files))).status).toBe(200);
    expect(await count(target, 'slices')).toBe(charts);
    const copyCharts = (await target.api('GET', '/api/v1/dashboard/births-copy/charts')).body.result;
    expect(copyCharts.map((c: { slice_name: string }) => c.slice_name).sort()).toEqual(['By gender', 'Linked only', 'Names']);
    await target.api('DELETE', `/api/v1/dashboard/${(await target.api('GET', '/api/v1/dashboard/births-copy')).body.result.id}`);
  });

  it('imports a Superset 5 export: the dashboard opens, lists its charts and a chart query runs', async () => {
    const files = fixtureFiles(FIXTURE);
    const zip = bundleOf(files);
    const dashboards = await count(target, 'dashboards');

    // The bundle's database is new here and its password is masked: the import asks for it and writes nothing.
    const asked = await importBundle(target, 'dashboard', zip);
    expect(asked.status).toBe(422);
    expect(entry(asked).extra['databases/examples.yaml']).toEqual({ _schema: ['Must provide a password for the database'] });
    expect(await count(target, 'dashboards')).toBe(dashboards);

    // Once this server holds that database (same uuid), the bundle uses it as it is.
    const databaseId = await birthsWarehouse(target, source.filesDir, 'local examples');
    await target.ctx.db.updateTable('dbs').set({ uuid: FIXTURE_DATABASE_UUID }).where('id', '=', databaseId).execute();
    const res = await importBundle(target, 'dashboard', zip);
    expect(res).toEqual({ status: 200, body: { message: 'OK' } });

    const shown = await target.api('GET', '/api/v1/dashboard/births-overview');
    expect(shown.status).toBe(200);
    const dashboard = shown.body.result;
    expect(dashboard).toMatchObject({ dashboard_title: 'Births Overview', published: true, certified_by: 'Data team', certification_details: 'Reviewed quarterly' });
    const charts = (await target.api('GET', '/api/v1/dashboard/births-overview/charts')).body.result;
    expect(charts.map((c: { slice_name: string }) => c.slice_name).sort()).toEqual(['Births by gender', 'Top names', 'Total births']);

    const ids = { total: await chartIdByUuid(target, FIXTURE_CHARTS.total), gender: await chartIdByUuid(target, FIXTURE_CHARTS.gender), names: await chartIdByUuid(target, FIXTURE_CHARTS.names) };
    const layout: Layout = JSON.parse(dashboard.position_json);
    expect(layout.DASHBOARD_VERSION_KEY).toBe('v2');
    expect(layout['CHART-explore-41-1'].meta).toMatchObject({ chartId: ids.total, uuid: FIXTURE_CHARTS.total });
    expect(layout['CHART-Ls4lk2z1Zl'].meta).toMatchObject({ chartId: ids.gender, sliceNameOverride: 'Boys and girls' });
    expect(layout['CHART-Tq0yhmiRbhtLxqYaIkc8f'].meta.chartId).toBe(ids.names);
    expect(layout['TABS-lQm1zUl7Nc'].children).toEqual(['TAB-x9Yc2kLw0P', 'TAB-3hZ8b2Zk6u_dNn1kU2xq0']);

    const datasetId = (await target.ctx.db.selectFrom('tables').select('id').where('uuid', '=', FIXTURE_DATASET_UUID).executeTakeFirstOrThrow()).id;
    const metadata = JSON.parse(dashboard.json_metadata);
    expect(metadata.chart_configuration).toEqual({
      [ids.total]: { id: ids.total, crossFilters: { scope: 'global', chartsInScope: [ids.gender, ids.names] } },
      [ids.gender]: { id: ids.gender, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [ids.gender, ids.names] }, chartsInScope: [ids.total] } },
    });
    expect(metadata.global_chart_configuration.chartsInScope).toEqual([ids.total, ids.gender, ids.names]);
    expect(metadata.timed_refresh_immune_slices).toEqual([ids.names]);
    expect(metadata.expanded_slices).toEqual({ [ids.names]: true });
    expect(metadata.native_filter_configuration[0]).toMatchObject({
      filterType: 'filter_select',
      targets: [{ column: { name: 'gender' }, datasetId }],
      scope: { rootPath: ['ROOT_ID'], excluded: [ids.names] },
      chartsInScope: [ids.total, ids.gender],
    });
    expect(metadata.native_filter_configuration[0].targets[0].datasetUuid).toBeUndefined();
    expect(metadata.label_colors).toEqual({ boy: '#ADD8E6', girl: '#FF69B4' });

    // The chart's saved query now names the imported dataset, and runs.
    const data = await target.api('GET', `/api/v1/chart/${ids.total}/data/`);
    expect(data.status).toBe(200);
    expect(data.body.result[0].data).toEqual([{ 'SUM(num)': BIRTHS_TOTAL }]);
  });

  it('refuses bad bundles and bad layouts with 422 and the reason, importing nothing', async () => {
    const before = { charts: await count(target, 'slices'), dashboards: await count(target, 'dashboards'), datasets: await count(target, 'tables') };
    const notZip = await importBundle(target, 'dashboard', 'not a zip at all');
    expect(notZip.status).toBe(422);
    expect(entry(notZip).message).toBe('Not a valid ZIP file');

    // A new copy of the Superset bundle (new uuids, so nothing of it exists here) with one thing wrong at a time.
    const files = fixtureFiles(FIXTURE);
    const fresh = (edit: (dashboard: any) => void, extra: Record<string, string> = {}) => {
      const copy = new Map(files);
      for (const [name, body] of copy) {
        let replaced = body.replaceAll(FIXTURE_DATASET_UUID, '0f0f0f0f-0000-4000-8000-000000000001').replaceAll('5dc3334a-ccf6-4861-a4b4-76f2aa6e1a7b', '0f0f0f0f-0000-4000-8000-000000000002');
        Object.values(FIXTURE_CHARTS).forEach((u, i) => (replaced = replaced.replaceAll(u, `0f0f0f0f-0000-4000-8000-00000000001${i}`)));
        replaced = replaced.replace('slug: births-overview', 'slug: births-overview-2').replace('table_name: birth_names', 'table_name: birth_names_copy');
        copy.set(name, replaced);
      }
      const dashboard = yaml(copy.get(FIXTURE_DASHBOARD));
      edit(dashboard);
      copy.set(FIXTURE_DASHBOARD, toYamlText(dashboard));
      for (const [k, v] of Object.entries(extra)) copy.set(k, v);
      return bundleOf(copy);
    };
    const positionError = async (edit: (dashboard: any) => void) => {
      const res = await importBundle(target, 'dashboard', fresh(edit));
      expect(res.status).toBe(422);
      return (entry(res).extra[FIXTURE_DASHBOARD] as { position?: string[] }).position?.[0];
    };

    expect(await positionError((d) => (d.position['CHART-Ls4lk2z1Zl'].meta.width = 9))).toMatch(/^Row ROW-N-1a2bC3dE is 17 columns wide/);
    expect(await positionError((d) => (d.position['ROW-N-1a2bC3dE'].type = 'CAROUSEL'))).toMatch(/unknown type: CAROUSEL/);
    expect(await positionError((d) => d.position['TAB-x9Yc2kLw0P'].children.push('ROW-gone'))).toMatch(/child that does not exist: ROW-gone/);
    expect(await positionError((d) => (d.position['CHART-Tq0yhmiRbhtLxqYaIkc8f'].children = ['TABS-lQm1zUl7Nc']))).toMatch(/two parents|cycle/);
    expect(await positionError((d) => delete d.position['CHART-Ls4lk2z1Zl'].meta.uuid)).toBe('Chart component CHART-Ls4lk2z1Zl has no meta.uuid naming its chart');
    const notMapping = await importBundle(target, 'dashboard', fresh((d) => (d.position = 'not a mapping')));
    expect(entry(notMapping).extra[FIXTURE_DASHBOARD]).toEqual({ position: ['Not a valid mapping type.'] });

    const unknownChart = await importBundle(target, 'dashboard', fresh((d) => (d.position['CHART-Ls4lk2z1Zl'].meta.uuid = '0f0f0f0f-0000-4000-8000-0000000000ff')));
    expect(unknownChart.status).toBe(422);
    expect(entry(unknownChart).extra[FIXTURE_DASHBOARD]).toBe('Chart 0f0f0f0f-0000-4000-8000-0000000000ff was not found in the bundle or on this server');

    const slugClash = await importBundle(target, 'dashboard', fresh((d) => (d.slug = 'births-overview')));
    expect(slugClash.status).toBe(422);
    expect(entry(slugClash).extra[FIXTURE_DASHBOARD]).toEqual({ slug: ['Must be unique'] });

    const noTitle = await importBundle(target, 'dashboard', fresh((d) => delete d.dashboard_title));
    expect(entry(noTitle).extra[FIXTURE_DASHBOARD]).toMatchObject({ dashboard_title: [expect.any(String)] });

    // A dashboard bundle is not a chart bundle.
    const wrongType = await importBundle(target, 'chart', fresh(() => undefined));
    expect(entry(wrongType).extra['metadata.yaml']).toEqual({ type: ['Must be equal to Slice.'] });

    expect({ charts: await count(target, 'slices'), dashboards: await count(target, 'dashboards'), datasets: await count(target, 'tables') }).toEqual(before);

    // The same bundle without a fault imports.
    expect((await importBundle(target, 'dashboard', fresh(() => undefined))).status).toBe(200);
    expect(await count(target, 'dashboards')).toBe(before.dashboards + 1);
  });
});
