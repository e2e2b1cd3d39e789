import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCancelledError } from '../connectorError.js';
import { errorOf } from '../__tests__/errorTypeOf.js';
import { runGrains } from '../__tests__/timeGrainCases.js';
import { specFromUri } from '../registry.js';
import type { ConnectionSpec, ConnectorHandle, OpenOptions } from '../types.js';
import { postgresConnector } from './postgresConnector.js';

const url = process.env.TESSERA_TEST_POSTGRES_URL;
if (!url) console.info('PostgreSQL suite skipped: set TESSERA_TEST_POSTGRES_URL to run it');

const OPTIONS: OpenOptions = { readOnly: false, connectArgs: {}, serverCert: null };

/** Opens, tests and closes: how test_connection uses a connector. */
async function tryConnect(spec: ConnectionSpec) {
  const handle = await postgresConnector.open(spec, OPTIONS);
  try {
    await handle.testConnection();
  } finally {
    await handle.close();
  }
}

describe.skipIf(!url)('PostgreSQL connector (real server)', () => {
  const suffix = randomBytes(4).toString('hex');
  const schema = `tessera_conn_${suffix}`;
  let base: ConnectionSpec;
  let admin: pg.Client;
  let handle: ConnectorHandle;

  beforeAll(async () => {
    base = specFromUri(url!);
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`
      CREATE SCHEMA ${schema};
      CREATE TABLE ${schema}.parents (id integer PRIMARY KEY, "Name" varchar(20));
      CREATE TABLE ${schema}.children (
        id bigint, line int, parent_id integer REFERENCES ${schema}.parents(id) ON DELETE CASCADE,
        ts timestamp, tstz timestamptz, d date, amount numeric(12,2), doc jsonb, tags text[], raw bytea,
        PRIMARY KEY (id, line));
      CREATE INDEX ix_children_ts ON ${schema}.children (ts);
      CREATE UNIQUE INDEX ux_children_amount ON ${schema}.children (amount, id);
      CREATE VIEW ${schema}.parent_names AS SELECT "Name" FROM ${schema}.parents;
      COMMENT ON TABLE ${schema}.parents IS 'the parents';
      COMMENT ON COLUMN ${schema}.parents."Name" IS 'display name';
      INSERT INTO ${schema}.parents VALUES (1, 'a');
      INSERT INTO ${schema}.children VALUES
        (9007199254740993, 1, 1, '2024-03-13 14:37:43.5', '2024-03-13 14:37:43+00', '2024-03-13', 1234.5, '{"k": [1, 2]}', '{x,y}', '\\x0102');
    `);
    handle = await postgresConnector.open(base, OPTIONS);
  });

  afterAll(async () => {
    await handle?.close();
    await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin?.end();
  });

  it('connects and lists schemas, tables and views', async () => {
    await handle.testConnection();
    expect(await handle.getSchemas()).toEqual(expect.arrayContaining(['public', schema]));
    expect(await handle.getTables(schema)).toEqual([
      { name: 'children', type: 'table' },
      { name: 'parent_names', type: 'view' },
      { name: 'parents', type: 'table' },
    ]);
  });

  it('reads columns, keys, indexes and comments', async () => {
    const parents = await handle.getTableMetadata(schema, 'parents');
    expect(parents?.comment).toBe('the parents');
    expect(parents?.columns).toEqual([
      { name: 'id', type: 'INTEGER', nullable: false, comment: null },
      { name: 'Name', type: 'CHARACTER VARYING(20)', nullable: true, comment: 'display name' },
    ]);
    const children = await handle.getTableMetadata(schema, 'children');
    expect(children?.primaryKey).toEqual({ name: 'children_pkey', columns: ['id', 'line'] });
    expect(children?.foreignKeys).toEqual([
      {
        name: 'children_parent_id_fkey',
        columns: ['parent_id'],
        referredSchema: schema,
        referredTable: 'parents',
        referredColumns: ['id'],
        options: { ondelete: 'CASCADE' },
      },
    ]);
    expect(children?.indexes).toEqual([
      { name: 'ix_children_ts', columns: ['ts'], unique: false },
      { name: 'ux_children_amount', columns: ['amount', 'id'], unique: true },
    ]);
    expect(await handle.getTableMetadata(schema, 'nope')).toBeNull();
    expect(await handle.selectStar(schema, 'parents', 10)).toBe(`SELECT\n  id,\n  "Name"\nFROM ${schema}.parents\nLIMIT 10`);
  });

  it('keeps big integers exact and temporals as the server prints them', async () => {
    const r = await handle.execute(
      `SELECT id, ts, tstz AT TIME ZONE 'UTC' AS utc, d, amount, doc, tags, raw, id * 10 AS big, sum(amount) OVER () AS total FROM ${schema}.children`,
    );
    expect(r.columns.map((c) => [c.name, c.type, c.genericType])).toEqual([
      ['id', 'BIGINT', 'Numeric'],
      ['ts', 'TIMESTAMP WITHOUT TIME ZONE', 'Temporal'],
      ['utc', 'TIMESTAMP WITHOUT TIME ZONE', 'Temporal'],
      ['d', 'DATE', 'Temporal'],
      ['amount', 'NUMERIC', 'Numeric'],
      ['doc', 'JSONB', 'String'],
      ['tags', 'TEXT[]', 'String'],
      ['raw', 'BYTEA', 'String'],
      ['big', 'BIGINT', 'Numeric'],
      ['total', 'NUMERIC', 'Numeric'],
    ]);
    expect(r.data.map((c) => c[0])).toEqual([
      9007199254740993n,
      '2024-03-13 14:37:43.5',
      '2024-03-13 14:37:43',
      '2024-03-13',
      1234.5,
      { k: [1, 2] },
      ['x', 'y'],
      '\\x0102',
      90071992547409930n,
      1234.5,
    ]);
  });

  it('stops keeping rows at the limit and reports DML counts', async () => {
    const r = await handle.execute('SELECT g FROM generate_series(1, 50) g', { limit: 5 });
    expect(r.data).toEqual([[1, 2, 3, 4, 5]]);
    expect(r.truncated).toBe(true);
    const dml = await handle.execute(`UPDATE ${schema}.parents SET "Name" = 'b'`);
    expect(dml.rowsAffected).toBe(1);
  });

  it('maps query errors to the catalogue', async () => {
    expect(await errorOf(handle.execute('SELEC 1'))).toMatchObject({
      type: 'SYNTAX_ERROR',
      message: 'Please check your query for syntax errors near "SELEC". Then, try running your query again.',
    });
    expect(await errorOf(handle.execute('SELECT * FROM nosuch_table'))).toMatchObject({
      type: 'TABLE_DOES_NOT_EXIST_ERROR',
      message: expect.stringContaining('"nosuch_table"'),
    });
    expect((await errorOf(handle.execute(`SELECT nocol FROM ${schema}.parents`)))?.type).toBe('COLUMN_DOES_NOT_EXIST_ERROR');
    expect((await errorOf(handle.execute('CREATE TABLE no_such_schema.t (a int)')))?.type).toBe('SCHEMA_DOES_NOT_EXIST_ERROR');
    expect((await errorOf(handle.execute('SELECT 1/0')))?.type).toBe('GENERIC_DB_ENGINE_ERROR');
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
    expect((await errorOf(tryConnect({ ...fast, port: 70000 })))?.type).toBe('CONNECTION_INVALID_PORT_ERROR');
    expect((await errorOf(tryConnect({ ...fast, host: null })))?.type).toBe('CONNECTION_MISSING_PARAMETERS_ERROR');
    expect(await errorOf(tryConnect({ ...fast, username: 'no_such_role_tessera' }))).toMatchObject({
      type: 'CONNECTION_INVALID_USERNAME_ERROR',
      message: 'The username "no_such_role_tessera" does not exist.',
    });
    expect(await errorOf(tryConnect({ ...fast, database: 'no_such_db_tessera' }))).toMatchObject({
      type: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
      message: 'Unable to connect to database "no_such_db_tessera".',
    });
    // This server trusts local connections, so a wrong password cannot be produced here (see errors.test.ts for 28P01).
  });

  it('maps a database the role may not connect to as a permissions error', async () => {
    const role = `tessera_noconnect_${suffix}`;
    const db = `tessera_perm_${suffix}`;
    await admin.query(`CREATE ROLE ${role} LOGIN`);
    await admin.query(`CREATE DATABASE ${db}`);
    await admin.query(`REVOKE CONNECT ON DATABASE ${db} FROM PUBLIC`);
    try {
      expect((await errorOf(tryConnect({ ...base, username: role, database: db })))?.type).toBe(
        'CONNECTION_DATABASE_PERMISSIONS_ERROR',
      );
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS ${role}`);
    }
  });

  it('cancels a running statement by backend pid and by abort signal', async () => {
    let key = '';
    // Caught at once: the rejection arrives while cancel() is still awaited.
    const running = handle.execute('SELECT pg_sleep(20)', { onCancelKey: (k) => (key = k) }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 300));
    expect(Number(key)).toBeGreaterThan(0);
    expect(await handle.cancel(key)).toBe(true);
    expect(await running).toBeInstanceOf(QueryCancelledError);

    const controller = new AbortController();
    const aborted = handle.execute('SELECT pg_sleep(20)', { signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    await expect(aborted).rejects.toBeInstanceOf(QueryCancelledError);
  });

  it('estimates cost with EXPLAIN', async () => {
    const [cost] = await handle.estimateCost!(`SELECT * FROM ${schema}.children`);
    expect(cost).toEqual({ 'Start-up cost': expect.any(Number), 'Total cost': expect.any(Number) });
  });

  it('runs with the schema given as search_path on the same client, then resets it', async () => {
    const before = (await handle.execute('SHOW search_path')).data[0]![0];
    expect((await errorOf(handle.execute('SELECT "Name" FROM parents')))?.type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    const expected = (await handle.execute(`SELECT "Name" FROM ${schema}.parents ORDER BY id`)).data;
    expect(expected[0]!.length).toBeGreaterThan(0);
    expect((await handle.execute('SELECT "Name" FROM parents ORDER BY id', { schema })).data).toEqual(expected);
    expect((await handle.execute('SELECT "Name" FROM parents ORDER BY id', { schema, limit: 100 })).data).toEqual(expected);
    const [cost] = await handle.estimateCost!('SELECT * FROM children', { schema });
    expect(cost).toEqual({ 'Start-up cost': expect.any(Number), 'Total cost': expect.any(Number) });
    expect((await errorOf(handle.execute('SELECT nocol FROM parents', { schema })))?.type).toBe('COLUMN_DOES_NOT_EXIST_ERROR');
    // Every pooled client is back to the connection's own search_path.
    const paths = await Promise.all([1, 2, 3, 4, 5].map(() => handle.execute('SHOW search_path')));
    expect(paths.map((r) => r.data[0]![0])).toEqual([before, before, before, before, before]);
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
