import path from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeAnswer, expectRefused, flightsDataIn } from './__tests__/flightsMarkers.js';
import { HIDDEN_NAMES, startSecurityWorld, type CallerName, type SecurityWorld } from './__tests__/securityWorld.js';

/**
 * Object-level access: objects a caller may not see (a chart and a dataset on flights, another user's saved
 * query, run, results, SQL Lab tab, explore permalink and form-data key) answer 403 or 404 on every path that
 * reads or changes them, with nothing of the object in the answer. The statuses are the services' own choices:
 * a chart or dataset outside the caller's datasources does not exist for them (404, Superset's base filters);
 * a datasource named directly is Superset's 403 DATASOURCE_SECURITY_ACCESS_ERROR; SQL Lab state of another
 * user is a 403 where Superset checks the owner of an object it found, a 404 where its list filter hides it.
 */

interface Probe {
  what: string;
  method: string;
  path: string;
  body?: unknown;
  statuses: readonly number[];
}

describe('object-level access for callers without the object', () => {
  let w: SecurityWorld;

  beforeAll(async () => {
    // Thumbnails on (their addresses exist), with no browser: nothing here may get as far as a render.
    w = await startSecurityWorld({ THUMBNAILS: 'on', CHROMIUM_PATH: path.join(tmpdir(), 'tessera-no-chromium') });
  }, 180_000);
  afterAll(async () => w?.app.close());

  async function probe(caller: CallerName, probes: Probe[], hidden: readonly string[] = []): Promise<void> {
    const token = w.callers[caller].token;
    for (const p of probes) {
      const answer = await w.app.api(p.method, p.path, { token, body: p.body });
      expectRefused(`${caller}: ${p.what} (${p.method} ${p.path})`, answer, p.statuses, hidden);
    }
  }

  /** The same paths answer the admin (or the peer) with the object: the refusals above are about access. */
  async function expectShown(token: string | undefined, method: string, pathAndQuery: string, body?: unknown): Promise<void> {
    const answer = await w.app.api(method, pathAndQuery, { token, body });
    expect(answer.status, describeAnswer(`${method} ${pathAndQuery}`, answer)).toBeLessThan(300);
  }

  const flightsChartProbes = (): Probe[] => {
    const id = w.flightsChart;
    const digest = 'f'.repeat(32);
    return [
      { what: 'chart', method: 'GET', path: `/api/v1/chart/${id}`, statuses: [404] },
      { what: 'chart update', method: 'PUT', path: `/api/v1/chart/${id}`, body: { slice_name: 'renamed' }, statuses: [404] },
      { what: 'chart delete', method: 'DELETE', path: `/api/v1/chart/${id}`, statuses: [404] },
      { what: 'bulk delete', method: 'DELETE', path: `/api/v1/chart/?q=!(${id})`, statuses: [404] },
      { what: 'favourite', method: 'POST', path: `/api/v1/chart/${id}/favorites/`, statuses: [404] },
      { what: 'favourite status', method: 'GET', path: `/api/v1/chart/favorite_status/?q=!(${id})`, statuses: [404] },
      { what: 'saved data', method: 'GET', path: `/api/v1/chart/${id}/data/`, statuses: [404] },
      { what: 'saved data as CSV', method: 'GET', path: `/api/v1/chart/${id}/data/?format=csv`, statuses: [404] },
      { what: 'export', method: 'GET', path: `/api/v1/chart/export/?q=!(${id})`, statuses: [404] },
      { what: 'explore bootstrap', method: 'GET', path: `/api/v1/explore/?slice_id=${id}`, statuses: [404] },
      { what: 'warm-up', method: 'PUT', path: '/api/v1/chart/warm_up_cache', body: { chart_id: id }, statuses: [404] },
      { what: 'thumbnail', method: 'GET', path: `/api/v1/chart/${id}/thumbnail/${digest}/`, statuses: [404] },
      { what: 'screenshot task', method: 'GET', path: `/api/v1/chart/${id}/cache_screenshot/`, statuses: [404] },
      { what: 'screenshot', method: 'GET', path: `/api/v1/chart/${id}/screenshot/${digest}/`, statuses: [404] },
      // The dashboard holding it is a draft of the admin's: not theirs to see at all.
      { what: "its dashboard's charts", method: 'GET', path: `/api/v1/dashboard/${w.dashboardId}/charts`, statuses: [403] },
      { what: "its dashboard's export", method: 'GET', path: `/api/v1/dashboard/export/?q=!(${w.dashboardId})`, statuses: [404] },
      ...hiddenDashboardProbes(),
    ];
  };

  /** Every dashboard path on the admin's draft dashboard (it holds the flights chart): refused, never shown. */
  const hiddenDashboardProbes = (): Probe[] => {
    const id = w.dashboardId;
    const digest = 'f'.repeat(32);
    const hidden = [403, 404];
    return [
      { what: 'dashboard', method: 'GET', path: `/api/v1/dashboard/${id}`, statuses: [403] },
      { what: "dashboard's datasets", method: 'GET', path: `/api/v1/dashboard/${id}/datasets`, statuses: [403] },
      { what: "dashboard's tabs", method: 'GET', path: `/api/v1/dashboard/${id}/tabs`, statuses: [403] },
      { what: 'dashboard save', method: 'PUT', path: `/api/v1/dashboard/${id}`, body: { dashboard_title: 'taken' }, statuses: hidden },
      { what: 'dashboard publish', method: 'PUT', path: `/api/v1/dashboard/${id}`, body: { published: true }, statuses: hidden },
      { what: 'dashboard copy', method: 'POST', path: `/api/v1/dashboard/${id}/copy/`, body: { dashboard_title: 'copy', json_metadata: '{}' }, statuses: hidden },
      { what: 'dashboard colours', method: 'PUT', path: `/api/v1/dashboard/${id}/colors`, body: { color_scheme: 'x' }, statuses: hidden },
      { what: 'dashboard filters', method: 'PUT', path: `/api/v1/dashboard/${id}/filters`, body: { modified: [], deleted: [], reordered: [] }, statuses: hidden },
      { what: 'dashboard delete', method: 'DELETE', path: `/api/v1/dashboard/${id}`, statuses: hidden },
      { what: 'dashboard favourite', method: 'POST', path: `/api/v1/dashboard/${id}/favorites/`, statuses: [404] },
      { what: 'dashboard permalink', method: 'POST', path: `/api/v1/dashboard/${id}/permalink`, body: { activeTabs: [] }, statuses: hidden },
      { what: 'dashboard filter state', method: 'POST', path: `/api/v1/dashboard/${id}/filter_state`, body: { value: '{}' }, statuses: hidden },
      { what: 'dashboard thumbnail', method: 'GET', path: `/api/v1/dashboard/${id}/thumbnail/${digest}/`, statuses: [404] },
      { what: 'dashboard screenshot', method: 'POST', path: `/api/v1/dashboard/${id}/cache_dashboard_screenshot/`, body: {}, statuses: [404] },
    ];
  };

  it.each(['Gamma', 'one_dataset'] as const)("refuses %s a permalink or filter state made on a dashboard they cannot see", async (caller) => {
    const admin = undefined;
    const link = await w.app.api('POST', `/api/v1/dashboard/${w.dashboardId}/permalink`, { token: admin, body: { activeTabs: [], anchor: null } });
    expect(link.status).toBe(201);
    const state = await w.app.api('POST', `/api/v1/dashboard/${w.dashboardId}/filter_state`, { token: admin, body: { value: '{"a":1}' } });
    expect(state.status).toBe(201);
    await probe(caller, [
      { what: 'permalink', method: 'GET', path: `/api/v1/dashboard/permalink/${link.body.key}`, statuses: [403, 404] },
      { what: 'filter state', method: 'GET', path: `/api/v1/dashboard/${w.dashboardId}/filter_state/${state.body.key}`, statuses: [403, 404] },
    ]);
    await expectShown(admin, 'GET', `/api/v1/dashboard/permalink/${link.body.key}`);
  });

  it.each(['Gamma', 'one_dataset'] as const)('hides the chart on flights from %s on every chart path', async (caller) => {
    await probe(caller, flightsChartProbes(), [HIDDEN_NAMES.flightsChart]);
    const list = await w.app.api('GET', '/api/v1/chart/?q=(page_size:100)', { token: w.callers[caller].token });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(HIDDEN_NAMES.flightsChart);
    await expectShown(undefined, 'GET', `/api/v1/chart/${w.flightsChart}`);
    await expectShown(undefined, 'GET', `/api/v1/explore/?slice_id=${w.flightsChart}`);
  });

  it.each(['Gamma', 'one_dataset'] as const)('hides the flights dataset from %s wherever it is named', async (caller) => {
    const id = w.flightsId;
    const denied = [403];
    await probe(caller, [
      { what: 'dataset', method: 'GET', path: `/api/v1/dataset/${id}`, statuses: [404] },
      { what: 'related objects', method: 'GET', path: `/api/v1/dataset/${id}/related_objects`, statuses: [404] },
      { what: 'explore bootstrap', method: 'GET', path: `/api/v1/explore/?datasource_id=${id}&datasource_type=table`, statuses: denied },
      { what: 'datasource metadata', method: 'GET', path: `/superset/fetch_datasource_metadata?datasourceKey=${id}__table`, statuses: denied },
      { what: 'column values', method: 'GET', path: `/api/v1/datasource/table/${id}/column/origin/values/`, statuses: denied },
      { what: 'samples', method: 'POST', path: `/datasource/samples?datasource_id=${id}&datasource_type=table`, body: {}, statuses: denied },
      {
        what: 'explore form data',
        method: 'POST',
        path: '/api/v1/explore/form_data',
        body: { datasource_id: id, datasource_type: 'table', form_data: '{"viz_type":"table"}' },
        statuses: denied,
      },
      { what: 'explore permalink', method: 'POST', path: '/api/v1/explore/permalink', body: { formData: { datasource: `${id}__table`, viz_type: 'table' } }, statuses: denied },
      {
        what: 'new chart',
        method: 'POST',
        path: '/api/v1/chart/',
        body: { slice_name: 'mine', viz_type: 'table', datasource_id: id, datasource_type: 'table', params: '{}' },
        statuses: [422],
      },
    ]);
    const list = await w.app.api('GET', '/api/v1/dataset/?q=(page_size:100)', { token: w.callers[caller].token });
    expect(list.status).toBe(200);
    expect((list.body.result as { table_name: string }[]).map((d) => d.table_name)).not.toContain('flights');
    await expectShown(undefined, 'GET', `/api/v1/dataset/${id}`);
  });

  it.each(['sql_lab', 'one_dataset'] as const)("refuses %s another user's saved query", async (caller) => {
    const id = w.peer.savedQueryId;
    await probe(
      caller,
      [
        { what: 'saved query', method: 'GET', path: `/api/v1/saved_query/${id}`, statuses: [404] },
        { what: 'legacy saved query', method: 'GET', path: `/savedqueryviewapi/api/get/${id}`, statuses: [404] },
        // Changes find the row first, then check its owners: 403, as Superset's ownership check answers.
        { what: 'saved query update', method: 'PUT', path: `/api/v1/saved_query/${id}`, body: { label: 'mine now' }, statuses: [403] },
        { what: 'saved query delete', method: 'DELETE', path: `/api/v1/saved_query/${id}`, statuses: [403] },
        { what: 'saved query bulk delete', method: 'DELETE', path: `/api/v1/saved_query/?q=!(${id})`, statuses: [403] },
      ],
      [HIDDEN_NAMES.savedQuery],
    );
    const list = await w.app.api('GET', '/api/v1/saved_query/?q=(page_size:100)', { token: w.callers[caller].token });
    expect(JSON.stringify(list.body)).not.toContain(HIDDEN_NAMES.savedQuery);
    await expectShown(w.peer.token, 'GET', `/api/v1/saved_query/${id}`);
  });

  it.each(['sql_lab', 'one_dataset'] as const)("refuses %s another user's run, its results and its CSV", async (caller) => {
    const { run } = w.peer;
    await probe(caller, [
      { what: 'query', method: 'GET', path: `/api/v1/query/${run.id}`, statuses: [404] },
      { what: 'results', method: 'GET', path: `/api/v1/sqllab/results/?q=(key:'${run.resultsKey}')`, statuses: [403] },
      { what: 'results as Arrow', method: 'GET', path: `/api/v1/sqllab/results/?q=(key:'${run.resultsKey}')&format=arrow`, statuses: [403] },
      { what: 'CSV export', method: 'GET', path: `/api/v1/sqllab/export/${run.clientId}/`, statuses: [403] },
      { what: 'stop', method: 'POST', path: '/api/v1/query/stop', body: { client_id: run.clientId }, statuses: [404] },
    ]);
    const token = w.callers[caller].token;
    for (const listing of ['/api/v1/query/?q=(page_size:100)', '/api/v1/query/updated_since?q=(last_updated_ms:0)', '/api/v1/sqllab/']) {
      const answer = await w.app.api('GET', listing, { token });
      expect(answer.status, describeAnswer(listing, answer)).toBe(200);
      expect(JSON.stringify(answer.body), listing).not.toContain(run.clientId);
      expect(flightsDataIn(answer.body), listing).toBeNull();
    }
    await expectShown(w.peer.token, 'GET', `/api/v1/sqllab/results/?q=(key:'${run.resultsKey}')`);
  });

  it.each(['sql_lab', 'one_dataset'] as const)("refuses %s another user's SQL Lab tab and its tables", async (caller) => {
    const { tabStateId: tab, tableSchemaId, run } = w.peer;
    await probe(
      caller,
      [
        { what: 'tab', method: 'GET', path: `/tabstateview/${tab}`, statuses: [403] },
        { what: 'tab update', method: 'PUT', path: `/tabstateview/${tab}`, body: { sql: 'SELECT 1' }, statuses: [403] },
        { what: 'tab activate', method: 'POST', path: `/tabstateview/${tab}/activate`, body: {}, statuses: [403] },
        { what: 'tab query migrate', method: 'POST', path: `/tabstateview/${tab}/migrate_query`, body: { queryId: run.clientId }, statuses: [403] },
        { what: 'tab query delete', method: 'DELETE', path: `/tabstateview/${tab}/query/${run.clientId}`, statuses: [403] },
        { what: 'table expand', method: 'POST', path: `/tableschemaview/${tableSchemaId}/expanded`, body: { expanded: true }, statuses: [403] },
        { what: 'table delete', method: 'DELETE', path: `/tableschemaview/${tableSchemaId}`, statuses: [403] },
        {
          what: 'table added to the tab',
          method: 'POST',
          path: '/tableschemaview/',
          body: { table: { queryEditorId: tab, dbId: w.examplesDbId, schema: 'main', name: 'birth_names', columns: [], selectStar: 'SELECT *' } },
          statuses: [403],
        },
        { what: 'tab delete', method: 'DELETE', path: `/tabstateview/${tab}`, statuses: [403] },
      ],
      [HIDDEN_NAMES.tab],
    );
    await expectShown(w.peer.token, 'GET', `/tabstateview/${tab}`);
  });

  it.each(['Gamma', 'one_dataset'] as const)("refuses %s the admin's explore permalink and form data on flights", async (caller) => {
    const { explorePermalinkKey: link, formDataKey: key } = w;
    const mine = { datasource_id: w.birthNamesId, datasource_type: 'table', form_data: '{"viz_type":"table"}' };
    await probe(
      caller,
      [
        { what: 'permalink', method: 'GET', path: `/api/v1/explore/permalink/${link}`, statuses: [403] },
        { what: 'explore by permalink', method: 'GET', path: `/api/v1/explore/?permalink_key=${link}`, statuses: [403] },
        { what: 'form data', method: 'GET', path: `/api/v1/explore/form_data/${key}`, statuses: [403] },
        { what: 'explore by form data', method: 'GET', path: `/api/v1/explore/?form_data_key=${key}`, statuses: [403] },
        { what: 'form data overwrite', method: 'PUT', path: `/api/v1/explore/form_data/${key}`, body: mine, statuses: [403] },
        { what: 'form data delete', method: 'DELETE', path: `/api/v1/explore/form_data/${key}`, statuses: [403] },
      ],
      [HIDDEN_NAMES.flightsChart],
    );
    await expectShown(undefined, 'GET', `/api/v1/explore/permalink/${link}`);
    await expectShown(undefined, 'GET', `/api/v1/explore/form_data/${key}`);
  });

  it('shares SQL Lab links (KV and permalinks) with every SQL Lab user, as Superset does: SQL text, no rows', async () => {
    const token = w.callers.one_dataset.token;
    for (const link of [`/kv/${w.peer.kvId}/`, `/api/v1/sqllab/permalink/${w.peer.sqllabPermalinkKey}`]) {
      const answer = await w.app.api('GET', link, { token });
      expect(answer.status, describeAnswer(link, answer)).toBe(200);
      expect(answer.body).toMatchObject({ sql: expect.stringContaining('FROM flights') });
      expect(flightsDataIn(answer.body)).toBeNull();
    }
  });
});
