import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../test/testApp.js';

/** Runs until stopped (minutes of DuckDB work): the chart query timeout below ends it. Not a sleep function. */
const SLOW_SQL = 'SELECT a.range AS x, b.range AS y FROM range(3000000) a CROSS JOIN range(20000) b';

let app: TestApp;
let dir: string;
let slowDataset: number;
let fastDataset: number;
let databaseId: number;
let alice: string;
let bob: string;

const chartData = (datasetId: number, label: string, token: string) =>
  app.api('POST', '/api/v1/chart/data', {
    token,
    body: {
      datasource: { id: datasetId, type: 'table' },
      force: true,
      // A label per request: identical requests in flight would share one engine run.
      queries: [{ metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(DISTINCT x + y)', label }], columns: [], row_limit: 10 }],
      result_format: 'json',
      result_type: 'full',
    },
  });

async function dataset(name: string, sql: string): Promise<number> {
  const res = await app.api('POST', '/api/v1/dataset/', { body: { database: databaseId, schema: 'main', table_name: name, sql } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tessera-fair-'));
  const file = path.join(dir, 'fair.duckdb');
  (await DuckDBInstance.create(file)).closeSync();
  // Short limits so the test ends quickly: queued queries give up after 2 s, running chart queries after 8 s.
  app = await startTestApp({ QUERY_QUEUE_TIMEOUT: '2', CHART_QUERY_TIMEOUT: '8', FILE_DATABASE_DIRS: dir });
  const db = await app.api('POST', '/api/v1/database/', { body: { database_name: 'fair', sqlalchemy_uri: `duckdb:///${file}` } });
  expect(db.status, JSON.stringify(db.body)).toBe(201);
  databaseId = db.body.id as number;
  slowDataset = await dataset('slow', SLOW_SQL);
  fastDataset = await dataset('fast', 'SELECT 1 AS x, 2 AS y');
  alice = await createUserWithRole(app, 'alice', 'Admin');
  bob = await createUserWithRole(app, 'bob', 'Admin');
});

afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("one user's slow queries do not stall the database's pool for others", () => {
  it("answers another user's chart and SQL Lab queries at once while one user's chart queries fill the pool, and refuses that user's extra queries with 429", async () => {
    // Four slow chart queries: the DuckDB pool has four connections, so before fair shares they took them all.
    const aliceRuns = [1, 2, 3, 4].map((i) => chartData(slowDataset, `n${i}`, alice));
    await new Promise((r) => setTimeout(r, 700));

    const began = Date.now();
    const [bobChart, bobSql] = await Promise.all([
      chartData(fastDataset, 'n', bob),
      app.api('POST', '/api/v1/sqllab/execute/', { token: bob, body: { database_id: databaseId, sql: 'SELECT 42 AS answer' } }),
    ]);
    const waited = Date.now() - began;
    expect(bobChart.status, JSON.stringify(bobChart.body)).toBe(200);
    expect(bobChart.body.result[0].data).toEqual([{ n: 1 }]);
    expect(bobSql.status, JSON.stringify(bobSql.body)).toBe(200);
    expect(bobSql.body.data).toEqual([{ answer: 42 }]);
    expect(waited).toBeLessThan(1500);

    const answers = await Promise.all(aliceRuns);
    const statuses = answers.map((a) => a.status).sort();
    // Two ran (and hit the chart timeout); the two beyond Alice's share waited 2 s in the queue and were refused.
    expect(statuses).toEqual([408, 408, 429, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.message).toMatch(/^You have too many queries running on this database/);
    expect(refused.body.errors[0]).toMatchObject({ error_type: 'BACKEND_TIMEOUT_ERROR', extra: { reason: 'too_many_queries_per_user', max_per_user: 2 } });
  }, 30_000);
});
