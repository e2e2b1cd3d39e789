import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';

let app: TestApp;
let dbId: number;
let analyst: string;

const exec = (sql: string, token?: string) =>
  app.api('POST', '/api/v1/sqllab/execute/', { body: { database_id: dbId, sql, schema: 'main', json: true }, ...(token ? { token } : {}) });

beforeAll(async () => {
  app = await startTestApp();
  const file = path.join(app.filesDir, 'shop.duckdb');
  const instance = await DuckDBInstance.create(file);
  const conn = await instance.connect();
  await conn.run("CREATE TABLE main.orders AS SELECT range AS id FROM range(3); CREATE SCHEMA hr; CREATE TABLE hr.salaries AS SELECT 'ceo' AS who, 1000000 AS amount");
  conn.closeSync();
  instance.closeSync();
  const db = await app.api('POST', '/api/v1/database/', { body: { database_name: 'shop', sqlalchemy_uri: `duckdb:///${file}`, expose_in_sqllab: true } });
  expect(db.status, JSON.stringify(db.body)).toBe(201);
  dbId = db.body.id as number;

  // An analyst role: SQL Lab's permissions plus access to the `main` schema of `shop` only.
  await app.security.registerPermission('schema_access', '[shop].[main]');
  const roles = (await app.api('GET', '/api/v1/security/roles/?q=(page_size:100)')).body.result as { id: number; name: string }[];
  const sqlLab = roles.find((r) => r.name === 'sql_lab')!;
  const granted = (await app.api('GET', `/api/v1/security/roles/${sqlLab.id}/permissions/`)).body.result as { id: number }[];
  const views = (await app.api('GET', '/api/v1/security/permissions-resources/')).body.result as { id: number; permission_name: string; view_menu_name: string }[];
  const schemaAccess = views.find((v) => v.permission_name === 'schema_access' && v.view_menu_name === '[shop].[main]')!;
  const created = await app.api('POST', '/api/v1/security/roles/', { body: { name: 'analyst' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const set = await app.api('POST', `/api/v1/security/roles/${created.body.id}/permissions`, {
    body: { permission_view_menu_ids: [...granted.map((g) => g.id), schemaAccess.id] },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  analyst = await createUserWithRole(app, 'analyst_user', 'analyst');
});

afterAll(async () => {
  await app?.close();
});

describe('table-level access in SQL Lab', () => {
  it('runs queries over tables of a granted schema', async () => {
    const res = await exec('SELECT count(*) AS n FROM orders', analyst);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([{ n: 3 }]);
  });

  it('refuses a table of another schema with TABLE_SECURITY_ACCESS_ERROR naming it, however it is hidden', async () => {
    for (const sql of [
      'SELECT * FROM hr.salaries',
      'SELECT o.id FROM orders o JOIN hr.salaries s ON true',
      'WITH x AS (SELECT * FROM "hr"."salaries") SELECT * FROM x',
      'SELECT * FROM orders WHERE id IN (SELECT amount FROM hr.salaries)',
    ]) {
      const res = await exec(sql, analyst);
      expect(res.status, sql).toBe(403);
      expect(res.body.errors[0]).toMatchObject({ error_type: 'TABLE_SECURITY_ACCESS_ERROR' });
      expect(res.body.errors[0].message).toContain('`hr.salaries`');
    }
  });

  it('lets users with database access query any table', async () => {
    const res = await exec('SELECT who FROM hr.salaries');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ who: 'ceo' }]);
  });
});
