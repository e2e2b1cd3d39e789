import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import rison from 'rison';
import { DEFAULT_DISALLOWED_SQL_FUNCTIONS } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mysqlAdmin } from '../../connectors/__tests__/mysqlAdmin.js';
import { EXAMPLES_FILE, prepareExamples } from '../../examples/prepareExamples.js';
import { createScratchPostgres } from '../../test/postgresDatabase.js';
import { services, skipNotice, startTestApp, TEST_USER_PASSWORD, type TestApp } from '../../test/testApp.js';

/**
 * The SQL safety layer over real HTTP (security findings 2 and 6): a user granted only `birth_names` cannot reach
 * another table through table functions, dynamic SQL or statements without FROM, on SQL Lab, virtual datasets and
 * SQL Lab queries opened in the explorer; nobody, admins included, runs a disallowed function (pg_sleep in a chart
 * metric filled the connection pool).
 */

type Pair = { id: number; permission_name: string; view_menu_name: string };

async function pairs(app: TestApp): Promise<Pair[]> {
  return (await app.api('GET', '/api/v1/security/permissions-resources/?q=(page_size:1000)')).body.result as Pair[];
}

async function roleId(app: TestApp, name: string): Promise<number> {
  const roles = (await app.api('GET', '/api/v1/security/roles/?q=(page_size:100)')).body.result as { id: number; name: string }[];
  return roles.find((r) => r.name === name)!.id;
}

