import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../__tests__/errorTypeOf.js';
import { specFromUri } from '../registry.js';
import type { ConnectorHandle } from '../types.js';
import { postgresConnector } from './postgresConnector.js';

const url = process.env.TESSERA_TEST_POSTGRES_URL;
if (!url) console.info('PostgreSQL read-only suite skipped: set TESSERA_TEST_POSTGRES_URL to run it');

/** Statements of a database without DML must not write, not even through a function a SELECT calls. */
describe.skipIf(!url)('PostgreSQL read-only execution (real server)', () => {
  const schema = `tessera_ro_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client;
  let readOnly: ConnectorHandle;
  let writable: ConnectorHandle;

  const largeObjects = async () => Number((await admin.query('SELECT count(*) AS n FROM pg_largeobject_metadata')).rows[0].n);
  const rowsOfT = async () => Number((await admin.query(`SELECT count(*) AS n FROM ${schema}.t`)).rows[0].n);

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.t (a int); CREATE SEQUENCE ${schema}.s;`);
    readOnly = await postgresConnector.open(specFromUri(url!), { readOnly: true, connectArgs: {}, serverCert: null });
    writable = await postgresConnector.open(specFromUri(url!), { readOnly: false, connectArgs: {}, serverCert: null });
  });

  afterAll(async () => {
    await readOnly?.close();
    await writable?.close();
    await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin?.end();
  });

  it('refuses writes made by functions on a database opened read-only, and leaves nothing behind', async () => {
    const before = await largeObjects();
    for (const sql of [
      "SELECT lo_from_bytea(0, 'x'::bytea)",
      // Text after a COMMIT must not run outside the read-only transaction.
      "COMMIT; SELECT lo_from_bytea(0, 'x'::bytea)",
      "SET TRANSACTION READ WRITE; SELECT lo_from_bytea(0, 'x'::bytea)",
      `SELECT nextval('${schema}.s')`,
      `WITH w AS (INSERT INTO ${schema}.t VALUES (1) RETURNING a) SELECT * FROM w`,
    ]) {
      expect(await errorOf(readOnly.execute(sql)), sql).not.toBeNull();
      expect(await errorOf(readOnly.execute(sql, { limit: 10, schema })), sql).not.toBeNull();
    }
    expect(await largeObjects()).toBe(before);
    expect(await rowsOfT()).toBe(0);
    // The pooled connections are still usable, in the schema asked for and back in their default after.
    expect((await readOnly.execute('SELECT count(*)::int AS n FROM t', { schema })).data).toEqual([[0]]);
    expect((await readOnly.execute('SELECT 1 AS one')).data).toEqual([[1]]);
    expect(await errorOf(readOnly.execute('SELECT count(*) FROM t'))).toMatchObject({ type: 'TABLE_DOES_NOT_EXIST_ERROR' });
    expect(await readOnly.estimateCost!(`SELECT * FROM ${schema}.t`)).toHaveLength(1);
    expect(await errorOf(readOnly.estimateCost!(`SELECT 1; SELECT lo_from_bytea(0, 'x'::bytea)`))).not.toBeNull();
    expect(await largeObjects()).toBe(before);
  });

  it('refuses them per statement on a writable database, which still writes when asked to', async () => {
    const before = await largeObjects();
    expect(await errorOf(writable.execute("SELECT lo_from_bytea(0, 'x'::bytea)", { readOnly: true }))).not.toBeNull();
    expect(await largeObjects()).toBe(before);
    const made = await writable.execute("SELECT lo_from_bytea(0, 'x'::bytea) AS oid");
    expect(await largeObjects()).toBe(before + 1);
    await admin.query('SELECT lo_unlink($1)', [made.data[0]![0]]);
    expect((await writable.execute(`INSERT INTO ${schema}.t VALUES (1)`)).rowsAffected).toBe(1);
    expect(await rowsOfT()).toBe(1);
  });
});
