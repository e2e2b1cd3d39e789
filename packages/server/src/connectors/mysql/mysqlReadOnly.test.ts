import { randomBytes } from 'node:crypto';
import type mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../__tests__/errorTypeOf.js';
import { mysqlAdmin } from '../__tests__/mysqlAdmin.js';
import { specFromUri } from '../registry.js';
import type { ConnectorHandle } from '../types.js';
import { mysqlConnector } from './mysqlConnector.js';

const url = process.env.TESSERA_TEST_MYSQL_URL;
if (!url) console.info('MySQL read-only suite skipped: set TESSERA_TEST_MYSQL_URL to run it');

/** Statements of a database without DML must not write, not even through a stored function a SELECT calls. */
describe.skipIf(!url)('MySQL/MariaDB read-only execution (real server)', () => {
  const db = `tessera_ro_${randomBytes(4).toString('hex')}`;
  let admin: mysql.Connection;
  let readOnly: ConnectorHandle;
  let writable: ConnectorHandle;

  const rowsOfT = async () => Number(((await admin.query(`SELECT count(*) AS n FROM ${db}.t`))[0] as { n: number }[])[0]!.n);

  beforeAll(async () => {
    admin = await mysqlAdmin(url!);
    await admin.query(`CREATE DATABASE ${db}; CREATE TABLE ${db}.t (a INT) ENGINE=InnoDB;`);
    // A function that writes, as a root user could have left one: SELECT is all it takes to call it.
    await admin.query(`CREATE FUNCTION ${db}.sneaky() RETURNS INT MODIFIES SQL DATA BEGIN INSERT INTO ${db}.t VALUES (1); RETURN 1; END`);
    const spec = { ...specFromUri(url!), database: db };
    readOnly = await mysqlConnector.open(spec, { readOnly: true, connectArgs: {}, serverCert: null });
    writable = await mysqlConnector.open(spec, { readOnly: false, connectArgs: {}, serverCert: null });
  });

  afterAll(async () => {
    await readOnly?.close();
    await writable?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${db}`);
    await admin?.end();
  });

  it('refuses writes made by stored functions on a database opened read-only', async () => {
    for (const sql of ['SELECT sneaky()', 'SELECT sneaky() AS x FROM (SELECT 1) AS one', 'INSERT INTO t VALUES (2)']) {
      expect(await errorOf(readOnly.execute(sql)), sql).not.toBeNull();
      expect(await errorOf(readOnly.execute(sql, { limit: 5, schema: db })), sql).not.toBeNull();
    }
    expect(await rowsOfT()).toBe(0);
    // The pooled connections are left usable.
    expect((await readOnly.execute('SELECT count(*) AS n FROM t')).data).toEqual([[0]]);
  });

  it('refuses them per statement on a writable database, which still writes when asked to', async () => {
    expect(await errorOf(writable.execute('SELECT sneaky()', { readOnly: true }))).not.toBeNull();
    expect(await rowsOfT()).toBe(0);
    expect((await writable.execute('SELECT sneaky() AS x')).data).toEqual([[1]]);
    expect((await writable.execute('INSERT INTO t VALUES (2)')).rowsAffected).toBe(1);
    expect(await rowsOfT()).toBe(2);
  });
});
