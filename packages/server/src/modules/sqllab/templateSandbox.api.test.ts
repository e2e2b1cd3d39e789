import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/testApp.js';

/**
 * Security finding 1 over HTTP: an ordinary user (Alpha + sql_lab, no admin) sends templates that ran
 * `id` as root under the old renderer, through every path that renders SQL templates. Each answer must
 * be a 4xx from the error catalogue (or an inert literal), never command output, and the global marker
 * the payloads would set must stay unset (the server runs in this process).
 */

const MARK = '__tesseraTemplateEscapeHttp';
const g = globalThis as Record<string, unknown>;
const RUN_ID = `return process.getBuiltinModule('child_process').execSync('id').toString()`;
const SET_MARK = `globalThis.${MARK} = 1; return process.getBuiltinModule('child_process').execSync('id').toString()`;
const POC = `SELECT '{{ ""[["constructor"]][["constructor"]]("${RUN_ID}")() }}' AS a`;
const VIA_PARAMS = `SELECT '{{ ""[k][k]("${SET_MARK}")() }}' AS a`;
const VIA_SET = `{% set k = ["constructor"] %}SELECT '{{ ""[k][k]("${SET_MARK}")() }}' AS a`;

let app: TestApp;
let dbId: number;
let user: string;

function expectNoEscape(res: { status: number; body: unknown }, what: string): void {
  const text = JSON.stringify(res.body);
  expect(text, what).not.toContain('uid=');
  expect(text, what).not.toContain('gid=');
  expect(g[MARK], what).toBeUndefined();
}

/** A 4xx answer in the error catalogue's shape with the given type. */
function expectCatalogueError(res: { status: number; body: any }, status: number, errorType: string, what: string): void {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(status);
  expect(res.body.errors?.[0]?.error_type, what).toBe(errorType);
  expectNoEscape(res, what);
}

