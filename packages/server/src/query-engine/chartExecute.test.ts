import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../app/httpErrors.js';
import { duckdbConnector } from '../connectors/duckdb/duckdbConnector.js';
import type { ConnectorHandle } from '../connectors/types.js';
import { executeChartSql } from './chartExecute.js';

const SLOW = 'SELECT count(*) FROM range(100000000000) a';

describe('executeChartSql', () => {
  let dir: string;
  let handle: ConnectorHandle;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-chart-execute-'));
    const file = path.join(dir, 'engine.duckdb');
    (await DuckDBInstance.create(file)).closeSync();
    const spec = { engine: 'duckdb' as const, scheme: 'duckdb', driver: 'duckdb_engine', host: null, port: null, username: null, password: null, database: file, query: {}, filePath: file };
    handle = await duckdbConnector.open(spec, { readOnly: true, connectArgs: {}, serverCert: null });
  });

  afterAll(async () => {
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 408 for a chart query that ran out of time, also when the time ran out while it waited for a connection', async () => {
    const outcome = (p: Promise<unknown>) => p.then(() => 'answered', (err: unknown) => (err instanceof ApiError ? err.statusCode : err));
    expect(await outcome(executeChartSql(handle, SLOW, 200))).toBe(408);

    // Every pooled connection (a DuckDB handle keeps four) busy: the chart query waits past its timeout, then must
    // stop as soon as it starts instead of running its whole course.
    const keys: string[] = [];
    const blockers = Array.from({ length: 4 }, () => handle.execute(SLOW, { onCancelKey: (k) => keys.push(k) }).catch(() => 'cancelled'));
    await new Promise((r) => setTimeout(r, 100));
    expect(keys).toHaveLength(4);
    const waiting = outcome(executeChartSql(handle, SLOW, 200));
    await new Promise((r) => setTimeout(r, 400));
    for (const key of keys) await handle.cancel(key);
    expect(await Promise.all(blockers)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    expect(await waiting).toBe(408);
  }, 20_000);
});
