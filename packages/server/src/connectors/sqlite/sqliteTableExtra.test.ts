import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectorHandle } from '../types.js';
import { sqliteConnector } from './sqliteConnector.js';
import { SQLITE_COUNT_CAP, sqliteTableExtra } from './sqliteTableExtra.js';

describe('SQLite table extra', () => {
  let dir: string;
  let handle: ConnectorHandle;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-sqlite-extra-'));
    const file = path.join(dir, 'extra.sqlite');
    const db = new Database(file);
    db.exec(`
      CREATE TABLE plain (id INTEGER PRIMARY KEY, name TEXT);
      CREATE TABLE keyed (k TEXT PRIMARY KEY, v INTEGER) WITHOUT ROWID;
      CREATE TABLE typed (a INTEGER, b TEXT) STRICT;
      CREATE TABLE both_opts (k INTEGER PRIMARY KEY, v ANY) STRICT, WITHOUT ROWID;
      CREATE TABLE "it's big" (n INTEGER);
      CREATE VIEW plain_names AS SELECT name FROM plain;
      WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 25) INSERT INTO plain SELECT n, 'x' FROM r;
      INSERT INTO typed VALUES (1, 'a'), (2, 'b');
    `);
    db.prepare(`WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < ?) INSERT INTO "it's big" SELECT n FROM r`).run(
      SQLITE_COUNT_CAP + 5,
    );
    db.close();
    handle = await sqliteConnector.open(
      { engine: 'sqlite', scheme: 'sqlite', driver: 'pysqlite', host: null, port: null, username: null, password: null, database: file, query: {}, filePath: file },
      { readOnly: true, connectArgs: {}, serverCert: null },
    );
  });

  afterAll(async () => {
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts a small table and names WITHOUT ROWID and STRICT when present', async () => {
    expect(await handle.getTableExtra('main', 'plain')).toEqual({ metadata: { Type: 'table', Columns: '2', Rows: '25' } });
    expect(await handle.getTableExtra('main', 'keyed')).toEqual({
      metadata: { Type: 'table', Options: 'WITHOUT ROWID', Columns: '2', Rows: '0' },
    });
    expect(await handle.getTableExtra('main', 'typed')).toEqual({ metadata: { Type: 'table', Options: 'STRICT', Columns: '2', Rows: '2' } });
    expect((await handle.getTableExtra('main', 'both_opts')).metadata?.Options).toBe('WITHOUT ROWID, STRICT');
  });

  it('never counts past the cap, and never counts views', async () => {
    expect(await handle.getTableExtra('main', "it's big")).toEqual({ metadata: { Type: 'table', Columns: '1', Rows: 'over 10,000' } });
    expect(await handle.getTableExtra('main', 'plain_names')).toEqual({ metadata: { Type: 'view', Columns: '1' } });
  });

  it('prefers the ANALYZE estimate to counting', () => {
    const db = new Database(':memory:');
    try {
      db.exec(`
        CREATE TABLE t (id INTEGER PRIMARY KEY, g TEXT); CREATE INDEX ix_t_g ON t(g);
        CREATE TABLE u (a INTEGER);
        WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 40) INSERT INTO t SELECT n, 'g' || (n % 3) FROM r;
        INSERT INTO u VALUES (1), (2), (3);
        ANALYZE;
        INSERT INTO u VALUES (4);
      `);
      // t's rows come from its index statistics, u's from its own entry (stale on purpose: 3, not 4).
      expect(sqliteTableExtra(db, 'main', 't').metadata).toMatchObject({ 'Estimated rows': '40' });
      expect(sqliteTableExtra(db, 'main', 'u').metadata).toMatchObject({ 'Estimated rows': '3' });
      expect(sqliteTableExtra(db, 'main', 'u').metadata).not.toHaveProperty('Rows');
    } finally {
      db.close();
    }
  });

  it('answers nothing for a missing table or schema', async () => {
    expect(await handle.getTableExtra('main', 'nosuch')).toEqual({});
    expect(await handle.getTableExtra('nosuch', 'plain')).toEqual({});
  });
});
