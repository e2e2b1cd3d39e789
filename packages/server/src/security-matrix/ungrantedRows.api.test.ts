import path from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeAnswer, expectRefused, flightsDataIn, textOf, type Answer } from './__tests__/flightsMarkers.js';
import { createRole, createUser, flightsContext, FLIGHTS_QUERY, roleIdsByName, startSecurityWorld, type SecurityWorld } from './__tests__/securityWorld.js';

/**
 * No ungranted rows: a user whose only data grant is the birth_names dataset (with Gamma's and sql_lab's
 * permissions, so every data path is open to them) asks for flights rows every way the API offers: chart data
 * of every result type and format, saved chart data, samples, filter options, legacy explore_json, chart data by
 * cache key, SQL Lab (including DuckDB's table-function forms), another user's results and CSV, thumbnails, and
 * the cache warm-ups. Every answer refuses and holds no flights value (flightsMarkers.ts). Global async queries
 * are on, so a chart data miss that is not refused at once would answer 202 and be followed to its result.
 */

const DENIED = [403];

const CHART_DATA_RESULT_TYPES = ['full', 'samples', 'drill_detail', 'query', 'columns', 'post_processed', 'results', 'timegrains'] as const;

describe('no row of an ungranted table in any answer', () => {
  let w: SecurityWorld;
  let reader: string;

  beforeAll(async () => {
    w = await startSecurityWorld({ GLOBAL_ASYNC_QUERIES: 'on', THUMBNAILS: 'on', CHROMIUM_PATH: path.join(tmpdir(), 'tessera-no-chromium') });
    reader = w.callers.one_dataset.token!;
  }, 180_000);
  afterAll(async () => w?.app.close());

  /**
   * The answer the caller ends with: a 202 job is followed through the caller's events to its result; a job
   * that failed comes back as the 202 with the failed event as its body (refused, in the job). `token`
   * undefined asks as the admin, null as an anonymous caller.
   */
  async function chartData(token: string | null | undefined, body: unknown): Promise<Answer> {
    const first = await w.app.api('POST', '/api/v1/chart/data', { token, body });
    if (first.status !== 202) return first;
    const jobId = first.body.job_id as string;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const events = await w.app.api('GET', '/api/v1/async_event/', { token });
      const event = (events.body.result as { job_id: string; status: string; result_url: string | null }[]).find((e) => e.job_id === jobId && (e.status === 'done' || e.status === 'error'));
      if (event?.status === 'done') return w.app.api('GET', event.result_url!, { token });
      if (event) return { status: 202, body: event };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`chart data job ${jobId} did not finish`);
  }

  it('shows the admin flights rows on the same paths, so the marker finds them when they leak', async () => {
    const answer = await chartData(undefined, flightsContext(w.flightsId));
    expect(answer.status).toBe(200);
    expect(flightsDataIn(answer.body)).not.toBeNull();
    const run = await w.app.api('POST', '/api/v1/sqllab/execute/', { body: { database_id: w.examplesDbId, sql: 'SELECT origin FROM flights LIMIT 5', json: true, runAsync: false } });
    expect(flightsDataIn(run.body)).not.toBeNull();
    // The reader's own dataset answers them: the refusals below are about flights, not about the reader.
    const own = await chartData(reader, { datasource: { id: w.birthNamesId, type: 'table' }, queries: [{ columns: ['state'], metrics: ['count'] }], result_type: 'full' });
    expect(own.status, describeAnswer('birth_names', own)).toBe(200);
  });

  describe('chart data on the flights dataset', () => {
    it.each(CHART_DATA_RESULT_TYPES)('refuses result_type %s', async (type) => {
      const answer = await chartData(reader, flightsContext(w.flightsId, { result_type: type }));
      expectRefused(`POST /api/v1/chart/data result_type ${type}`, answer, DENIED);
      expect(answer.body).toMatchObject({ errors: [{ error_type: 'DATASOURCE_SECURITY_ACCESS_ERROR' }] });
    });

    it.each(['csv', 'xlsx'] as const)('refuses result_format %s (full, samples and post-processed)', async (format) => {
      for (const type of ['full', 'samples', 'post_processed']) {
        const answer = await chartData(reader, flightsContext(w.flightsId, { result_format: format, result_type: type }));
        expectRefused(`POST /api/v1/chart/data ${format} ${type}`, answer, DENIED);
      }
    });

    it('refuses a query object that names its own result type, and the download form post', async () => {
      const typed = await chartData(reader, { ...flightsContext(w.flightsId), queries: [{ ...FLIGHTS_QUERY, result_type: 'samples' }] });
      expectRefused('query object result_type samples', typed, DENIED);
      const form = await w.app.api('POST', '/api/v1/chart/data', {
        token: reader,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ form_data: JSON.stringify(flightsContext(w.flightsId, { result_format: 'csv' })) }).toString(),
      });
      expectRefused('form post form_data csv', form, DENIED);
    });

    it("refuses the flights rows behind another user's SQL Lab run and saved query as datasources", async () => {
      for (const datasource of [
        { id: w.peer.run.id, type: 'query' },
        { id: w.peer.savedQueryId, type: 'saved_query' },
      ]) {
        const answer = await chartData(reader, { datasource, queries: [{ columns: ['origin'], metrics: [], row_limit: 10 }], result_type: 'samples' });
        expectRefused(`POST /api/v1/chart/data datasource ${datasource.type}`, answer, [403, 404]);
      }
    });

    it('refuses an annotation layer drawn from the flights chart on a granted dataset', async () => {
      const layer = { name: 'routes', annotationType: 'EVENT', sourceType: 'table', value: w.flightsChart, show: true, overrides: {}, titleColumn: 'origin', descriptionColumns: ['dest'] };
      const answer = await chartData(reader, { datasource: { id: w.birthNamesId, type: 'table' }, queries: [{ columns: ['state'], metrics: ['count'], annotation_layers: [layer] }], result_type: 'full' });
      expectRefused('annotation layer from the flights chart', answer, [403, 404]);
    });
  });

  describe('custom SQL on the granted dataset that reads flights', () => {
    const birth = (query: Record<string, unknown>) => ({ datasource: { id: 0, type: 'table' }, queries: [{ row_limit: 10, ...query }], result_type: 'full' });
    const sqlMetric = (sql: string) => ({ expressionType: 'SQL', sqlExpression: sql, label: 'm' });
    const sqlColumn = (sql: string) => ({ expressionType: 'SQL', sqlExpression: sql, label: 'c' });
    const cases: [string, Record<string, unknown>][] = [
      ['a metric with a subquery', { columns: ['state'], metrics: [sqlMetric('(SELECT max(origin) FROM flights)')] }],
      ['a column with a subquery', { columns: [sqlColumn('(SELECT min(dest) FROM flights)')], metrics: ['count'] }],
      ['a FROM-first subquery', { columns: [sqlColumn('(FROM flights SELECT max(origin))')], metrics: ['count'] }],
      ['a table function in a column', { columns: [sqlColumn("(SELECT max(origin) FROM query_table('flights'))")], metrics: ['count'] }],
      ['a WHERE clause with a subquery', { columns: ['state'], metrics: ['count'], extras: { where: "state IN (SELECT origin FROM flights)" } }],
      ['a HAVING clause with a subquery', { columns: ['state'], metrics: ['count'], extras: { having: '(SELECT count(*) FROM flights) > 0' } }],
    ];
    // Custom SQL is checked when the query is built: at once for a synchronous answer, in the job (a failed
    // event, the 202 here) when global async queries take the request.
    it.each(cases)('refuses %s', async (what, query) => {
      const body = birth(query);
      body.datasource.id = w.birthNamesId;
      const answer = await chartData(reader, body);
      expectRefused(`chart data on birth_names with ${what}`, answer, [400, 403, 202]);
      expect(textOf(answer.body)).toContain('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
    });
  });

  it('refuses the saved flights chart data in every format', async () => {
    for (const query of ['', '?format=json', '?format=csv', '?format=xlsx', '?type=samples', '?format=csv&type=post_processed', '?type=full&force=true']) {
      const answer = await w.app.api('GET', `/api/v1/chart/${w.flightsChart}/data/${query}`, { token: reader });
      expectRefused(`GET /api/v1/chart/${w.flightsChart}/data/${query}`, answer, [404]);
    }
  });

  it('refuses samples and filter options (column values) of flights', async () => {
    const samples = await w.app.api('POST', `/datasource/samples?datasource_id=${w.flightsId}&datasource_type=table&per_page=10`, { token: reader, body: {} });
    expectRefused('POST /datasource/samples', samples, DENIED);
    for (const column of ['origin', 'dest', 'carrier']) {
      const values = await w.app.api('GET', `/api/v1/datasource/table/${w.flightsId}/column/${column}/values/`, { token: reader });
      expectRefused(`column values of ${column}`, values, DENIED);
    }
    // A native filter's options come from chart data on the filter's dataset.
    const options = await chartData(reader, { datasource: { id: w.flightsId, type: 'table' }, queries: [{ columns: ['origin'], metrics: [], row_limit: 1000 }], result_type: 'full' });
    expectRefused('filter options through chart data', options, DENIED);
  });

  it('refuses legacy explore_json for flights in every mode', async () => {
    const formData = { datasource: `${w.flightsId}__table`, viz_type: 'table', groupby: ['origin', 'dest'], metrics: ['count'], row_limit: 10 };
    for (const mode of ['', '?csv=true', '?query=true', '?results=true', '?samples=true']) {
      const answer = await w.app.api('POST', `/superset/explore_json/${mode}`, { token: reader, body: { form_data: JSON.stringify(formData) } });
      expectRefused(`POST /superset/explore_json/${mode}`, answer, DENIED);
    }
  });

  it("refuses the admin's cached flights answer by its cache key", async () => {
    // The admin's run goes through the job queue; its result_url names the remembered query context.
    const first = await w.app.api('POST', '/api/v1/chart/data', { body: flightsContext(w.flightsId, { force: true }) });
    expect(first.status).toBe(202);
    const admin = await chartData(undefined, flightsContext(w.flightsId));
    expect(admin.status).toBe(200);
    const events = await w.app.api('GET', '/api/v1/async_event/');
    const done = (events.body.result as { status: string; result_url: string | null }[]).filter((e) => e.status === 'done');
    expect(done.length).toBeGreaterThan(0);
    const resultUrl = done.at(-1)!.result_url!;
    expect(flightsDataIn((await w.app.api('GET', resultUrl)).body)).not.toBeNull();
    expectRefused(`GET ${resultUrl} (the admin's key)`, await w.app.api('GET', resultUrl, { token: reader }), DENIED);
    // The query's own cache key (a cached answer's `cache_key`) is no address of data.
    const cacheKey = (admin.body as { result: { cache_key: string }[] }).result[0]!.cache_key;
    expectRefused(`GET /api/v1/chart/data/${cacheKey} (a query cache key)`, await w.app.api('GET', `/api/v1/chart/data/${cacheKey}`, { token: reader }), [404]);
    // The reader's own event channel holds nothing of the admin's jobs.
    const mine = await w.app.api('GET', '/api/v1/async_event/', { token: reader });
    expect(JSON.stringify(mine.body)).not.toContain(resultUrl);
  });

  describe('SQL Lab on the examples database', () => {
    /** Each reads flights rows when the admin runs it (SUMMARIZE too, but it scans the whole table: not run twice). */
    const cases: { name: string; sql: string; templateParams?: string; adminRun?: false }[] = [
      { name: 'FROM flights', sql: 'SELECT origin, dest FROM flights LIMIT 5' },
      { name: 'a schema-qualified name', sql: 'SELECT origin FROM main.flights LIMIT 5' },
      { name: 'a catalog-qualified name', sql: 'SELECT origin FROM examples.main.flights LIMIT 5' },
      { name: 'a quoted name', sql: 'SELECT origin FROM "main"."flights" LIMIT 5' },
      { name: 'an upper-case name', sql: 'SELECT origin FROM FLIGHTS LIMIT 5' },
      { name: 'a comment between FROM and the name', sql: 'SELECT origin FROM /* granted? */ flights LIMIT 5' },
      { name: 'an alias named as the granted table', sql: 'SELECT origin FROM flights AS birth_names LIMIT 5' },
      { name: 'a CTE', sql: 'WITH x AS (SELECT origin FROM flights) SELECT * FROM x LIMIT 5' },
      { name: 'a scalar subquery', sql: 'SELECT (SELECT max(origin) FROM flights) AS o' },
      { name: 'a derived table', sql: 'SELECT origin FROM (SELECT * FROM flights) t LIMIT 5' },
      { name: 'a join with the granted table', sql: 'SELECT f.origin FROM birth_names b, flights f LIMIT 5' },
      { name: 'a UNION with the granted table', sql: 'SELECT name FROM birth_names WHERE false UNION ALL SELECT origin FROM flights LIMIT 5' },
      { name: 'a second statement', sql: 'SELECT 1; SELECT origin FROM flights LIMIT 5' },
      { name: 'FROM-first syntax', sql: 'FROM flights SELECT origin LIMIT 5' },
      { name: 'a bare FROM', sql: 'FROM flights LIMIT 5' },
      { name: 'a FROM-first derived table', sql: 'SELECT * FROM (FROM flights) LIMIT 5' },
      { name: 'SUMMARIZE', sql: 'SUMMARIZE flights', adminRun: false },
      { name: 'PIVOT', sql: 'PIVOT flights ON cancelled USING count(*) GROUP BY origin LIMIT 5' },
      { name: "query_table('flights')", sql: "SELECT origin FROM query_table('flights') LIMIT 5" },
      { name: 'query() over a SQL string', sql: "SELECT * FROM query('SELECT origin FROM flights') LIMIT 5" },
      { name: 'UNPIVOT', sql: 'UNPIVOT flights ON origin, dest INTO NAME k VALUE v LIMIT 5' },
      { name: 'USING SAMPLE', sql: 'SELECT origin FROM flights USING SAMPLE 5' },
      { name: 'a LATERAL join', sql: 'SELECT x.origin FROM birth_names b, LATERAL (SELECT origin FROM flights LIMIT 1) x LIMIT 5' },
      { name: 'a catalog-qualified name without schema', sql: 'SELECT origin FROM examples.flights LIMIT 5' },
      { name: 'TABLE', sql: 'SELECT * FROM (TABLE flights) LIMIT 5' },
      { name: 'a template parameter naming the table', sql: 'SELECT origin FROM {{ table }} LIMIT 5', templateParams: '{"table": "flights"}' },
    ];
    const execute = (token: string | undefined, c: (typeof cases)[number], extra: Record<string, unknown> = {}) =>
      w.app.api('POST', '/api/v1/sqllab/execute/', {
        token,
        body: { database_id: w.examplesDbId, schema: 'main', sql: c.sql, templateParams: c.templateParams, json: true, runAsync: false, ...extra },
      });

    it.each(cases)('refuses $name', async (c) => {
      if (c.adminRun !== false) {
        const admin = await execute(undefined, c);
        expect(flightsDataIn(admin.body), describeAnswer(`admin runs ${c.sql}`, admin)).not.toBeNull();
      }
      expectRefused(`POST /api/v1/sqllab/execute/ ${c.sql}`, await execute(reader, c), [400, 403]);
    });

    // DuckDB lets SQL read the database's own file even with external access off, and every table's rows are in
    // it, strings in plain text: the first query pulls an airport code (HNL, spelled with chr() so the request
    // holds none) out of the file's bytes.
    it('refuses the database file read as a blob or as text', async () => {
      const file = path.join(w.app.dataDir, 'examples.duckdb');
      const hnl = 'chr(72) || chr(78) || chr(76)';
      for (const sql of [
        `SELECT regexp_extract(content::VARCHAR, ${hnl}, 0) AS hit FROM read_blob('${file}')`,
        `SELECT octet_length(content) AS n FROM read_blob('${file}')`,
        `SELECT length(content) AS n FROM read_text('${file}')`,
      ]) {
        expectRefused(`reader: ${sql}`, await execute(reader, { name: sql, sql }), [400, 403]);
      }
    });

    it('refuses writing flights rows out to a file, for anyone', async () => {
      const sql = `COPY (SELECT origin FROM flights LIMIT 5) TO '${path.join(w.app.dataDir, 'flights-copy.csv')}'`;
      for (const [who, token] of [['admin', undefined], ['reader', reader]] as const) {
        expectRefused(`${who}: ${sql}`, await execute(token, { name: sql, sql }), [400, 403]);
      }
    });

    it('refuses an async run at once, before a job could read the table', async () => {
      const answer = await execute(reader, cases[0]!, { runAsync: true });
      expectRefused('async SELECT FROM flights', answer, DENIED);
    });

    it('refuses a SQL Lab user without any data grant', async () => {
      expectRefused('sql_lab user: SELECT FROM flights', await execute(w.callers.sql_lab.token!, cases[0]!), [403, 404]);
    });

    it("refuses the admin's flights results and their CSV", async () => {
      const run = await w.app.api('POST', '/api/v1/sqllab/execute/', {
        body: { database_id: w.examplesDbId, sql: 'SELECT origin, dest FROM flights LIMIT 20', client_id: 'adminRun001', json: true, runAsync: false },
      });
      expect(run.status).toBe(200);
      const key = run.body.query.resultsKey as string;
      for (const url of [`/api/v1/sqllab/results/?q=(key:'${key}')`, `/api/v1/sqllab/results/?q=(key:'${key}',rows:5)&format=arrow`, '/api/v1/sqllab/export/adminRun001/']) {
        expectRefused(`GET ${url}`, await w.app.api('GET', url, { token: reader }), DENIED);
      }
    });
  });

  it('refuses thumbnails and screenshots of the flights chart, at its real digest too', async () => {
    const shown = await w.app.api('GET', `/api/v1/chart/${w.flightsChart}`);
    const thumbnail = shown.body.result.thumbnail_url as string;
    expect(thumbnail).toMatch(/\/thumbnail\/\w+\/$/);
    const digest = thumbnail.split('/').at(-2)!;
    for (const url of [thumbnail, `/api/v1/chart/${w.flightsChart}/cache_screenshot/`, `/api/v1/chart/${w.flightsChart}/screenshot/${digest}/`]) {
      expectRefused(`GET ${url}`, await w.app.api('GET', url, { token: reader }), [404]);
    }
  });

  it('warms up nothing of flights: the chart is not found, the table has no chart the caller sees', async () => {
    expectRefused('PUT /api/v1/chart/warm_up_cache', await w.app.api('PUT', '/api/v1/chart/warm_up_cache', { token: reader, body: { chart_id: w.flightsChart } }), [404]);
    const table = { db_name: 'examples', table_name: 'flights' };
    // The reader has no can_write on Dataset; a writer with the same single grant sees no flights chart.
    expectRefused('PUT /api/v1/dataset/warm_up_cache (reader)', await w.app.api('PUT', '/api/v1/dataset/warm_up_cache', { token: reader, body: table }), DENIED);
    const roles = await roleIdsByName(w.app);
    const writerRole = await createRole(w.app, 'dataset_writer', [['can_write', 'Dataset']]);
    const writer = await createUser(w.app, 'm_dataset_writer', [roles.Gamma!, w.birthNamesRoleId, writerRole]);
    const warmed = await w.app.api('PUT', '/api/v1/dataset/warm_up_cache', { token: writer.token, body: table });
    expect(warmed, describeAnswer('PUT /api/v1/dataset/warm_up_cache (writer)', warmed)).toMatchObject({ status: 200, body: { result: [] } });
  });

  // Last: it widens the Public role for the rest of this file.
  it('gives anonymous callers what the Public role grants and no flights row', async () => {
    const roles = await roleIdsByName(w.app);
    const granted = [
      ['can_read', 'Chart'],
      ['can_read', 'Dataset'],
      ['datasource_access', `[examples].[birth_names](id:${w.birthNamesId})`],
    ] as const;
    const publicRole = await createRole(w.app, 'public_like', granted);
    const pairs = await w.app.api('GET', `/api/v1/security/roles/${publicRole}/permissions/`);
    const setPublic = await w.app.api('POST', `/api/v1/security/roles/${roles.Public!}/permissions`, {
      body: { permission_view_menu_ids: (pairs.body.result as { id: number }[]).map((p) => p.id) },
    });
    expect(setPublic.status).toBe(200);
    const own = await chartData(null, { datasource: { id: w.birthNamesId, type: 'table' }, queries: [{ columns: ['state'], metrics: ['count'] }], result_type: 'samples' });
    expect(own.status, describeAnswer('anonymous birth_names samples', own)).toBe(200);
    const ask = (method: string, url: string, body?: unknown) => w.app.api(method, url, { token: null, body });
    expectRefused('anonymous chart data on flights', await ask('POST', '/api/v1/chart/data', flightsContext(w.flightsId, { result_type: 'samples' })), [401, 403]);
    expectRefused('anonymous saved flights chart data', await ask('GET', `/api/v1/chart/${w.flightsChart}/data/`), [401, 403, 404]);
    expectRefused('anonymous samples of flights', await ask('POST', `/datasource/samples?datasource_id=${w.flightsId}&datasource_type=table`, {}), [401, 403]);
    expectRefused('anonymous column values of flights', await ask('GET', `/api/v1/datasource/table/${w.flightsId}/column/origin/values/`), [401, 403]);
    expectRefused('anonymous SQL Lab', await ask('POST', '/api/v1/sqllab/execute/', { database_id: w.examplesDbId, sql: 'SELECT origin FROM flights LIMIT 5' }), [401]);
  });
});