beforeAll(async () => {
  app = await startTestApp();
  const file = path.join(app.filesDir, 'sandbox.duckdb');
  const instance = await DuckDBInstance.create(file);
  const conn = await instance.connect();
  await conn.run('CREATE TABLE main.t AS SELECT range::INTEGER AS a FROM range(1, 4)');
  conn.closeSync();
  instance.closeSync();
  const db = await app.api('POST', '/api/v1/database/', { body: { database_name: 'sandbox', sqlalchemy_uri: `duckdb:///${file}`, expose_in_sqllab: true } });
  expect(db.status, JSON.stringify(db.body)).toBe(201);
  dbId = db.body.id as number;
  // An ordinary analyst: data access and SQL Lab, no admin rights.
  const roles = (await app.api('GET', '/api/v1/security/roles/?q=(page_size:100)')).body.result as { id: number; name: string }[];
  const roleIds = roles.filter((r) => r.name === 'Alpha' || r.name === 'sql_lab').map((r) => r.id);
  const created = await app.api('POST', '/api/v1/security/users/', {
    body: { username: 'analyst', first_name: 'An', last_name: 'Alyst', email: 'analyst@example.com', password: 'correct-horse-battery-staple', roles: roleIds },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  user = await app.token('analyst', 'correct-horse-battery-staple');
});

afterAll(async () => {
  await app?.close();
});

afterEach(() => {
  delete g[MARK];
});

const execute = (sql: string, templateParams?: unknown) =>
  app.api('POST', '/api/v1/sqllab/execute/', { token: user, body: { database_id: dbId, sql, schema: 'main', json: true, ...(templateParams === undefined ? {} : { templateParams }) } });

describe('SQL templates cannot escape over HTTP (finding 1)', () => {
  it('SQL Lab execute refuses the proof of concept with INVALID_TEMPLATE_PARAMS_ERROR', async () => {
    expectCatalogueError(await execute(POC), 400, 'INVALID_TEMPLATE_PARAMS_ERROR', 'execute');
    expectCatalogueError(await execute(VIA_SET), 400, 'INVALID_TEMPLATE_PARAMS_ERROR', 'execute with set');
    // The cost estimate renders too (DuckDB estimates nothing: the template must fail before that question).
    const estimate = await app.api('POST', '/api/v1/sqllab/estimate/', { token: user, body: { database_id: dbId, sql: POC } });
    expect(estimate.status).toBeGreaterThanOrEqual(400);
    expect(estimate.status).toBeLessThan(500);
    expectNoEscape(estimate, 'estimate');
  });

  it('SQL Lab execute refuses a key handed in through templateParams (as JSON text and as an object)', async () => {
    expectCatalogueError(await execute(VIA_PARAMS, '{"k": ["constructor"]}'), 400, 'INVALID_TEMPLATE_PARAMS_ERROR', 'params text');
    expectCatalogueError(await execute(VIA_PARAMS, { k: ['constructor'] }), 400, 'INVALID_TEMPLATE_PARAMS_ERROR', 'params object');
    // A key named __proto__ is a plain key of the parameters: inert data, read as such, and no prototype changes.
    const proto = await execute('SELECT {{ x.__proto__.polluted }} AS a', '{"x": {"__proto__": {"polluted": 1}}}');
    expect(proto.status, JSON.stringify(proto.body)).toBe(200);
    expect(proto.body.data).toEqual([{ a: 1 }]);
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('still renders ordinary templates and the current user macros in SQL Lab', async () => {
    const res = await execute("SELECT {{ n }} AS n, '{{ current_username() }}' AS who, {{ current_user_id() is number }} AS has_id", '{"n": 7}');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([{ n: 7, who: 'analyst', has_id: true }]);
  });

  it('a virtual dataset with the payload in its SQL is refused at creation, and once stored by an edit it never renders', async () => {
    const create = await app.api('POST', '/api/v1/dataset/', { token: user, body: { database: dbId, schema: 'main', table_name: 'evil', sql: POC } });
    expect(create.status, JSON.stringify(create.body)).toBe(422);
    expectNoEscape(create, 'dataset create');

    // An edit stores SQL without reading it: the payload then reaches the chart data and the rendered show.
    const made = await app.api('POST', '/api/v1/dataset/', { token: user, body: { database: dbId, schema: 'main', table_name: 'later_evil', sql: 'SELECT 1 AS a' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as number;
    const edit = await app.api('PUT', `/api/v1/dataset/${id}`, { token: user, body: { sql: VIA_PARAMS, template_params: '{"k": ["constructor"]}' } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);

    const data = await app.api('POST', '/api/v1/chart/data', {
      token: user,
      body: { datasource: { id, type: 'table' }, queries: [{ columns: ['a'], metrics: [], row_limit: 10 }], result_format: 'json', result_type: 'full' },
    });
    expectCatalogueError(data, 400, 'INVALID_TEMPLATE_PARAMS_ERROR', 'chart data');

    const shown = await app.api('GET', `/api/v1/dataset/${id}?include_rendered_sql=true`, { token: user });
    expect(shown.status, JSON.stringify(shown.body)).toBe(422);
    expectNoEscape(shown, 'dataset show rendered');
  });

  it('a saved query holding the payload is refused as a chart datasource and in the explorer', async () => {
    const saved = await app.api('POST', '/api/v1/saved_query/', { token: user, body: { db_id: dbId, label: 'evil', sql: POC, schema: 'main' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const id = saved.body.id as number;
    const data = await app.api('POST', '/api/v1/chart/data', {
      token: user,
      body: { datasource: { id, type: 'saved_query' }, queries: [{ columns: ['a'], metrics: [], row_limit: 10 }], result_format: 'json', result_type: 'full' },
    });
    expectCatalogueError(data, 400, 'INVALID_TEMPLATE_PARAMS_ERROR', 'saved query chart data');
    const explore = await app.api('GET', `/api/v1/explore/?datasource_id=${id}&datasource_type=saved_query`, { token: user });
    expect(explore.status).toBeGreaterThanOrEqual(400);
    expect(explore.status).toBeLessThan(500);
    expectNoEscape(explore, 'explore');
  });
});

describe('Superset macros in a virtual dataset read the chart query', () => {
  it('filter_values, where_in and from_dttm render per chart query', async () => {
    const sql = "SELECT a, '{{ from_dttm }}' AS f FROM t WHERE a IN {{ filter_values('a', 1)|where_in }}";
    const made = await app.api('POST', '/api/v1/dataset/', { token: user, body: { database: dbId, schema: 'main', table_name: 'by_filter', sql } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const chart = (val: number[]) =>
      app.api('POST', '/api/v1/chart/data', {
        token: user,
        body: {
          datasource: { id: made.body.id, type: 'table' },
          queries: [{ columns: ['a', 'f'], metrics: [], filters: [{ col: 'a', op: 'IN', val }], time_range: '2024-01-01 : 2024-02-01', orderby: [['a', true]] }],
          result_format: 'json',
          result_type: 'full',
        },
      });
    const both = await chart([2, 3]);
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(both.body.result[0].query).toContain('WHERE a IN (2, 3)');
    expect(both.body.result[0].data).toEqual([
      { a: 2, f: '2024-01-01T00:00:00' },
      { a: 3, f: '2024-01-01T00:00:00' },
    ]);
    const one = await chart([3]);
    expect(one.body.result[0].query).toContain('WHERE a IN (3)');
    expect(one.body.result[0].data).toEqual([{ a: 3, f: '2024-01-01T00:00:00' }]);
  });
});
