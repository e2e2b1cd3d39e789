import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCancelledError } from '../connectorError.js';
import { errorOf } from '../__tests__/errorTypeOf.js';
import { mysqlAdmin } from '../__tests__/mysqlAdmin.js';
import { runGrains } from '../__tests__/timeGrainCases.js';
import { specFromUri } from '../registry.js';
import type { ConnectionSpec, ConnectorHandle, OpenOptions } from '../types.js';
import { mysqlConnector } from './mysqlConnector.js';

const url = process.env.TESSERA_TEST_MYSQL_URL;
if (!url) console.info('MySQL suite skipped: set TESSERA_TEST_MYSQL_URL to run it');

const OPTIONS: OpenOptions = { readOnly: false, connectArgs: {}, serverCert: null };

async function tryConnect(spec: ConnectionSpec) {
  const handle = await mysqlConnector.open(spec, OPTIONS);
  try {
    await handle.testConnection();
  } finally {
    await handle.close();
  }
}

describe.skipIf(!url)('MySQL/MariaDB connector (real server)', () => {
  const suffix = randomBytes(4).toString('hex');
  const db = `tessera_conn_${suffix}`;
  const limitedUser = `tessera_lim_${suffix}`;
  let base: ConnectionSpec;
  let admin: mysql.Connection;
  let handle: ConnectorHandle;

  beforeAll(async () => {
    const server = specFromUri(url!);
    admin = await mysqlAdmin(url!);
    await admin.query(`
      CREATE DATABASE ${db};
      CREATE TABLE ${db}.parents (id INT PRIMARY KEY, name VARCHAR(20) COMMENT 'display name') COMMENT 'the parents';
      CREATE TABLE ${db}.children (
        id BIGINT, line INT, parent_id INT, ts DATETIME(3), d DATE, amount DECIMAL(12,2), note TEXT, raw VARBINARY(4),
        PRIMARY KEY (id, line), INDEX ix_children_ts (ts), UNIQUE INDEX ux_children_amount (amount, id),
        CONSTRAINT fk_children_parent FOREIGN KEY (parent_id) REFERENCES ${db}.parents (id) ON DELETE CASCADE);
      CREATE VIEW ${db}.parent_names AS SELECT name FROM ${db}.parents;
      INSERT INTO ${db}.parents VALUES (1, 'a');
      INSERT INTO ${db}.children VALUES (9007199254740993, 1, 1, '2024-03-13 14:37:43.5', '2024-03-13', 1234.5, 'hi', 0x0102);
      CREATE USER '${limitedUser}'@'127.0.0.1' IDENTIFIED BY 'limited-pass';
      CREATE USER '${limitedUser}'@'localhost' IDENTIFIED BY 'limited-pass';
    `);
    base = { ...server, database: db };
    handle = await mysqlConnector.open(base, OPTIONS);
  });

  afterAll(async () => {
    await handle?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${db}`);
    await admin?.query(`DROP USER IF EXISTS '${limitedUser}'@'127.0.0.1', '${limitedUser}'@'localhost'`);
    await admin?.end();
  });

  it('connects and lists schemas, tables and views', async () => {
    await handle.testConnection();
    expect(await handle.getSchemas()).toEqual(expect.arrayContaining([db, 'information_schema']));
    expect(await handle.getTables(db)).toEqual([
      { name: 'children', type: 'table' },
      { name: 'parent_names', type: 'view' },
      { name: 'parents', type: 'table' },
    ]);
  });

  it('reads columns, keys, indexes and comments', async () => {
    const parents = await handle.getTableMetadata(db, 'parents');
    expect(parents?.comment).toBe('the parents');
    expect(parents?.columns).toEqual([
      { name: 'id', type: 'INT(11)', nullable: false, comment: null },
      { name: 'name', type: 'VARCHAR(20)', nullable: true, comment: 'display name' },
    ]);
    const children = await handle.getTableMetadata(db, 'children');
    expect(children?.primaryKey).toEqual({ name: 'PRIMARY', columns: ['id', 'line'] });
    expect(children?.foreignKeys).toEqual([
      {
        name: 'fk_children_parent',
        columns: ['parent_id'],
        referredSchema: db,
        referredTable: 'parents',
        referredColumns: ['id'],
        options: { ondelete: 'CASCADE' },
      },
    ]);
    expect(children?.indexes).toEqual(
      expect.arrayContaining([
        { name: 'ix_children_ts', columns: ['ts'], unique: false },
        { name: 'ux_children_amount', columns: ['amount', 'id'], unique: true },
      ]),
    );
    expect(await handle.getTableMetadata(db, 'nope')).toBeNull();
    expect(await handle.selectStar(db, 'parents', 10)).toBe(`SELECT\n  id,\n  name\nFROM ${db}.parents\nLIMIT 10`);
  });

  it('keeps big integers exact and temporals as the server prints them', async () => {
    const r = await handle.execute(`SELECT id, ts, d, amount, note, raw, id * 10 AS big, SUM(amount) AS total FROM children GROUP BY id, line`);
    expect(r.columns.map((c) => [c.name, c.type, c.genericType])).toEqual([
      ['id', 'BIGINT', 'Numeric'],
      ['ts', 'DATETIME', 'Temporal'],
      ['d', 'DATE', 'Temporal'],
      ['amount', 'DECIMAL', 'Numeric'],
      ['note', 'TEXT', 'String'],
      ['raw', 'VARBINARY', 'String'],
      ['big', 'BIGINT', 'Numeric'],
      ['total', 'DECIMAL', 'Numeric'],
    ]);
    expect(r.data.map((c) => c[0])).toEqual([
      9007199254740993n,
      '2024-03-13 14:37:43.500',
      '2024-03-13',
      1234.5,
      'hi',
      '\\x0102',
      90071992547409930n,
      1234.5,
    ]);
  });

  it('stops keeping rows at the limit and reports DML counts', async () => {
    const r = await handle.execute('SELECT seq FROM seq_1_to_50', { limit: 5 });
    expect(r.data).toEqual([[1, 2, 3, 4, 5]]);
    expect(r.truncated).toBe(true);
    expect((await handle.execute(`UPDATE parents SET name = 'b'`)).rowsAffected).toBe(1);
  });

  it('maps query errors to the catalogue', async () => {
    expect(await errorOf(handle.execute('SELEC 1'))).toMatchObject({
      type: 'SYNTAX_ERROR',
      message: 'Please check your query for syntax errors near "SELEC 1". Then, try running your query again.',
    });
    expect(await errorOf(handle.execute('SELECT * FROM nosuch_table'))).toMatchObject({
      type: 'TABLE_DOES_NOT_EXIST_ERROR',
      message: expect.stringContaining('nosuch_table'),
    });
    expect(await errorOf(handle.execute('SELECT nocol FROM parents'))).toMatchObject({
      type: 'COLUMN_DOES_NOT_EXIST_ERROR',
      message: `We can't seem to resolve the column "nocol".`,
    });
  });

  it('maps connection failures to the catalogue', async () => {
    const fast = { ...base, query: { connect_timeout: '3' } };
    expect(await errorOf(tryConnect({ ...fast, host: 'nohost.invalid' }))).toMatchObject({
      type: 'CONNECTION_INVALID_HOSTNAME_ERROR',
      message: 'The hostname "nohost.invalid" cannot be resolved.',
    });
    expect(await errorOf(tryConnect({ ...fast, host: '127.0.0.1', port: 1 }))).toMatchObject({
      type: 'CONNECTION_PORT_CLOSED_ERROR',
      message: 'Port 1 on hostname "127.0.0.1" refused the connection.',
    });
    expect(await errorOf(tryConnect({ ...fast, password: 'wrong-password' }))).toMatchObject({
      type: 'CONNECTION_ACCESS_DENIED_ERROR',
      message: `Either the username "${base.username}" or the password is incorrect.`,
    });
    expect(await errorOf(tryConnect({ ...fast, database: 'no_such_db_tessera' }))).toMatchObject({
      type: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
      message: 'Unable to connect to database "no_such_db_tessera".',
    });
    expect(
      (await errorOf(tryConnect({ ...fast, host: '127.0.0.1', username: limitedUser, password: 'limited-pass', database: db })))?.type,
    ).toBe('CONNECTION_DATABASE_PERMISSIONS_ERROR');
  });

  it('kills a running statement by thread id and by abort signal', async () => {
    const heavy = "SELECT BENCHMARK(5000000000, MD5('tessera'))";
    let key = '';
    const running = handle.execute(heavy, { onCancelKey: (k) => (key = k) }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 300));
    expect(await handle.cancel(key)).toBe(true);
    expect(await running).toBeInstanceOf(QueryCancelledError);

    const controller = new AbortController();
    const aborted = handle.execute(heavy, { signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 300);
    expect(await aborted).toBeInstanceOf(QueryCancelledError);
  });

  it('runs with the schema given as the current database, then switches back', async () => {
    const other = `${db}_b`;
    await admin.query(`CREATE DATABASE ${other}; CREATE TABLE ${other}.only_b (v INT); INSERT INTO ${other}.only_b VALUES (7);`);
    const bare = await mysqlConnector.open({ ...base, database: null }, OPTIONS);
    try {
      expect((await errorOf(handle.execute('SELECT v FROM only_b')))?.type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
      expect((await handle.execute('SELECT v FROM only_b', { schema: other })).data).toEqual([[7]]);
      expect((await handle.execute('SELECT v FROM only_b', { schema: other, limit: 1 })).data).toEqual([[7]]);
      expect((await handle.execute('SELECT count(*) AS n FROM parents', { schema: db })).rowCount).toBe(1);
      expect((await errorOf(handle.execute('SELECT 1', { schema: `${db}_nosuch` })))?.type).toBe('SCHEMA_DOES_NOT_EXIST_ERROR');
      const current = await Promise.all([1, 2, 3, 4, 5].map(() => handle.execute('SELECT DATABASE() AS d')));
      expect(current.map((r) => r.data[0]![0])).toEqual([db, db, db, db, db]);
      // No database in the URI: a connection that switched cannot switch back, so it is not reused.
      expect((await bare.execute('SELECT v FROM only_b', { schema: other })).data).toEqual([[7]]);
      expect((await bare.execute('SELECT DATABASE() AS d')).data).toEqual([[null]]);
    } finally {
      await bare.close();
      await admin.query(`DROP DATABASE IF EXISTS ${other}`);
    }
  });

  it('computes every time grain as the reference does', async () => {
    const results = await runGrains(handle, (ts) => `TIMESTAMP '${ts}'`);
    expect(results.filter((r) => r.actual !== r.expected)).toEqual([]);
  });

  it('computes every time grain over DATE values too (sub-day grains give the midnight)', async () => {
    const results = await runGrains(handle, (ts) => `DATE '${ts.slice(0, 10)}'`, { dates: true });
    expect(results.filter((r) => r.actual !== r.expected)).toEqual([]);
  });
});