/** A role holding `datasource_access` on the given datasets (and `extra` pairs), and a user with it plus Gamma and sql_lab. */
async function grantedUser(app: TestApp, username: string, datasetIds: number[], extra: Pair[] = []): Promise<{ token: string; id: number; role: number }> {
  const all = await pairs(app);
  const access = datasetIds.map((id) => all.find((p) => p.permission_name === 'datasource_access' && p.view_menu_name.endsWith(`](id:${id})`))!);
  const role = await app.api('POST', '/api/v1/security/roles/', { body: { name: `${username}_role` } });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  await app.api('POST', `/api/v1/security/roles/${role.body.id}/permissions`, { body: { permission_view_menu_ids: [...access, ...extra].map((p) => p.id) } });
  const password = TEST_USER_PASSWORD;
  const created = await app.api('POST', '/api/v1/security/users/', {
    body: { username, first_name: username, last_name: 'Test', email: `${username}@example.com`, password, roles: [role.body.id, await roleId(app, 'Gamma'), await roleId(app, 'sql_lab')] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { token: await app.token(username, password), id: created.body.id as number, role: role.body.id as number };
}

async function datasetId(app: TestApp, table: string, databaseId: number): Promise<number> {
  const q = rison.encode({ filters: [{ col: 'table_name', opr: 'eq', value: table }] });
  const found = ((await app.api('GET', `/api/v1/dataset/?q=${q}`)).body.result as { id: number; database: { id: number } }[]).find((d) => d.database.id === databaseId);
  return found!.id;
}

const execute = (app: TestApp, databaseId: number, sql: string, token?: string, schema?: string) =>
  app.api('POST', '/api/v1/sqllab/execute/', { body: { database_id: databaseId, sql, json: true, runAsync: false, ...(schema ? { schema } : {}) }, ...(token ? { token } : {}) });

function expectTableRefusal(res: { status: number; body: any }, sql: string, names: string | null = null) {
  expect(res.status, `${sql}: ${JSON.stringify(res.body)}`).toBe(403);
  expect(res.body.errors[0].error_type, sql).toBe('TABLE_SECURITY_ACCESS_ERROR');
  expect(res.body.data, sql).toBeUndefined();
  if (names) expect(res.body.errors[0].message.toLowerCase(), sql).toContain(names.toLowerCase());
}

function expectDisallowed(res: { status: number; body: any }, what: string, fn: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
  const error = res.body.errors[0];
  expect(error.error_type, what).toBe('SYNTAX_ERROR');
  expect(error.message, what).toBe(`SQL statement contains disallowed function(s): ${fn}`);
}

describe('SQL safety layer on the examples database (DuckDB)', () => {
  let app: TestApp;
  let dbId: number;
  let birthNames: number;
  let reader: { token: string; id: number; role: number };

  beforeAll(async () => {
    // One examples file for the whole file: generating it is the slow part.
    app = await startTestApp({ EXAMPLES: 'on' });
    await prepareExamples(app, app.app.log);
    const q = rison.encode({ filters: [{ col: 'database_name', opr: 'eq', value: 'examples' }] });
    dbId = (await app.api('GET', `/api/v1/database/?q=${q}`)).body.result[0].id as number;
    birthNames = await datasetId(app, 'birth_names', dbId);
    const all = await pairs(app);
    const datasetWrite = all.filter((p) => p.view_menu_name === 'Dataset' && (p.permission_name === 'can_write' || p.permission_name === 'can_read'));
    reader = await grantedUser(app, 'birth_names_only', [birthNames], datasetWrite);
  }, 240_000);
  afterAll(async () => app?.close());

  it('still runs SQL over the granted table', async () => {
    const res = await execute(app, dbId, 'SELECT count(*) AS n FROM birth_names', reader.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Number(res.body.data[0].n)).toBeGreaterThan(0);
  });

  it.each([
    ["SELECT * FROM query_table('flights')", 'query_table'],
    ["SELECT * FROM query('select * from flights')", 'query'],
    ['SUMMARIZE flights', 'SUMMARIZE'],
    ['TABLE flights', 'flights'],
    ['DESCRIBE flights', 'DESCRIBE'],
    ['PIVOT flights ON carrier USING count(*)', 'PIVOT'],
    ['FROM flights', 'flights'],
    ['SELECT * FROM (SUMMARIZE flights)', 'SUMMARIZE'],
    ['WITH flights AS (SELECT * FROM flights) SELECT * FROM flights', 'flights'],
    ['SELECT * FROM birth_names minus, flights', 'flights'],
    ['SELECT * FROM duckdb_tables()', 'duckdb_tables'],
    ['SELECT sql FROM duckdb_views', 'duckdb_views'],
    ['SELECT * FROM "FLIGHTS"', 'flights'],
  ])('refuses %j to the one-dataset user', async (sql, names) => {
    expectTableRefusal(await execute(app, dbId, sql, reader.token), sql, names);
  });

  it('refuses reading files with read_blob and read_text', async () => {
    const file = path.join(app.dataDir, EXAMPLES_FILE);
    for (const fn of ['read_blob', 'read_text']) {
      const sql = `SELECT * FROM ${fn}('${file}')`;
      expectTableRefusal(await execute(app, dbId, sql, reader.token), sql, fn);
    }
  });

  it('refuses pg_sleep to an admin in SQL Lab', async () => {
    expectDisallowed(await execute(app, dbId, 'SELECT pg_sleep(2)'), 'SQL Lab', 'pg_sleep');
    expectDisallowed(await execute(app, dbId, 'SELECT (2).PG_SLEEP()'), 'SQL Lab, method call', 'pg_sleep');
  });

  it('refuses pg_sleep to an admin in every ad hoc expression of a chart query, at once', async () => {
    const chart = (query: Record<string, unknown>) =>
      app.api('POST', '/api/v1/chart/data', { body: { datasource: { id: birthNames, type: 'table' }, queries: [{ row_limit: 10, ...query }] } });
    const started = Date.now();
    const answers = await Promise.all([
      chart({ metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(num) + pg_sleep(5)', label: 'slow' }] }),
      chart({ columns: [{ expressionType: 'SQL', sqlExpression: 'PG_SLEEP(5)', label: 'c' }], metrics: ['count'] }),
      chart({ metrics: ['count'], filters: [{ col: { expressionType: 'SQL', sqlExpression: '"pg_sleep"(5)', label: 'f' }, op: 'IS NOT NULL' }] }),
      chart({ metrics: ['count'], extras: { where: 'main.pg_sleep/**/(5) IS NULL' } }),
      chart({ metrics: ['count'], columns: ['name'], extras: { having: 'count(*) > 0 AND pg_sleep(5) IS NULL' } }),
    ]);
    for (const [i, res] of answers.entries()) expectDisallowed(res, `chart query ${i}`, 'pg_sleep');
    // Refused before any engine run: four of these used to hold the pool for five seconds each.
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('refuses a saved metric or calculated column calling pg_sleep when it is saved', async () => {
    const show = (await app.api('GET', `/api/v1/dataset/${birthNames}`)).body.result;
    const metrics = show.metrics.map((m: { id: number; metric_name: string; expression: string }) => ({ id: m.id, metric_name: m.metric_name, expression: m.expression }));
    const columns = show.columns.map((c: { id: number; column_name: string }) => ({ id: c.id, column_name: c.column_name }));
    const metric = await app.api('PUT', `/api/v1/dataset/${birthNames}`, { body: { metrics: [...metrics, { metric_name: 'sleepy', expression: 'MAX(pg_sleep(5))' }] } });
    expectDisallowed(metric, 'saved metric', 'pg_sleep');
    const column = await app.api('PUT', `/api/v1/dataset/${birthNames}`, { body: { columns: [...columns, { column_name: 'sleepy_col', expression: 'PG_SLEEP(5)' }] } });
    expectDisallowed(column, 'calculated column', 'pg_sleep');
    expect((await app.api('GET', `/api/v1/dataset/${birthNames}`)).body.result.metrics.map((m: { metric_name: string }) => m.metric_name)).not.toContain('sleepy');
  });

  it('refuses a stored metric or calculated column calling pg_sleep when a chart runs it', async () => {
    // Stored before the list existed (or imported): the chart engine checks the SQL it compiles, too.
    const now = new Date().toISOString();
    await app.ctx.db.insertInto('sql_metrics').values({ uuid: randomUUID(), table_id: birthNames, metric_name: 'sleepy', expression: 'MAX(pg_sleep(5))', created_on: now, changed_on: now }).execute();
    await app.ctx.db
      .insertInto('table_columns')
      .values({ uuid: randomUUID(), table_id: birthNames, column_name: 'sleepy_col', expression: 'pg_sleep(5)', is_dttm: 0, groupby: 1, filterable: 1, is_active: 1, created_on: now, changed_on: now })
      .execute();
    await app.ctx.db.updateTable('tables').set({ changed_on: now }).where('id', '=', birthNames).execute();
    // A write made behind the datasets service is seen once the chart engine's version read expires (100 ms).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const byMetric = await app.api('POST', '/api/v1/chart/data', { body: { datasource: { id: birthNames, type: 'table' }, queries: [{ metrics: ['sleepy'] }] } });
    expectDisallowed(byMetric, 'saved metric', 'pg_sleep');
    const byColumn = await app.api('POST', '/api/v1/chart/data', { body: { datasource: { id: birthNames, type: 'table' }, queries: [{ columns: ['sleepy_col'], metrics: ['count'] }] } });
    expectDisallowed(byColumn, 'calculated column', 'pg_sleep');
    const values = await app.api('GET', `/api/v1/datasource/table/${birthNames}/column/sleepy_col/values/`);
    expectDisallowed(values, 'column values', 'pg_sleep');
    await app.ctx.db.deleteFrom('sql_metrics').where('metric_name', '=', 'sleepy').execute();
    await app.ctx.db.deleteFrom('table_columns').where('column_name', '=', 'sleepy_col').execute();
    await app.ctx.db.updateTable('tables').set({ changed_on: new Date().toISOString() }).where('id', '=', birthNames).execute();
  });

  it('refuses a virtual dataset whose SQL reads another table to its non-database owner, and disallowed functions to everyone', async () => {
    const created = await app.api('POST', '/api/v1/dataset/', {
      body: { database: dbId, schema: 'main', table_name: 'births_by_name', sql: 'SELECT name, sum(num) AS num FROM birth_names GROUP BY name', owners: [1, reader.id] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const virtualId = created.body.id as number;
    const access = (await pairs(app)).find((p) => p.permission_name === 'datasource_access' && p.view_menu_name.endsWith(`(id:${virtualId})`))!;
    const current = (await app.api('GET', `/api/v1/security/roles/${reader.role}/permissions/`)).body.result as { id: number }[];
    await app.api('POST', `/api/v1/security/roles/${reader.role}/permissions`, { body: { permission_view_menu_ids: [...current.map((p) => p.id), access.id] } });

    for (const [sql, names] of [
      ['SELECT * FROM flights', 'flights'],
      ["SELECT * FROM query_table('flights')", 'query_table'],
      ['SELECT * FROM (SUMMARIZE flights)', 'SUMMARIZE'],
      // Charts fill templates from each request (filter_values ...): the table read is only known then.
      ["SELECT * FROM birth_names {{ filter_values('t') | join(', ') }}", 'templated SQL'],
    ] as const) {
      const edit = await app.api('PUT', `/api/v1/dataset/${virtualId}`, { body: { sql }, token: reader.token });
      expectTableRefusal(edit, sql, names);
    }
    expect((await app.api('GET', `/api/v1/dataset/${virtualId}`)).body.result.sql).toBe('SELECT name, sum(num) AS num FROM birth_names GROUP BY name');
    // Metric and calculated-column expressions are SQL the owner writes too.
    for (const [body, names] of [
      [{ metrics: [{ metric_name: 'peek', expression: '(SELECT count(*) FROM flights)' }] }, 'flights'],
      [{ metrics: [{ metric_name: 'peek', expression: "1) FROM query_table('flights') --" }] }, 'query_table'],
      [{ columns: [{ column_name: 'peek', expression: "(SELECT max(carrier) FROM read_csv('/etc/passwd'))" }] }, 'read_csv'],
    ] as const) {
      expectTableRefusal(await app.api('PUT', `/api/v1/dataset/${virtualId}`, { body, token: reader.token }), JSON.stringify(body), names);
    }
    const fine = await app.api('PUT', `/api/v1/dataset/${virtualId}`, { body: { sql: 'SELECT name, num FROM birth_names' }, token: reader.token });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);

    const sleepy = await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'main', table_name: 'sleepy', sql: 'SELECT pg_sleep(1) AS s' } });
    expectDisallowed(sleepy, 'virtual dataset create', 'pg_sleep');
  });

  it('refuses a SQL Lab query opened in the explorer when its SQL reads another table', async () => {
    const inserted = await app.ctx.db
      .insertInto('query')
      .values({
        client_id: `guard${randomBytes(4).toString('hex')}`,
        database_id: dbId,
        user_id: reader.id,
        sql_editor_id: null,
        status: 'success',
        sql: "SELECT carrier, count(*) AS n FROM query_table('flights') GROUP BY carrier",
        schema: 'main',
        limiting_factor: 'NOT_LIMITED',
        select_as_cta: 0,
        select_as_cta_used: 0,
        ctas_method: 'TABLE',
        run_async: 0,
        progress: 100,
        rows: 1,
        start_time: Date.now(),
        extra_json: '{}',
        changed_on: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const explore = await app.api('GET', `/api/v1/explore/?datasource_id=${inserted.id}&datasource_type=query`, { token: reader.token });
    expectTableRefusal(explore, 'explore', 'query_table');
    const data = await app.api('POST', '/api/v1/chart/data', {
      body: { datasource: { id: inserted.id, type: 'query' }, queries: [{ columns: ['carrier'], metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(n)', label: 'n' }] }] },
      token: reader.token,
    });
    expectTableRefusal(data, 'chart data', 'query_table');
  });
});

describe.skipIf(!services.postgres)('SQL safety layer on PostgreSQL', () => {
  let app: TestApp;
  let scratch: { url: string; drop(): Promise<void> };
  let dbId: number;
  let reader: string;

  beforeAll(async () => {
    app = await startTestApp();
    scratch = await createScratchPostgres(services.postgres!);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    await client.query("CREATE TABLE birth_names (name text, num int); INSERT INTO birth_names VALUES ('Ann', 3); CREATE TABLE flights (carrier text)");
    await client.end();
    const db = await app.api('POST', '/api/v1/database/', { body: { database_name: 'guard_pg', sqlalchemy_uri: scratch.url, expose_in_sqllab: true } });
    expect(db.status, JSON.stringify(db.body)).toBe(201);
    dbId = db.body.id as number;
    const ds = await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema: 'public', table_name: 'birth_names' } });
    expect(ds.status, JSON.stringify(ds.body)).toBe(201);
    reader = (await grantedUser(app, 'pg_reader', [ds.body.id as number])).token;
  });
  afterAll(async () => {
    await app?.close();
    await scratch?.drop();
  });

  it('runs SQL over the granted table and refuses query_to_xml over pg_catalog.pg_user', async () => {
    const ok = await execute(app, dbId, 'SELECT name FROM birth_names', reader, 'public');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    for (const [sql, names] of [
      ["SELECT query_to_xml('select usename from pg_catalog.pg_user', true, false, '')", 'query_to_xml'],
      ["SELECT pg_catalog.QUERY_TO_XML($$select * from flights$$, true, false, '')", 'query_to_xml'],
      ['SELECT usename FROM pg_catalog.pg_user', 'pg_catalog.pg_user'],
      ['SELECT usename FROM pg_user', 'pg_user'],
      ["SELECT table_to_xml('flights', true, false, '')", 'table_to_xml'],
      ['TABLE flights', 'flights'],
      ['SELECT * FROM U&"fl\\0069ghts"', 'flights'],
      ["SELECT set_config('search_path', 'pg_catalog', false)", 'set_config'],
    ] as const) {
      expectTableRefusal(await execute(app, dbId, sql, reader, 'public'), sql, names);
    }
  });

  it('refuses a cost estimate of SQL reading another table (its plan names tables and sizes)', async () => {
    const estimate = (sql: string) => app.api('POST', '/api/v1/sqllab/estimate/', { body: { database_id: dbId, sql, schema: 'public' }, token: reader });
    const ok = await estimate('SELECT name FROM birth_names');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expectTableRefusal(await estimate('SELECT * FROM flights'), 'estimate', 'flights');
  });

  it('refuses every default disallowed PostgreSQL function, each a real function of the engine', async () => {
    const names = DEFAULT_DISALLOWED_SQL_FUNCTIONS.postgresql!;
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const found = (await client.query<{ proname: string }>('SELECT DISTINCT proname FROM pg_proc WHERE proname = ANY($1)', [names])).rows.map((r) => r.proname);
    await client.end();
    expect([...found].sort()).toEqual([...names].sort());
    for (const fn of names) expectDisallowed(await execute(app, dbId, `SELECT ${fn}()`), fn, fn);
  });

  it('refuses pg_sleep in an admin’s ad hoc SQL metric on PostgreSQL', async () => {
    const id = ((await app.api('GET', `/api/v1/dataset/?q=${rison.encode({ filters: [{ col: 'table_name', opr: 'eq', value: 'birth_names' }] })}`)).body.result[0] as { id: number }).id;
    const res = await app.api('POST', '/api/v1/chart/data', {
      body: { datasource: { id, type: 'table' }, queries: [{ metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(num) + pg_catalog.pg_sleep(5)', label: 'slow' }] }] },
    });
    expectDisallowed(res, 'chart metric', 'pg_sleep');
  });
});

describe.skipIf(!services.mysql)('SQL safety layer on MariaDB/MySQL', () => {
  let app: TestApp;
  let dbId: number;
  let reader: string;
  const schema = `tessera_guard_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    app = await startTestApp();
    const admin = await mysqlAdmin(services.mysql!);
    await admin.query(`CREATE DATABASE ${schema}; CREATE TABLE ${schema}.birth_names (name VARCHAR(20), num INT); INSERT INTO ${schema}.birth_names VALUES ('Ann', 3); CREATE TABLE ${schema}.flights (carrier VARCHAR(4))`);
    await admin.end();
    const url = new URL(services.mysql!);
    url.pathname = `/${schema}`;
    const db = await app.api('POST', '/api/v1/database/', { body: { database_name: 'guard_maria', sqlalchemy_uri: url.toString(), expose_in_sqllab: true } });
    expect(db.status, JSON.stringify(db.body)).toBe(201);
    dbId = db.body.id as number;
    const ds = await app.api('POST', '/api/v1/dataset/', { body: { database: dbId, schema, table_name: 'birth_names' } });
    expect(ds.status, JSON.stringify(ds.body)).toBe(201);
    reader = (await grantedUser(app, 'maria_reader', [ds.body.id as number])).token;
  });
  afterAll(async () => {
    await app?.close();
    const admin = await mysqlAdmin(services.mysql!);
    await admin.query(`DROP DATABASE IF EXISTS ${schema}`);
    await admin.end();
  });

  it('runs SQL over the granted table and refuses the rest to the one-dataset user', async () => {
    const ok = await execute(app, dbId, 'SELECT name FROM birth_names', reader, schema);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    for (const [sql, names] of [
      ["SELECT LOAD_FILE('/etc/passwd')", 'load_file'],
      ['SELECT * FROM birth_names /*!UNION SELECT carrier, 1 FROM flights */', 'flights'],
      ['SELECT table_name FROM information_schema.tables', 'information_schema.tables'],
      ['SHOW TABLES', 'SHOW'],
      ['SELECT * FROM mysql.user', 'mysql.user'],
    ] as const) {
      expectTableRefusal(await execute(app, dbId, sql, reader, schema), sql, names);
    }
  });

  it('refuses every default disallowed MySQL function', async () => {
    for (const fn of DEFAULT_DISALLOWED_SQL_FUNCTIONS.mysql!) expectDisallowed(await execute(app, dbId, `SELECT ${fn}()`), fn, fn);
    expectDisallowed(await execute(app, dbId, 'SELECT 1 /*!, SLEEP(5) */'), 'code comment', 'sleep');
  });
});

if (!services.postgres) skipNotice('SQL safety layer on PostgreSQL', 'TESSERA_TEST_POSTGRES_URL');
if (!services.mysql) skipNotice('SQL safety layer on MariaDB/MySQL', 'TESSERA_TEST_MYSQL_URL');
