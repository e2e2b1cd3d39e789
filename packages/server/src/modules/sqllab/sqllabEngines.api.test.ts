import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { tableFromIPC } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services, skipNotice, startTestApp, type TestApp } from '../../test/testApp.js';

async function createDb(app: TestApp, name: string, uri: string): Promise<number> {
  const res = await app.api('POST', '/api/v1/database/', { body: { database_name: name, sqlalchemy_uri: uri, allow_run_async: true, allow_dml: true } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

async function waitFor(app: TestApp, clientId: string, states: string[], timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.api('GET', `/api/v1/query/updated_since?q=(last_updated_ms:0)`);
    const q = (res.body.result as { id: string; state: string }[]).find((r) => r.id === clientId);
    if (q && states.includes(q.state)) return q as Record<string, any>;
    if (Date.now() > deadline) throw new Error(`query ${clientId} stuck in ${q?.state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts a long async query, stops it, and checks the stop was quick and real. */
async function stopLongQuery(app: TestApp, databaseId: number, sql: string, clientId: string) {
  const run = await app.api('POST', '/api/v1/sqllab/execute/', { body: { database_id: databaseId, sql, runAsync: true, client_id: clientId } });
  expect(run.status, JSON.stringify(run.body)).toBe(202);
  await waitFor(app, clientId, ['running']);
  await new Promise((r) => setTimeout(r, 300));
  const started = Date.now();
  const stop = await app.api('POST', '/api/v1/query/stop', { body: { client_id: clientId } });
  expect(stop.body).toEqual({ result: 'OK' });
  const q = await waitFor(app, clientId, ['stopped', 'success', 'failed'], 5000);
  expect(q.state).toBe('stopped');
  expect(Date.now() - started).toBeLessThan(3000);
  // The connection was really freed: a new query answers at once.
  const next = await app.api('POST', '/api/v1/sqllab/execute/', { body: { database_id: databaseId, sql: 'SELECT 1 AS ok' } });
  expect(next.status).toBe(200);
}

/** Creates `schema` with a table only it holds, and checks SQL Lab resolves it through the schema picked. */
async function checkSchemaPicked(app: TestApp, databaseId: number, schema: string, create: string[]) {
  const exec = (body: Record<string, unknown>) => app.api('POST', '/api/v1/sqllab/execute/', { body: { database_id: databaseId, ...body } });
  for (const sql of create) {
    const res = await exec({ sql });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const unqualified = await exec({ sql: 'SELECT v FROM only_here' });
  expect(unqualified.body.errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
  const sync = await exec({ sql: 'SELECT v FROM only_here', schema });
  expect(sync.status, JSON.stringify(sync.body)).toBe(200);
  expect(sync.body.data).toEqual([{ v: 7 }]);
  const queued = await exec({ sql: 'SELECT v FROM only_here', schema, runAsync: true, client_id: `sch${randomBytes(4).toString('hex')}` });
  expect(queued.status).toBe(202);
  expect((await waitFor(app, queued.body.query.id as string, ['success', 'failed'])).state).toBe('success');
  // The pooled connections are back to the database's own default.
  for (let i = 0; i < 6; i++) expect((await exec({ sql: 'SELECT v FROM only_here' })).status).toBe(400);
}

describe.skipIf(!services.postgres)('SQL Lab on PostgreSQL', () => {
  let app: TestApp;
  let id: number;
  beforeAll(async () => {
    // The stop test needs a query that waits: sleep functions are disallowed by default (DISALLOWED_SQL_FUNCTIONS).
    app = await startTestApp({ DISALLOWED_SQL_FUNCTIONS: '{"postgresql": []}' });
    id = await createDb(app, 'pg', services.postgres!);
  });
  afterAll(async () => app?.close());

  it('runs, keeps bigints exact and maps missing tables', async () => {
    const res = await fetch(`${app.url}/api/v1/sqllab/execute/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await app.token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ database_id: id, sql: "SELECT 9007199254740993::BIGINT AS n, TIMESTAMP '2024-01-02 03:04:05' AS ts" }),
    });
    const text = await res.text();
    expect(text).toContain('"n":9007199254740993');
    expect(text).toContain('"ts":"2024-01-02 03:04:05"');
    const missing = await app.api('POST', '/api/v1/sqllab/execute/', { body: { database_id: id, sql: 'SELECT * FROM no_such_pg_table' } });
    expect(missing.body.errors[0].error_type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
  });

  it('estimates cost per statement', async () => {
    const res = await app.api('POST', '/api/v1/sqllab/estimate/', { body: { database_id: id, sql: 'SELECT * FROM generate_series(1, 10); SELECT 1' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toHaveLength(2);
    expect(res.body.result[0]).toMatchObject({ 'Total cost': expect.any(Number) });
  });

  it('runs and estimates in the schema picked', async () => {
    const schema = `tessera_lab_${randomBytes(4).toString('hex')}`;
    try {
      await checkSchemaPicked(app, id, schema, [`CREATE SCHEMA ${schema}`, `CREATE TABLE ${schema}.only_here AS SELECT 7 AS v`]);
      const est = await app.api('POST', '/api/v1/sqllab/estimate/', { body: { database_id: id, sql: 'SELECT * FROM only_here', schema } });
      expect(est.status, JSON.stringify(est.body)).toBe(200);
      expect(est.body.result[0]).toMatchObject({ 'Total cost': expect.any(Number) });
    } finally {
      await app.api('POST', '/api/v1/sqllab/execute/', { body: { database_id: id, sql: `DROP SCHEMA IF EXISTS ${schema} CASCADE` } });
    }
  });

  it('stops pg_sleep in the engine', async () => {
    await stopLongQuery(app, id, 'SELECT pg_sleep(30)', 'pgstop00001');
  });
});

describe.skipIf(!services.mysql)('SQL Lab on MariaDB/MySQL', () => {
  let app: TestApp;
  let id: number;
  beforeAll(async () => {
    app = await startTestApp({ DISALLOWED_SQL_FUNCTIONS: '{"mysql": []}' });
    id = await createDb(app, 'maria', services.mysql!);
  });
  afterAll(async () => app?.close());

  it('runs a query', async () => {
    const res = await app.api('POST', '/api/v1/sqllab/execute/', { body: { database_id: id, sql: 'SELECT 1 AS a LIMIT 10' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([{ a: 1 }]);
  });

  it('runs in the schema (database) picked', async () => {
    const schema = `tessera_lab_${randomBytes(4).toString('hex')}`;
    try {
      await checkSchemaPicked(app, id, schema, [`CREATE DATABASE ${schema}`, `CREATE TABLE ${schema}.only_here AS SELECT 7 AS v`]);
    } finally {
      await app.api('POST', '/api/v1/sqllab/execute/', { body: { database_id: id, sql: `DROP DATABASE IF EXISTS ${schema}` } });
    }
  });

  it('stops SLEEP in the engine', async () => {
    await stopLongQuery(app, id, 'SELECT SLEEP(30)', 'mystop00001');
  });
});

describe.skipIf(!services.redis)('SQL Lab async on BullMQ + Redis results', () => {
  let app: TestApp;
  let id: number;
  beforeAll(async () => {
    app = await startTestApp({ REDIS_URL: services.redis! });
    const file = path.join(app.filesDir, 'q.duckdb');
    (await DuckDBInstance.create(file)).closeSync();
    id = await createDb(app, 'duck', `duckdb:///${file}`);
  });
  afterAll(async () => app?.close());

  it('runs through the queue and stores results in Redis', async () => {
    const run = await app.api('POST', '/api/v1/sqllab/execute/', { body: { database_id: id, sql: 'SELECT range AS i FROM range(25)', runAsync: true, client_id: 'bullmq00001' } });
    expect(run.status).toBe(202);
    expect(run.body.query.state).toBe('pending');
    const done = await waitFor(app, 'bullmq00001', ['success', 'failed']);
    expect(done.state).toBe('success');
    const stored = await app.ctx.redis!.exists(`tessera:sqllab:result:${done.resultsKey}`);
    expect(stored).toBe(1);
    const res = await fetch(`${app.url}/api/v1/sqllab/results/?q=(key:'${done.resultsKey}')&format=arrow`, { headers: { authorization: `Bearer ${await app.token()}` } });
    expect(tableFromIPC(new Uint8Array(await res.arrayBuffer())).numRows).toBe(25);
  });

  it('serves a big result in two steps across the queue: head, then the whole result', async () => {
    const sql = "SELECT range AS i, 'r' || (range % 5) AS s FROM range(30000)";
    const run = await app.api('POST', '/api/v1/sqllab/execute/', { body: { database_id: id, sql, runAsync: true, queryLimit: 100000, client_id: 'bullmqbig01' } });
    expect(run.status).toBe(202);
    const done = await waitFor(app, 'bullmqbig01', ['success', 'failed']);
    expect(done.state).toBe('success');
    const get = async (q: string) =>
      new Uint8Array(await (await fetch(`${app.url}/api/v1/sqllab/results/?q=${q}&format=arrow`, { headers: { authorization: `Bearer ${await app.token()}` } })).arrayBuffer());
    const head = tableFromIPC(await get(`(key:'${done.resultsKey}',rows:500)`));
    expect(head.numRows).toBe(500);
    expect(Number(head.getChild('i')!.get(499))).toBe(499);
    const whole = tableFromIPC(await get(`(key:'${done.resultsKey}')`));
    expect(whole.numRows).toBe(30000);
    expect(whole.getChild('s')!.get(29999)).toBe('r4');
    // Once the whole result is stored, its head is gone from Redis.
    expect(await app.ctx.redis!.exists(`tessera:sqllab:result:${done.resultsKey}:head`)).toBe(0);
  });

  it('stops a queued DuckDB run', async () => {
    await stopLongQuery(app, id, 'SELECT sum(hash(range)) FROM range(100000000000)', 'bullstop001');
  });
});

if (!services.postgres) skipNotice('SQL Lab PostgreSQL', 'TESSERA_TEST_POSTGRES_URL');
if (!services.mysql) skipNotice('SQL Lab MariaDB', 'TESSERA_TEST_MYSQL_URL');
if (!services.redis) skipNotice('SQL Lab BullMQ', 'TESSERA_TEST_REDIS_URL');
