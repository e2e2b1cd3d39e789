import { randomBytes } from 'node:crypto';
import type mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mysqlAdmin } from '../../connectors/__tests__/mysqlAdmin.js';
import { services, skipNotice, startTestApp, type TestApp } from '../../test/testApp.js';

/**
 * A database without DML refuses writes also when they hide in a function a SELECT calls, in SQL Lab and in
 * chart data; charts never write, even on a database that allows DML.
 */
async function createDb(app: TestApp, name: string, uri: string, flags: Record<string, boolean>): Promise<number> {
  const res = await app.api('POST', '/api/v1/database/', { body: { database_name: name, sqlalchemy_uri: uri, ...flags } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

const sqlLab = (app: TestApp, databaseId: number, sql: string, schema?: string) =>
  app.api('POST', '/api/v1/sqllab/execute/', { body: { database_id: databaseId, sql, json: true, ...(schema ? { schema } : {}) } });

/** A chart query over a table with one metric written as SQL (what an explorer may type). */
async function chartWithMetric(app: TestApp, databaseId: number, schema: string, table: string, metric: string) {
  const dataset = await app.api('POST', '/api/v1/dataset/', { body: { database: databaseId, schema, table_name: table } });
  expect(dataset.status, JSON.stringify(dataset.body)).toBe(201);
  return app.api('POST', '/api/v1/chart/data', {
    body: {
      datasource: { id: dataset.body.id, type: 'table' },
      queries: [{ metrics: [{ expressionType: 'SQL', sqlExpression: metric, label: 'm' }], columns: [], row_limit: 10 }],
      result_type: 'full',
      result_format: 'json',
      force: true,
    },
  });
}

describe.skipIf(!services.postgres)('PostgreSQL databases without DML', () => {
  const schema = `tessera_rodb_${randomBytes(4).toString('hex')}`;
  let app: TestApp;
  let admin: pg.Client;
  const largeObjects = async () => Number((await admin.query('SELECT count(*) AS n FROM pg_largeobject_metadata')).rows[0].n);

  beforeAll(async () => {
    app = await startTestApp();
    admin = new pg.Client({ connectionString: services.postgres! });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.t (a int); INSERT INTO ${schema}.t VALUES (1);`);
  });

  afterAll(async () => {
    await app?.close();
    await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin?.end();
  });

  it('refuse lo_from_bytea in SQL Lab, also when CTAS makes the connection writable, and create no large object', async () => {
    const before = await largeObjects();
    for (const [name, flags] of [
      ['pg_read', {}],
      ['pg_ctas', { allow_ctas: true }],
    ] as const) {
      const id = await createDb(app, name, services.postgres!, flags);
      for (const sql of ["SELECT lo_from_bytea(0, 'x'::bytea)", "SELECT lo_from_bytea(0, 'x'::bytea) AS o FROM t"]) {
        const res = await sqlLab(app, id, sql, schema);
        expect(res.status, `${name}: ${sql}`).toBe(400);
      }
      expect(await largeObjects(), name).toBe(before);
      // Reads still work.
      expect((await sqlLab(app, id, 'SELECT a FROM t', schema)).body.data).toEqual([{ a: 1 }]);
    }
  });

  it('still write where DML is allowed, but never from a chart', async () => {
    const id = await createDb(app, 'pg_dml', services.postgres!, { allow_dml: true });
    const before = await largeObjects();
    const made = await sqlLab(app, id, "SELECT lo_from_bytea(0, 'x'::bytea) AS o");
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(await largeObjects()).toBe(before + 1);
    await admin.query('SELECT lo_unlink($1)', [made.body.data[0].o]);
    expect((await sqlLab(app, id, `INSERT INTO ${schema}.t VALUES (2)`)).status).toBe(200);
    const chart = await chartWithMetric(app, id, schema, 't', "COUNT(lo_from_bytea(0, 'x'::bytea))");
    expect(chart.status, JSON.stringify(chart.body)).toBe(400);
    expect(await largeObjects()).toBe(before);
  });
});

describe.skipIf(!services.mysql)('MySQL/MariaDB databases without DML', () => {
  const db = `tessera_rodb_${randomBytes(4).toString('hex')}`;
  let app: TestApp;
  let admin: mysql.Connection;
  let uri: string;
  const rowsOfT = async () => Number(((await admin.query(`SELECT count(*) AS n FROM ${db}.t`))[0] as { n: number }[])[0]!.n);

  beforeAll(async () => {
    app = await startTestApp();
    admin = await mysqlAdmin(services.mysql!);
    await admin.query(`CREATE DATABASE ${db}; CREATE TABLE ${db}.t (a INT) ENGINE=InnoDB;`);
    await admin.query(`CREATE FUNCTION ${db}.sneaky() RETURNS INT MODIFIES SQL DATA BEGIN INSERT INTO ${db}.t VALUES (1); RETURN 1; END`);
    const url = new URL(services.mysql!);
    url.pathname = `/${db}`;
    uri = url.toString();
  });

  afterAll(async () => {
    await app?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${db}`);
    await admin?.end();
  });

  it('refuse a stored function that writes in SQL Lab', async () => {
    for (const [name, flags] of [
      ['my_read', {}],
      ['my_ctas', { allow_ctas: true }],
    ] as const) {
      const id = await createDb(app, name, uri, flags);
      const res = await sqlLab(app, id, 'SELECT sneaky() AS x');
      expect(res.status, name).toBe(400);
      expect(await rowsOfT(), name).toBe(0);
      expect((await sqlLab(app, id, 'SELECT count(*) AS n FROM t')).body.data).toEqual([{ n: 0 }]);
    }
  });

  it('still write where DML is allowed, but never from a chart', async () => {
    const id = await createDb(app, 'my_dml', uri, { allow_dml: true });
    const res = await sqlLab(app, id, 'SELECT sneaky() AS x');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await rowsOfT()).toBe(1);
    const chart = await chartWithMetric(app, id, db, 't', 'MAX(sneaky())');
    expect(chart.status, JSON.stringify(chart.body)).toBe(400);
    expect(await rowsOfT()).toBe(1);
  });
});

if (!services.postgres) skipNotice('PostgreSQL read-only databases', 'TESSERA_TEST_POSTGRES_URL');
if (!services.mysql) skipNotice('MySQL read-only databases', 'TESSERA_TEST_MYSQL_URL');
