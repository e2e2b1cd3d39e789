import rison from 'rison';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { tableFromIPC } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryResultsBackend } from '../../query-engine/resultsBackend.js';
import { InProcessQueue } from '../../jobs/inProcessQueue.js';
import { sweepStaleQueries } from '../queries/staleQuerySweeper.js';
import { QueryRepository } from './query.repository.js';
import { RunningQueries } from './runningQueries.js';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';

let app: TestApp;
let dbId: number;
let dmlDbId: number;
let asyncDbId: number;

async function createDb(name: string, flags: Record<string, boolean> = {}): Promise<number> {
  const file = path.join(app.filesDir, `${name}.duckdb`);
  // Read-only databases open existing files only.
  const instance = await DuckDBInstance.create(file);
  instance.closeSync();
  const res = await app.api('POST', '/api/v1/database/', { body: { database_name: name, sqlalchemy_uri: `duckdb:///${file}`, ...flags } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

const exec = (body: Record<string, unknown>, token?: string) =>
  app.api('POST', '/api/v1/sqllab/execute/?foo=bar', { body: { database_id: dbId, json: true, expand_data: true, ...body }, ...(token ? { token } : {}) });

async function waitFor(clientId: string, states: string[], timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.api('GET', `/api/v1/query/updated_since?q=(last_updated_ms:0)`);
    const q = (res.body.result as { id: string; state: string }[]).find((r) => r.id === clientId);
    if (q && states.includes(q.state)) return q as Record<string, any>;
    if (Date.now() > deadline) throw new Error(`query ${clientId} stuck in ${q?.state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  app = await startTestApp({ DISPLAY_MAX_ROW: '50', SQL_MAX_ROW: '5000', SQLLAB_TIMEOUT: '3', RESULTS_TTL_SECONDS: '2' });
  dbId = await createDb('ro');
  dmlDbId = await createDb('rw', { allow_dml: true, allow_ctas: true, allow_cvas: true });
  asyncDbId = await createDb('async', { allow_run_async: true, allow_dml: true });
  await exec({ database_id: dmlDbId, sql: "CREATE TABLE t AS SELECT range AS id, 'n' || range AS name FROM range(200)" });
});

afterAll(async () => {
  await app?.close();
});

describe('POST /api/v1/sqllab/execute/', () => {
  it('runs synchronously and answers in Superset shapes', async () => {
    const res = await exec({ sql: 'SELECT 1 AS a, \'x\' AS b, DATE \'2024-03-01\' AS d', client_id: 'syncshape01', tab: 'Tab 1', sql_editor_id: 'ed1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      data: [{ a: 1, b: 'x', d: '2024-03-01' }],
      expanded_columns: [],
      query: { id: 'syncshape01', state: 'success', progress: 100, rows: 1, limitingFactor: 'NOT_LIMITED', tab: 'Tab 1', sqlEditorId: 'ed1', db: 'ro' },
    });
    expect(res.body.query_id).toBe(res.body.query.queryId);
    expect(res.body.columns).toEqual([
      { column_name: 'a', name: 'a', type: 'INTEGER', type_generic: 0, is_dttm: false },
      { column_name: 'b', name: 'b', type: 'VARCHAR', type_generic: 1, is_dttm: false },
      { column_name: 'd', name: 'd', type: 'DATE', type_generic: 2, is_dttm: true },
    ]);
    expect(res.body.selected_columns).toEqual(res.body.columns);
    expect(typeof res.body.query.startDttm).toBe('number');
    expect(res.body.query.resultsKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('accepts form-encoded bodies', async () => {
    const res = await app.api('POST', '/api/v1/sqllab/execute/', {
      body: new URLSearchParams({ database_id: String(dbId), sql: 'SELECT 2 AS x', runAsync: 'false' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ x: 2 }]);
  });

  it('applies limits and records the limiting factor', async () => {
    const cases: [string, number | undefined, number, string, number][] = [
      ['SELECT * FROM range(100)', 10, 10, 'DROPDOWN', 10],
      ['SELECT * FROM range(100) LIMIT 5', 10, 5, 'QUERY', 5],
      ['SELECT * FROM range(100) LIMIT 10', 10, 10, 'QUERY_AND_DROPDOWN', 10],
      ['SELECT * FROM range(3)', 10, 10, 'NOT_LIMITED', 3],
      ['SELECT * FROM range(3) LIMIT 5', 10, 5, 'NOT_LIMITED', 3],
      ['SELECT * FROM range(10000)', 100000, 5000, 'DROPDOWN', 5000],
    ];
    for (const [sql, queryLimit, limit, factor, rows] of cases) {
      const res = await exec({ sql, queryLimit });
      expect(res.status, sql).toBe(200);
      expect(res.body.query, sql).toMatchObject({ limit, limitingFactor: factor, rows });
      expect(res.body.data.length, sql).toBe(Math.min(rows, 50));
    }
  });

  it('caps displayed rows and flags displayLimitReached', async () => {
    const res = await exec({ sql: 'SELECT * FROM range(120)', queryLimit: 1000 });
    expect(res.body.data).toHaveLength(50);
    expect(res.body.displayLimitReached).toBe(true);
    expect(res.body.query.rows).toBe(120);
  });

  it('runs several statements and returns the last result', async () => {
    const res = await exec({ database_id: dmlDbId, sql: "CREATE TEMP TABLE s AS SELECT 1 AS v; INSERT INTO s VALUES (2); SELECT sum(v) AS total, ';' AS semi FROM s;" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([{ total: 3, semi: ';' }]);
  });

  it('renders template parameters', async () => {
    const ok = await exec({ sql: 'SELECT {{ n }} AS n, \'{{ who }}\' AS who', templateParams: JSON.stringify({ n: 7, who: 'me' }) });
    expect(ok.body.data).toEqual([{ n: 7, who: 'me' }]);
    const obj = await exec({ sql: 'SELECT {{ n }} AS n', templateParams: { n: 8 } });
    expect(obj.body.data).toEqual([{ n: 8 }]);
    const missing = await exec({ sql: 'SELECT {{ a }}, {{ b }}', templateParams: '{"a": 1}' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ error_type: 'MISSING_TEMPLATE_PARAMS_ERROR', extra: { undefined_parameters: ['b'] } });
    expect(missing.body.errors[0].extra.issue_codes[0].code).toBe(1006);
    const invalid = await exec({ sql: 'SELECT {{ a ', templateParams: '{"a": 1}' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors[0].error_type).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
    const escape = await exec({ sql: 'SELECT {{ x.constructor.constructor("return process")().pid }}', templateParams: '{"x": {}}' });
    expect(escape.status).toBe(400);
    const badJson = await exec({ sql: 'SELECT 1', templateParams: '{nope' });
    expect(badJson.body.errors[0].error_type).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
  });

  it('refuses DML unless the database allows it', async () => {
    for (const sql of ['DELETE FROM t', 'WITH x AS (SELECT 1) INSERT INTO t SELECT 1, 2', 'SELECT 1; DROP TABLE t']) {
      const res = await exec({ sql });
      expect(res.status, sql).toBe(400);
      expect(res.body.errors[0].error_type).toBe('DML_NOT_ALLOWED_ERROR');
    }
    const ok = await exec({ database_id: dmlDbId, sql: 'UPDATE t SET name = name WHERE id < 3' });
    expect(ok.status).toBe(200);
  });

  it('passes statements it does not know to the engine: a typo is a syntax error, not DML', async () => {
    const typo = await exec({ sql: 'SELEC 1' });
    expect(typo.status, JSON.stringify(typo.body)).toBe(400);
    expect(typo.body.errors[0].error_type).toBe('SYNTAX_ERROR');
    expect(typo.body.errors[0].extra.issue_codes.map((c: { code: number }) => c.code)).toContain(1030);
    for (const sql of ['FROM range(3)', 'SUMMARIZE SELECT 1 AS a', 'DESCRIBE SELECT 1 AS a', 'SHOW TABLES']) {
      const res = await exec({ sql });
      expect(res.status, `${sql}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it('runs unqualified names in the schema picked, sync, async and in CSV re-runs', async () => {
    const setup = await exec({ database_id: asyncDbId, sql: 'CREATE SCHEMA s1; CREATE TABLE s1.only_s1 AS SELECT 7 AS v' });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const unqualified = await exec({ database_id: asyncDbId, sql: 'SELECT v FROM only_s1' });
    expect(unqualified.body.errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    const sync = await exec({ database_id: asyncDbId, sql: 'SELECT v FROM only_s1', schema: 's1', client_id: 'schemasync1' });
    expect(sync.status, JSON.stringify(sync.body)).toBe(200);
    expect(sync.body.data).toEqual([{ v: 7 }]);
    const queued = await exec({ database_id: asyncDbId, sql: 'SELECT v + 1 AS w FROM only_s1', schema: 's1', runAsync: true, client_id: 'schemaasyn1' });
    expect(queued.status).toBe(202);
    const done = await waitFor('schemaasyn1', ['success', 'failed']);
    expect(done.state, JSON.stringify(done)).toBe('success');
    const missing = await exec({ database_id: asyncDbId, sql: 'SELECT 1', schema: 'no_such_schema' });
    expect(missing.body.errors[0].error_type).toBe('SCHEMA_DOES_NOT_EXIST_ERROR');
    // Results expire (RESULTS_TTL_SECONDS=2): the export runs the query again in the same schema.
    await new Promise((r) => setTimeout(r, 2200));
    const csv = await fetch(`${app.url}/api/v1/sqllab/export/schemasync1/`, { headers: { authorization: `Bearer ${await app.token()}` } });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toBe('v\r\n7\r\n');
  });

  it('runs CTAS and CVAS', async () => {
    const ctas = await exec({ database_id: dmlDbId, sql: 'SELECT id FROM t WHERE id < 4', select_as_cta: true, tmp_table_name: 'ctas_out', client_id: 'ctas0000001' });
    expect(ctas.status, JSON.stringify(ctas.body)).toBe(200);
    expect(ctas.body.query).toMatchObject({ ctas: true, tempTable: 'ctas_out', executedSql: expect.stringContaining('CREATE TABLE "ctas_out" AS') });
    const read = await exec({ database_id: dmlDbId, sql: 'SELECT count(*) AS n FROM ctas_out' });
    expect(read.body.data).toEqual([{ n: 4 }]);
    const defaultName = await exec({ database_id: dmlDbId, sql: 'SELECT 1 AS one', select_as_cta: true, client_id: 'ctasdefault' });
    expect(defaultName.body.query.tempTable).toBe('tmp_ctasdefault');
    const bad = await exec({ database_id: dmlDbId, sql: 'SELECT 1; UPDATE t SET id = id', select_as_cta: true });
    expect(bad.body.errors[0].error_type).toBe('INVALID_CTAS_QUERY_ERROR');
    const cvasBad = await exec({ database_id: dmlDbId, sql: 'SELECT 1; SELECT 2', select_as_cta: true, ctas_method: 'VIEW' });
    expect(cvasBad.body.errors[0].error_type).toBe('INVALID_CVAS_QUERY_ERROR');
    const cvas = await exec({ database_id: dmlDbId, sql: 'SELECT 5 AS five', select_as_cta: true, ctas_method: 'VIEW', tmp_table_name: 'v5' });
    expect(cvas.status).toBe(200);
    expect((await exec({ database_id: dmlDbId, sql: 'SELECT * FROM v5' })).body.data).toEqual([{ five: 5 }]);
    const notAllowed = await exec({ sql: 'SELECT 1', select_as_cta: true });
    expect(notAllowed.body.errors[0].error_type).toBe('INVALID_CTAS_QUERY_ERROR');
  });

  it('maps engine errors to the catalogue', async () => {
    const syntax = await exec({ sql: 'SELECT FROM WHERE 1 +', client_id: 'syntaxerr01' });
    expect(syntax.status).toBe(400);
    expect(syntax.body).toMatchObject({ status: 'failed', query: { state: 'failed' } });
    expect(syntax.body.errors[0].error_type, JSON.stringify(syntax.body)).toBe('SYNTAX_ERROR');
    const table = await exec({ sql: 'SELECT * FROM no_such_table' });
    expect(table.body.errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    expect(table.body.errors[0].message).toContain('no_such_table');
    expect(table.body.errors[0].extra.issue_codes.map((c: { code: number }) => c.code)).toContain(1005);
    const column = await exec({ database_id: dmlDbId, sql: 'SELECT nope FROM t' });
    expect(column.body.errors[0].error_type).toBe('COLUMN_DOES_NOT_EXIST_ERROR');
    const show = await app.api('GET', `/api/v1/query/${syntax.body.query.queryId}`);
    expect(show.body.result).toMatchObject({ status: 'failed', client_id: 'syntaxerr01', database: { id: dbId } });
  });

  it('404s unknown databases in the errors shape', async () => {
    const res = await exec({ database_id: 99999, sql: 'SELECT 1' });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].error_type).toBe('DATABASE_NOT_FOUND_ERROR');
    const bad = await exec({ sql: '' });
    expect(bad.status).toBe(400);
  });

  it('times out long sync runs with 408', async () => {
    const started = Date.now();
    const res = await exec({ sql: 'SELECT sum(hash(range)) FROM range(100000000000)', client_id: 'timeout0001' });
    expect(res.status).toBe(408);
    expect(res.body.errors[0].error_type).toBe('SQLLAB_TIMEOUT_ERROR');
    expect(res.body.query.state).toBe('timed_out');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('keeps integers beyond 2^53 exact in the raw JSON text', async () => {
    const res = await fetch(`${app.url}/api/v1/sqllab/execute/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await app.token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ database_id: dbId, sql: 'SELECT 9007199254740993::BIGINT AS n, 12::BIGINT AS small' }),
    });
    const text = await res.text();
    expect(text).toContain('"n":9007199254740993');
    expect(text).toContain('"small":12');
  });
});

describe('results backend', () => {
  it('serves stored results as JSON and Arrow', async () => {
    const run = await exec({ sql: "SELECT range AS id, 9007199254740993::BIGINT + range AS big, 'r' || range AS s, range * 0.5 AS f, range % 2 = 0 AS even, TIMESTAMP '2024-01-02 03:04:05' AS ts FROM range(80)", queryLimit: 1000 });
    const key = run.body.query.resultsKey as string;
    const json = await app.api('GET', `/api/v1/sqllab/results/?q=(key:'${key}',rows:5)`);
    expect(json.status).toBe(200);
    expect(json.body.data).toHaveLength(5);
    expect(json.body.displayLimitReached).toBe(true);
    expect(json.body.data[1]).toMatchObject({ id: 1, s: 'r1', f: 0.5, even: false, ts: '2024-01-02 03:04:05' });
    const full = await app.api('GET', `/api/v1/sqllab/results/?q=(key:'${key}')`);
    expect(full.body.data).toHaveLength(50);

    const res = await fetch(`${app.url}/api/v1/sqllab/results/?q=(key:'${key}')`, {
      headers: { authorization: `Bearer ${await app.token()}`, accept: 'application/vnd.apache.arrow.stream' },
    });
    expect(res.headers.get('content-type')).toContain('application/vnd.apache.arrow.stream');
    expect(res.headers.get('x-tessera-rows')).toBe('80');
    const table = tableFromIPC(new Uint8Array(await res.arrayBuffer()));
    expect(table.numRows).toBe(80);
    expect(table.getChild('big')!.get(0)).toBe(9007199254740993n);
    expect(table.getChild('s')!.get(79)).toBe('r79');
    // DuckDB TIMESTAMP travels as wall-clock microseconds (Timestamp[us], no zone).
    expect(table.getChild('ts')!.data[0]!.values[0]).toBe(BigInt(Date.UTC(2024, 0, 2, 3, 4, 5)) * 1000n);
    expect(table.getChild('even')!.get(0)).toBe(true);
    expect(table.schema.fields.map((f) => String(f.type))).toEqual(['Int64', 'Int64', 'Utf8', 'Float64', 'Bool', 'Timestamp<MICROSECOND>']);

    // A head of the result: the first rows only, with the whole result's row count in the header.
    const head = await fetch(`${app.url}/api/v1/sqllab/results/?q=(key:'${key}',rows:7)`, {
      headers: { authorization: `Bearer ${await app.token()}`, accept: 'application/vnd.apache.arrow.stream', 'accept-encoding': 'gzip' },
    });
    expect(head.headers.get('x-tessera-rows')).toBe('80');
    const headTable = tableFromIPC(new Uint8Array(await head.arrayBuffer()));
    expect(headTable.numRows).toBe(7);
    expect(headTable.getChild('s')!.get(6)).toBe('r6');
    expect(headTable.getChild('big')!.get(6)).toBe(9007199254740999n);
  });

  it('answers result_format arrow with no rows and a results key', async () => {
    const run = await exec({ sql: 'SELECT * FROM range(30)', result_format: 'arrow' });
    expect(run.body.data).toEqual([]);
    const res = await fetch(`${app.url}/api/v1/sqllab/results/?q=(key:'${run.body.query.resultsKey}')&format=arrow`, {
      headers: { authorization: `Bearer ${await app.token()}` },
    });
    expect(tableFromIPC(new Uint8Array(await res.arrayBuffer())).numRows).toBe(30);
  });

  it('410s expired results and 404s unknown keys', async () => {
    const run = await exec({ sql: 'SELECT 1 AS x' });
    await new Promise((r) => setTimeout(r, 2200));
    const gone = await app.api('GET', `/api/v1/sqllab/results/?q=(key:'${run.body.query.resultsKey}')`);
    expect(gone.status).toBe(410);
    expect(gone.body.errors[0].error_type).toBe('RESULTS_BACKEND_ERROR');
    // The Arrow head of an expired result is gone too, in the same error shape.
    const goneHead = await fetch(`${app.url}/api/v1/sqllab/results/?q=(key:'${run.body.query.resultsKey}',rows:0)`, {
      headers: { authorization: `Bearer ${await app.token()}`, accept: 'application/vnd.apache.arrow.stream' },
    });
    expect(goneHead.status).toBe(410);
    expect(((await goneHead.json()) as { errors: { error_type: string }[] }).errors[0]!.error_type).toBe('RESULTS_BACKEND_ERROR');
    const unknown = await app.api('GET', `/api/v1/sqllab/results/?q=(key:'nope')`);
    expect(unknown.status).toBe(404);
  });
});

describe('async runs (in-process queue)', () => {
  it('answers 202 pending and finishes in the background', async () => {
    const res = await exec({ database_id: asyncDbId, sql: 'SELECT 42 AS answer', runAsync: true, client_id: 'async000001' });
    expect(res.status).toBe(202);
    expect(res.body.query).toMatchObject({ id: 'async000001', state: 'pending', resultsKey: null });
    const done = await waitFor('async000001', ['success', 'failed']);
    expect(done.state).toBe('success');
    const results = await app.api('GET', `/api/v1/sqllab/results/?q=(key:'${done.resultsKey}')`);
    expect(results.body.data).toEqual([{ answer: 42 }]);
    const failed = await exec({ database_id: asyncDbId, sql: 'SELECT * FROM missing_t', runAsync: true, client_id: 'async000002' });
    expect(failed.status).toBe(202);
    const f = await waitFor('async000002', ['success', 'failed']);
    expect(f.state).toBe('failed');
    expect((f.extra.errors as { error_type: string }[])[0]!.error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
  });

  it('long-polls updated_since: answers when a run changes, or once the wait runs out', async () => {
    const since = (q: Record<string, unknown>) => app.api('GET', `/api/v1/query/updated_since?q=${encodeURIComponent(rison.encode({ last_updated_ms: 0, ...q }))}`);
    type Dict = { id: string; state: string; changed_on: string };
    const newest = (rows: Dict[]) => Math.max(0, ...rows.map((r) => Date.parse(r.changed_on)));

    // Nothing changes: the answer comes when the wait is over, with the rows as they are.
    const known = newest((await since({})).body.result as Dict[]);
    const idleStart = Date.now();
    const idle = await since({ wait_ms: 400, changed_after_ms: known });
    expect(idle.status).toBe(200);
    expect(Date.now() - idleStart).toBeGreaterThanOrEqual(380);
    expect(newest(idle.body.result as Dict[])).toBe(known);

    // A run started meanwhile: each change answers the waiting poll at once, up to the success.
    const waiting = since({ wait_ms: 5000, changed_after_ms: known });
    await new Promise((r) => setTimeout(r, 150));
    const started = Date.now();
    expect((await exec({ database_id: asyncDbId, sql: 'SELECT 43 AS answer', runAsync: true, client_id: 'longpoll001' })).status).toBe(202);
    const first = await waiting;
    expect(Date.now() - started).toBeLessThan(1500);
    expect((first.body.result as Dict[]).map((r) => r.id)).toContain('longpoll001');
    let after = newest(first.body.result as Dict[]);
    for (let i = 0; i < 5; i++) {
      const rows = (await since({ wait_ms: 5000, changed_after_ms: after })).body.result as Dict[];
      after = newest(rows);
      if (rows.find((r) => r.id === 'longpoll001')?.state === 'success') break;
    }
    expect(Date.now() - started).toBeLessThan(3000);
    expect(((await since({})).body.result as Dict[]).find((r) => r.id === 'longpoll001')?.state).toBe('success');
    expect((await since({ wait_ms: 60_000 })).status).toBe(400);
  });

  it('runs synchronously when the database does not allow async', async () => {
    const res = await exec({ sql: 'SELECT 1 AS x', runAsync: true });
    expect(res.status).toBe(200);
  });

  it('stops a running DuckDB query in the engine', async () => {
    const res = await exec({ database_id: asyncDbId, sql: 'SELECT sum(hash(range)) FROM range(100000000000)', runAsync: true, client_id: 'stopduck001' });
    expect(res.status).toBe(202);
    await waitFor('stopduck001', ['running']);
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    const stop = await app.api('POST', '/api/v1/query/stop', { body: { client_id: 'stopduck001' } });
    expect(stop.status).toBe(200);
    expect(stop.body).toEqual({ result: 'OK' });
    expect(Date.now() - started).toBeLessThan(2000);
    const q = await waitFor('stopduck001', ['stopped']);
    expect(q.resultsKey).toBeNull();
    // The engine is free again: the next query on the database runs at once.
    const next = await exec({ database_id: asyncDbId, sql: 'SELECT 1 AS ok' });
    expect(next.status).toBe(200);
    const unknown = await app.api('POST', '/api/v1/query/stop', { body: { client_id: 'nope' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBeTruthy();
  });
});

describe('query history', () => {
  it('lists, filters and hides other users\' queries', async () => {
    const list = await app.api('GET', `/api/v1/query/?q=(filters:!((col:database,opr:rel_o_m,value:${dbId}),(col:status,opr:eq,value:failed)),order_column:start_time,order_direction:desc)`);
    expect(list.status).toBe(200);
    expect(list.body.count).toBeGreaterThan(0);
    expect(list.body.result.every((r: { status: string }) => r.status === 'failed')).toBe(true);
    const ct = await app.api('GET', `/api/v1/query/?q=(filters:!((col:sql,opr:ct,value:no_such_table)))`);
    expect(ct.body.result.length).toBeGreaterThan(0);
    const since = await app.api('GET', `/api/v1/query/?q=(filters:!((col:start_time,opr:gt,value:${Date.now() + 60_000})))`);
    expect(since.body.count).toBe(0);

    const token = await createUserWithRole(app, 'alpha_user', 'Alpha');
    const own = await exec({ sql: 'SELECT 1 AS mine', client_id: 'alphaquery1' }, token);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const theirs = await app.api('GET', '/api/v1/query/?q=(page_size:100)', { token });
    expect(theirs.body.result.map((r: { sql: string }) => r.sql)).toEqual(['SELECT 1 AS mine']);
    const adminQuery = await app.api('GET', `/api/v1/query/${ct.body.result[0].id}`, { token });
    expect(adminQuery.status).toBe(404);
    const adminResults = await app.api('GET', `/api/v1/sqllab/results/?q=(key:'${own.body.query.resultsKey}')`, { token });
    expect(adminResults.status).toBe(200);
    const updated = await app.api('GET', `/api/v1/query/updated_since?q=(last_updated_ms:${Date.now() - 60_000})`, { token });
    expect(updated.body.result.map((q: { id: string }) => q.id)).toEqual(['alphaquery1']);
    // The admin sees every query.
    const all = await app.api('GET', `/api/v1/query/?q=(filters:!((col:sql,opr:ct,value:mine)))`);
    expect(all.body.count).toBe(1);
  });

  it('wakes only the waits of the user whose run changed, and ends every wait when closing', async () => {
    const repo = new QueryRepository(app.ctx.db);
    const values = (clientId: string, userId: number) => ({ client_id: clientId, database_id: dbId, user_id: userId, sql: 'SELECT 1', status: 'pending', progress: 0, run_async: 1, start_time: Date.now(), extra_json: '{}', limiting_factor: 'UNKNOWN', select_as_cta: 0, select_as_cta_used: 0, ctas_method: 'TABLE' });
    const settled = (p: Promise<void>) => Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 100))]);

    const adminWait = repo.nextChange(1, 5000);
    const otherWait = repo.nextChange(987_654, 5000);
    await repo.insert(values('wakeuser001', 1));
    expect(await settled(adminWait)).toBe(true);
    expect(await settled(otherWait)).toBe(false);

    const nextAdminWait = repo.nextChange(1, 5000);
    await repo.update('wakeuser001', { status: 'running' });
    expect(await settled(nextAdminWait)).toBe(true);
    expect(await repo.updateUnlessStopped('no_such_run', { status: 'success' })).toBe(false);

    repo.endWaits();
    expect(await settled(otherWait)).toBe(true);
    expect(await settled(repo.nextChange(1, 5000))).toBe(true);
  });

  it('answers an open long poll at once when the server closes, so the poll does not hold the shutdown', async () => {
    const other = await startTestApp();
    try {
      const token = await other.token();
      const poll = other.api('GET', `/api/v1/query/updated_since?q=${encodeURIComponent(rison.encode({ last_updated_ms: 0, wait_ms: 5000, changed_after_ms: Date.now() }))}`, { token });
      await new Promise((r) => setTimeout(r, 200));
      const closing = Date.now();
      await other.close();
      expect(Date.now() - closing).toBeLessThan(1500);
      expect((await poll).status).toBe(200);
    } finally {
      await other.close().catch(() => undefined);
    }
  });

  it('sweeps stale runs', async () => {
    const row = await app.ctx.db
      .insertInto('query')
      .values({ client_id: 'stale000001', database_id: dbId, user_id: 1, sql: 'SELECT 1', status: 'running', progress: 0, run_async: 0, start_time: Date.now() - 3_600_000, changed_on: new Date().toISOString(), extra_json: '{}', limiting_factor: 'UNKNOWN', select_as_cta: 0, select_as_cta_used: 0, ctas_method: 'TABLE' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const changed = await sweepStaleQueries(new QueryRepository(app.ctx.db), new MemoryResultsBackend(), new RunningQueries(), {
      syncMaxAgeMs: 60_000,
      queue: new InProcessQueue(async () => undefined),
      asyncGraceMs: 30_000,
    });
    expect(changed).toBeGreaterThanOrEqual(1);
    const show = await app.api('GET', `/api/v1/query/${row.id}`);
    expect(show.body.result.status).toBe('timed_out');
  });
});

describe('estimate, format and export', () => {
  it('refuses estimates on engines without them', async () => {
    const res = await app.api('POST', '/api/v1/sqllab/estimate/', { body: { database_id: dbId, sql: 'SELECT 1' } });
    expect(res.status).toBe(400);
    expect(String(res.body.message)).toMatch(/does not support/);
  });

  it('formats SQL per dialect', async () => {
    const res = await app.api('POST', '/api/v1/sqllab/format_sql/', { body: { sql: 'select a,b from t where x=1', engine: 'postgresql' } });
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('SELECT\n  a,\n  b\nFROM\n  t\nWHERE\n  x = 1');
    const byDb = await app.api('POST', '/api/v1/sqllab/format_sql/', { body: { sql: 'select 1', database_id: dbId } });
    expect(byDb.body.result).toBe('SELECT\n  1');
  });

  it('exports CSV from stored results and by re-running', async () => {
    const run = await exec({ sql: "SELECT 9007199254740993::BIGINT AS n, 'a,\"b\"' AS s, NULL AS z UNION ALL SELECT 1, 'x\ny', 2", tab: 'My Tab', client_id: 'csvexport01' });
    expect(run.status).toBe(200);
    const res = await fetch(`${app.url}/api/v1/sqllab/export/csvexport01/`, { headers: { authorization: `Bearer ${await app.token()}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="My_Tab_\d{8}_\d{6}\.csv"$/);
    const text = await res.text();
    expect(text).toBe('n,s,z\r\n9007199254740993,"a,""b""",\r\n1,"x\ny",2\r\n');
    await new Promise((r) => setTimeout(r, 2200));
    const rerun = await fetch(`${app.url}/api/v1/sqllab/export/csvexport01/`, { headers: { authorization: `Bearer ${await app.token()}` } });
    expect(await rerun.text()).toBe(text);
  });
});
