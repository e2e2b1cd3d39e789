import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectorError } from '../connectorError.js';
import { runGrains } from '../__tests__/timeGrainCases.js';
import type { ConnectorHandle, OpenOptions } from '../types.js';
import { sqliteConnector } from './sqliteConnector.js';

const RO: OpenOptions = { readOnly: true, connectArgs: {}, serverCert: null };

const specFor = (file: string) => ({
  engine: 'sqlite' as const,
  scheme: 'sqlite',
  driver: 'pysqlite',
  host: null,
  port: null,
  username: null,
  password: null,
  database: file,
  query: {},
  filePath: file,
});

describe('SQLite connector', () => {
  let dir: string;
  let file: string;
  let handle: ConnectorHandle;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-sqlite-'));
    file = path.join(dir, 'shop.sqlite');
    const db = new Database(file);
    db.exec(`
      CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
      CREATE TABLE orders (
        id INTEGER, line INTEGER, customer_id INTEGER REFERENCES customers ON DELETE CASCADE,
        ordered_at DATETIME, total NUMERIC(10,2), PRIMARY KEY (id, line));
      CREATE INDEX ix_orders_date ON orders(ordered_at);
      CREATE UNIQUE INDEX ux_orders_total ON orders(total, id);
      CREATE VIEW big_orders AS SELECT * FROM orders WHERE total > 100;
      INSERT INTO customers VALUES (1, 'ada');
      INSERT INTO orders VALUES (9007199254740993, 1, 1, '2024-03-13 14:37:43', 150.5), (2, 1, 1, NULL, 3);
    `);
    db.close();
    handle = await sqliteConnector.open(specFor(file), RO);
  });

  afterAll(async () => {
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists schemas, tables and views', async () => {
    expect(await handle.getSchemas()).toEqual(['main']);
    expect(await handle.getTables('main')).toEqual([
      { name: 'big_orders', type: 'view' },
      { name: 'customers', type: 'table' },
      { name: 'orders', type: 'table' },
    ]);
  });

  it('reads composite keys, foreign keys (implicit target) and indexes', async () => {
    const orders = await handle.getTableMetadata('main', 'orders');
    expect(orders?.primaryKey).toEqual({ name: null, columns: ['id', 'line'] });
    expect(orders?.foreignKeys).toEqual([
      {
        name: null,
        columns: ['customer_id'],
        referredSchema: 'main',
        referredTable: 'customers',
        referredColumns: ['id'],
        options: { ondelete: 'CASCADE' },
      },
    ]);
    expect(orders?.indexes).toEqual([
      { name: 'ix_orders_date', columns: ['ordered_at'], unique: false },
      { name: 'ux_orders_total', columns: ['total', 'id'], unique: true },
    ]);
    expect(orders?.columns.map((c) => c.type)).toEqual(['INTEGER', 'INTEGER', 'INTEGER', 'DATETIME', 'NUMERIC(10,2)']);
    expect(await handle.getTableMetadata('main', 'missing')).toBeNull();
  });

  it('executes with exact integers, limits and typed columns', async () => {
    const r = await handle.execute('SELECT id, ordered_at, total, id + 1 AS next FROM orders ORDER BY id DESC', { limit: 1 });
    expect(r.columns.map((c) => [c.name, c.genericType])).toEqual([
      ['id', 'Numeric'],
      ['ordered_at', 'Temporal'],
      ['total', 'Numeric'],
      ['next', 'Numeric'],
    ]);
    expect(r.data.map((c) => c[0])).toEqual([9007199254740993n, '2024-03-13 14:37:43', 150.5, 9007199254740994n]);
    expect(r.truncated).toBe(true);
  });

  it('maps errors to the catalogue', async () => {
    const typeOf = (sql: string) => handle.execute(sql).then(() => null, (e: ConnectorError) => e.errorType);
    expect(await typeOf('SELEC 1')).toBe('SYNTAX_ERROR');
    expect(await typeOf('SELECT * FROM nosuch')).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    expect(await typeOf('SELECT nocol FROM orders')).toBe('COLUMN_DOES_NOT_EXIST_ERROR');
    expect(await typeOf("INSERT INTO customers VALUES (2, 'x')")).toBe('GENERIC_DB_ENGINE_ERROR');
    const missing = await sqliteConnector.open(specFor(path.join(dir, 'nope.db')), RO).catch((e: ConnectorError) => e);
    expect((missing as ConnectorError).errorType).toBe('CONNECTION_UNKNOWN_DATABASE_ERROR');
  });

  it('gives a BOOLEAN column true/false, as its Boolean type says (SQLite stores 0/1)', async () => {
    const flagsFile = path.join(dir, 'flags.sqlite');
    const db = new Database(flagsFile);
    db.exec('CREATE TABLE flags (id INTEGER, flag BOOLEAN); INSERT INTO flags VALUES (1, 1), (2, 0), (3, NULL);');
    db.close();
    const flags = await sqliteConnector.open(specFor(flagsFile), RO);
    const result = await flags.execute('SELECT flag, flag + 0 AS n FROM flags ORDER BY id').finally(() => flags.close());
    expect(result.columns.map((c) => c.genericType)).toEqual(['Boolean', 'Numeric']);
    expect(result.data).toEqual([
      [true, false, null],
      [1, 0, null],
    ]);
  });

  it('computes every time grain as the reference does', async () => {
    const results = await runGrains(handle, (ts) => `'${ts}'`);
    expect(results.filter((r) => r.actual !== r.expected)).toEqual([]);
  });

  it('never keeps another file ATTACHed, and refuses writes to a statement that must only read', async () => {
    const other = path.join(dir, 'other.sqlite');
    const seed = new Database(other);
    seed.exec("CREATE TABLE secrets (v TEXT); INSERT INTO secrets VALUES ('hidden')");
    seed.close();
    const rw = await sqliteConnector.open(specFor(file), { readOnly: false, connectArgs: {}, serverCert: null });
    try {
      const attached = await rw.execute(`ATTACH DATABASE '${other}' AS m`).catch((e: unknown) => e);
      expect(attached).toMatchObject({ errorType: 'DATABASE_SECURITY_ACCESS_ERROR' });
      expect((await rw.execute('SELECT v FROM m.secrets').catch((e: unknown) => e)) instanceof ConnectorError).toBe(true);
      const before = (await rw.execute('SELECT count(*) AS n FROM customers')).data[0]![0];
      expect(await rw.execute("INSERT INTO customers (name) VALUES ('x')", { readOnly: true }).catch((e: unknown) => e)).toBeInstanceOf(ConnectorError);
      expect((await rw.execute('SELECT count(*) AS n FROM customers')).data[0]![0]).toBe(before);
      expect((await rw.execute("INSERT INTO customers (name) VALUES ('x')")).rowsAffected).toBe(1);
    } finally {
      await rw.close();
    }
  });

  it('computes every time grain over DATE values too (sub-day grains give the midnight)', async () => {
    const results = await runGrains(handle, (ts) => `'${ts.slice(0, 10)}'`, { dates: true });
    expect(results.filter((r) => r.actual !== r.expected)).toEqual([]);
  });
});
