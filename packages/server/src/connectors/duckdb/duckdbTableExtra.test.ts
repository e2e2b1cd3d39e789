import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectorHandle } from '../types.js';
import { duckdbConnector } from './duckdbConnector.js';

describe('DuckDB table extra', () => {
  let dir: string;
  let handle: ConnectorHandle;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-duckdb-extra-'));
    const file = path.join(dir, 'extra.duckdb');
    const instance = await DuckDBInstance.create(file);
    const conn = await instance.connect();
    await conn.run(`
      CREATE SCHEMA "Other Schema";
      CREATE TABLE events (id INTEGER, ts TIMESTAMP, kind VARCHAR);
      CREATE INDEX ix_events_ts ON events(ts);
      INSERT INTO events SELECT range, TIMESTAMP '2024-01-01' + INTERVAL (range) MINUTE, 'k' FROM range(1500);
      COMMENT ON TABLE events IS 'raw events';
      CREATE VIEW recent AS SELECT id FROM events WHERE id > 10;
      CREATE TABLE "Other Schema"."it's" (a INTEGER);
    `);
    conn.closeSync();
    instance.closeSync();
    handle = await duckdbConnector.open(
      { engine: 'duckdb', scheme: 'duckdb', driver: 'duckdb_engine', host: null, port: null, username: null, password: null, database: file, query: {}, filePath: file },
      { readOnly: true, connectArgs: {}, serverCert: null },
    );
  });

  afterAll(async () => {
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('describes a table: kind, comment, row estimate and columns', async () => {
    const extra = await handle.getTableExtra('main', 'events');
    expect(extra).toEqual({
      metadata: { Type: 'table', Comment: 'raw events', 'Estimated rows': '1,500', Columns: '3' },
    });
  });

  it('describes a view without row or index facts', async () => {
    expect(await handle.getTableExtra('main', 'recent')).toEqual({ metadata: { Type: 'view', Columns: '1' } });
  });

  it('binds names: quotes in a schema or table name are data', async () => {
    expect(await handle.getTableExtra('Other Schema', "it's")).toEqual({
      metadata: { Type: 'table', 'Estimated rows': '0', Columns: '1' },
    });
    expect(await handle.getTableExtra('main', "events' OR '1'='1")).toEqual({});
    expect(await handle.getTableExtra('nosuch', 'events')).toEqual({});
  });
});
