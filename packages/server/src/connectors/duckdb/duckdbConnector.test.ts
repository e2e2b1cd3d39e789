import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectorError, QueryCancelledError } from '../connectorError.js';
import { errorOf } from '../__tests__/errorTypeOf.js';
import { runGrains } from '../__tests__/timeGrainCases.js';
import type { ConnectorHandle, OpenOptions } from '../types.js';
import { duckdbConnector } from './duckdbConnector.js';
import { openDuckdbFiles } from './duckdbInstances.js';

const RO: OpenOptions = { readOnly: true, connectArgs: {}, serverCert: null };
const RW: OpenOptions = { readOnly: false, connectArgs: {}, serverCert: null };

const specFor = (file: string) => ({
  engine: 'duckdb' as const,
  scheme: 'duckdb',
  driver: 'duckdb_engine',
  host: null,
  port: null,
  username: null,
  password: null,
  database: file,
  query: {},
  filePath: file,
});

describe('DuckDB connector', () => {
  let dir: string;
  let file: string;
  let handle: ConnectorHandle;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-duckdb-'));
    file = path.join(dir, 'warehouse.duckdb');
    const instance = await DuckDBInstance.create(file);
    const conn = await instance.connect();
    await conn.run(`
      CREATE TABLE parents (id INTEGER PRIMARY KEY, "Name" VARCHAR);
      CREATE TABLE children (
        id BIGINT PRIMARY KEY, parent_id INTEGER REFERENCES parents(id), ts TIMESTAMP, amount DECIMAL(10,2),
        huge HUGEINT, flag BOOLEAN, tags VARCHAR[]);
      CREATE INDEX ix_children_ts ON children(ts);
      CREATE VIEW parent_names AS SELECT "Name" FROM parents;
      COMMENT ON TABLE parents IS 'the parents';
      COMMENT ON COLUMN parents."Name" IS 'display name';
      INSERT INTO parents VALUES (1, 'a'), (2, 'b');
      INSERT INTO children VALUES
        (9007199254740993, 1, '2024-03-13 14:37:43.123456', 12.5, 170141183460469231731687303715884105727, true, ['x', 'y']),
        (2, 2, NULL, NULL, NULL, NULL, NULL);
      INSERT INTO children SELECT 100 + range, 1, NULL, NULL, NULL, NULL, NULL FROM range(5000);
    `);
    conn.closeSync();
    instance.closeSync();
    handle = await duckdbConnector.open(specFor(file), RO);
  });

  afterAll(async () => {
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists schemas, tables and views', async () => {
    expect(await handle.getSchemas()).toEqual(['main']);
    expect(await handle.getTables('main')).toEqual([
      { name: 'children', type: 'table' },
      { name: 'parent_names', type: 'view' },
      { name: 'parents', type: 'table' },
    ]);
  });

  it('reads columns, keys, indexes and comments', async () => {
    const parents = await handle.getTableMetadata('main', 'parents');
    expect(parents?.comment).toBe('the parents');
    expect(parents?.columns).toEqual([
      { name: 'id', type: 'INTEGER', nullable: false, comment: null },
      { name: 'Name', type: 'VARCHAR', nullable: true, comment: 'display name' },
    ]);
    const children = await handle.getTableMetadata('main', 'children');
    expect(children?.primaryKey.columns).toEqual(['id']);
    expect(children?.foreignKeys).toEqual([
      expect.objectContaining({ columns: ['parent_id'], referredTable: 'parents', referredColumns: ['id'], referredSchema: 'main' }),
    ]);
    expect(children?.indexes).toEqual([{ name: 'ix_children_ts', columns: ['ts'], unique: false }]);
    expect(await handle.getTableMetadata('main', 'nope')).toBeNull();
  });

  it('builds a select-star with quoted names only where needed', async () => {
    expect(await handle.selectStar('main', 'parents', 100)).toBe('SELECT\n  id,\n  "Name"\nFROM main.parents\nLIMIT 100');
  });

  it('returns columnar results with exact big integers and engine text for temporals', async () => {
    const r = await handle.execute('SELECT id, ts, amount, huge, flag, tags FROM children WHERE id > 9000000000000000');
    expect(r.columns.map((c) => [c.name, c.type, c.genericType])).toEqual([
      ['id', 'BIGINT', 'Numeric'],
      ['ts', 'TIMESTAMP', 'Temporal'],
      ['amount', 'DECIMAL(10,2)', 'Numeric'],
      ['huge', 'HUGEINT', 'Numeric'],
      ['flag', 'BOOLEAN', 'Boolean'],
      ['tags', 'VARCHAR[]', 'String'],
    ]);
    expect(r.data.map((col) => col[0])).toEqual([
      9007199254740993n,
      '2024-03-13 14:37:43.123456',
      12.5,
      170141183460469231731687303715884105727n,
      true,
      ['x', 'y'],
    ]);
    expect(r.rowCount).toBe(1);
    expect(r.truncated).toBe(false);
  });


  it('names each column type in full, also when a type id comes back with other parameters', async () => {
    const sql = (n: number) => `SELECT 1.5::DECIMAL(${n},2) AS d, ['a'] AS l, 'x' AS s, TIMESTAMPTZ '2024-01-01 00:00:00+00' AS tz, ${n} AS i`;
    for (const reuse of [false, true]) {
      const first = await handle.execute(sql(10), { reuse });
      const second = await handle.execute(sql(18), { reuse });
      expect(first.columns.map((c) => c.type)).toEqual(['DECIMAL(10,2)', 'VARCHAR[]', 'VARCHAR', 'TIMESTAMP WITH TIME ZONE', 'INTEGER']);
      expect(second.columns.map((c) => c.type)).toEqual(['DECIMAL(18,2)', 'VARCHAR[]', 'VARCHAR', 'TIMESTAMP WITH TIME ZONE', 'INTEGER']);
      expect(second.columns.map((c) => c.genericType)).toEqual(['Numeric', 'String', 'String', 'Temporal', 'Numeric']);
    }
  });
  it('stops at the limit and says the result was cut', async () => {
    const r = await handle.execute('SELECT id FROM children ORDER BY id', { limit: 10 });
    expect(r.rowCount).toBe(10);
    expect(r.data[0]).toHaveLength(10);
    expect(r.truncated).toBe(true);
  });

  it('maps query errors to the catalogue', async () => {
    const typeOf = async (sql: string) => {
      try {
        await handle.execute(sql);
        return null;
      } catch (err) {
        return err instanceof ConnectorError ? [err.errorType, err.message] : ['?', String(err)];
      }
    };
    expect((await typeOf('SELEC 1'))?.[0]).toBe('SYNTAX_ERROR');
    expect(await typeOf('SELECT * FROM nosuch')).toEqual([
      'TABLE_DOES_NOT_EXIST_ERROR',
      'The table "nosuch" does not exist. A valid table must be used to run this query.',
    ]);
    expect((await typeOf('SELECT nocol FROM parents'))?.[0]).toBe('COLUMN_DOES_NOT_EXIST_ERROR');
    expect((await typeOf('SELECT * FROM nos.t'))?.[0]).toBe('SCHEMA_DOES_NOT_EXIST_ERROR');
    // Opened read-only: writes are refused by the engine.
    expect((await typeOf("INSERT INTO parents VALUES (3, 'c')"))?.[0]).toBe('GENERIC_DB_ENGINE_ERROR');
  });

  it('maps parser errors from the streaming API (limit set) as syntax errors', async () => {
    const err = await errorOf(handle.execute('SELEC 1', { limit: 10 }));
    expect(err?.type).toBe('SYNTAX_ERROR');
    expect(err?.message).toContain('near "SELEC"');
  });

  it('resolves unqualified names in the schema given, on the same connection, then restores it', async () => {
    const schemasFile = path.join(dir, 'schemas.duckdb');
    const instance = await DuckDBInstance.create(schemasFile);
    const conn = await instance.connect();
    await conn.run(`
      CREATE TABLE items AS SELECT 'main' AS src;
      CREATE SCHEMA s1;
      CREATE TABLE s1.items AS SELECT 's1' AS src;
      CREATE TABLE s1.only_s1 AS SELECT 7 AS v;
    `);
    conn.closeSync();
    instance.closeSync();
    const h = await duckdbConnector.open(specFor(schemasFile), RO);
    try {
      expect((await h.execute('SELECT v FROM only_s1', { schema: 's1' })).data).toEqual([[7]]);
      expect((await h.execute('SELECT src FROM items', { schema: 's1', limit: 5 })).data).toEqual([['s1']]);
      expect((await h.execute('SELECT src FROM items', { schema: 'main' })).data).toEqual([['main']]);
      // Restored: the pooled connection answers from main again.
      expect((await h.execute('SELECT src, current_schema() AS s FROM items')).data).toEqual([['main'], ['main']]);
      expect((await errorOf(h.execute('SELECT v FROM only_s1')))?.type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
      expect((await errorOf(h.execute('SELECT 1', { schema: 'nosuch' })))?.type).toBe('SCHEMA_DOES_NOT_EXIST_ERROR');
      expect((await errorOf(h.execute('SELEC 1', { schema: 's1', limit: 3 })))?.type).toBe('SYNTAX_ERROR');
      expect((await h.execute('SELECT current_schema() AS s')).data).toEqual([['main']]);
    } finally {
      await h.close();
    }
  });

  it('refuses to read server files through SQL', async () => {
    await expect(handle.execute("SELECT * FROM read_csv('/etc/hostname')")).rejects.toThrow(/disabled by configuration/);
  });

  it('computes every time grain as the reference does', async () => {
    const results = await runGrains(handle, (ts) => `TIMESTAMP '${ts}'`);
    expect(results.filter((r) => r.actual !== r.expected)).toEqual([]);
  });

  it('computes every time grain over DATE values too (sub-day grains give the midnight)', async () => {
    const results = await runGrains(handle, (ts) => `DATE '${ts.slice(0, 10)}'`, { dates: true });
    expect(results.filter((r) => r.actual !== r.expected)).toEqual([]);
  });

  it('interrupts a running query by cancel key and by abort signal', async () => {
    const slow = 'SELECT count(*) FROM range(100000000000) a';
    let key = '';
    // Caught at once: the rejection arrives while cancel() is still awaited.
    const running = handle.execute(slow, { onCancelKey: (k) => (key = k) }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 200));
    expect(await handle.cancel(key)).toBe(true);
    expect(await running).toBeInstanceOf(QueryCancelledError);

    const controller = new AbortController();
    const aborted = handle.execute(slow, { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    await expect(aborted).rejects.toBeInstanceOf(QueryCancelledError);
    expect(await handle.cancel('unknown')).toBe(false);
  });

  it('shares one instance per file and closes it with the last handle', async () => {
    const second = await duckdbConnector.open(specFor(file), RO);
    expect(openDuckdbFiles().filter((f) => f.endsWith('warehouse.duckdb'))).toHaveLength(1);
    // Writing needs the shared read-only instance to be closed first.
    await expect(duckdbConnector.open(specFor(file), RW)).rejects.toThrow(/already open read-only/);
    await second.close();
    expect(openDuckdbFiles().filter((f) => f.endsWith('warehouse.duckdb'))).toHaveLength(1);
  });

  it('opens read-write when writes are needed, and in memory', async () => {
    await handle.close();
    const rw = await duckdbConnector.open(specFor(file), RW);
    const r = await rw.execute("INSERT INTO parents VALUES (3, 'c')");
    expect(r.rowsAffected).toBe(1);
    await rw.close();
    handle = await duckdbConnector.open(specFor(file), RO);
    const mem = await duckdbConnector.open(specFor(':memory:'), RW);
    expect((await mem.execute('SELECT 42 AS answer')).data).toEqual([[42]]);
    await mem.close();
  });

  it('reports a missing file as an unknown database', async () => {
    const err = await duckdbConnector.open(specFor(path.join(dir, 'missing.duckdb')), RO).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectorError);
    expect((err as ConnectorError).errorType).toBe('CONNECTION_UNKNOWN_DATABASE_ERROR');
  });
});
