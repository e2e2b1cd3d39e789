import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import mysql from 'mysql2/promise';
import pg from 'pg';
import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app/buildApp.js';
import { loadConfig } from '../../app/config.js';
import { specFromUri, uriFromSpec } from '../../connectors/registry.js';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../test/testApp.js';

const pgUrl = process.env.TESSERA_TEST_POSTGRES_URL;
const mysqlUrl = process.env.TESSERA_TEST_MYSQL_URL;
if (!pgUrl) console.info('PostgreSQL suite skipped: set TESSERA_TEST_POSTGRES_URL to run it');
if (!mysqlUrl) console.info('MySQL suite skipped: set TESSERA_TEST_MYSQL_URL to run it');

const q = (value: unknown) => `?q=${encodeURIComponent(rison.encode(value))}`;
const withPassword = (url: string, password: string) => uriFromSpec({ ...specFromUri(url), password }, 'include');

/** The catalogue error a test_connection answers with. */
async function testConnectionError(app: TestApp, body: Record<string, unknown>) {
  const res = await app.api('POST', '/api/v1/database/test_connection/', { body });
  expect(res.status).toBe(422);
  expect(res.body.errors).toHaveLength(1);
  expect(res.body.errors[0].extra.issue_codes.length).toBeGreaterThan(0);
  return res.body.errors[0] as { error_type: string; message: string; extra: Record<string, unknown> };
}

describe.skipIf(!pgUrl)('database API against PostgreSQL', () => {
  const secret = `Pg-${randomBytes(6).toString('hex')}!`;
  const schema = `tessera_api_${randomBytes(4).toString('hex')}`;
  let app: TestApp;
  let admin: pg.Client;
  const responses: string[] = [];
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await app.api(method, url, body === undefined ? {} : { body });
    responses.push(JSON.stringify(res.body));
    return res;
  };

  beforeAll(async () => {
    app = await startTestApp();
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.orders (id int PRIMARY KEY); CREATE VIEW ${schema}.v AS SELECT 1 AS a`);
  });

  afterAll(async () => {
    await app?.close();
    await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin?.end();
  });

  it('stores the password encrypted, apart from the URI, and never shows it', async () => {
    // This server trusts local connections, so any password connects: what matters here is where it goes.
    const created = await call('POST', '/api/v1/database/', { database_name: 'pg', sqlalchemy_uri: withPassword(pgUrl!, secret) });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const masked = uriFromSpec({ ...specFromUri(pgUrl!), password: 'XXXXXXXXXX' }, 'include');
    expect(created.body.result.sqlalchemy_uri).toBe(masked);
    expect(created.body.result.parameters).toMatchObject({ password: 'XXXXXXXXXX', port: expect.any(Number) });

    await call('GET', `/api/v1/database/${id}`);
    await call('GET', '/api/v1/database/');
    await call('GET', `/api/v1/database/${id}/connection`);
    const row = await app.ctx.db.selectFrom('dbs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.sqlalchemy_uri).not.toContain(secret);
    expect(row.sqlalchemy_uri).toBe(uriFromSpec(specFromUri(pgUrl!), 'omit'));
    expect(row.password).not.toContain(secret);
    expect(app.ctx.secrets.decrypt(row.password!)).toBe(secret);

    // The masked URI sent back keeps the stored password; a URI without one removes it.
    const kept = await call('PUT', `/api/v1/database/${id}`, { sqlalchemy_uri: masked, allow_run_async: true });
    expect(kept.status).toBe(200);
    const afterKeep = await app.ctx.db.selectFrom('dbs').select('password').where('id', '=', id).executeTakeFirstOrThrow();
    expect(app.ctx.secrets.decrypt(afterKeep.password!)).toBe(secret);
    expect((await call('POST', '/api/v1/database/test_connection/', { database_name: 'pg', sqlalchemy_uri: masked })).body).toEqual({ message: 'OK' });

    const dynamic = await call('POST', '/api/v1/database/', {
      database_name: 'pg_form',
      engine: 'postgresql',
      configuration_method: 'dynamic_form',
      parameters: { ...specParams(pgUrl!), password: secret },
    });
    expect(dynamic.status).toBe(201);
    expect(dynamic.body.result.parameters.password).toBe('XXXXXXXXXX');

    for (const body of responses) expect(body).not.toContain(secret);
  });

  it('lists schemas and tables', async () => {
    const created = await app.api('POST', '/api/v1/database/', { body: { database_name: 'pg_meta', sqlalchemy_uri: pgUrl } });
    const id = created.body.id as number;
    const schemas = await app.api('GET', `/api/v1/database/${id}/schemas/`);
    expect(schemas.body.result).toEqual(expect.arrayContaining(['public', schema]));
    const tables = await app.api('GET', `/api/v1/database/${id}/tables/${q({ schema_name: schema })}`);
    expect(tables.body).toEqual({
      count: 2,
      result: [
        { value: 'orders', type: 'table', extra: null },
        { value: 'v', type: 'view', extra: null },
      ],
    });
    const meta = await app.api('GET', `/api/v1/database/${id}/table_metadata/?name=orders&schema=${schema}`);
    expect(meta.body).toMatchObject({ name: 'orders', primaryKey: { column_names: ['id'] }, selectStar: `SELECT\n  id\nFROM ${schema}.orders\nLIMIT 100` });
  });

  it('maps connection failures through test_connection', async () => {
    const base = specFromUri(pgUrl!);
    const uri = (changes: Record<string, unknown>) => uriFromSpec({ ...base, query: { connect_timeout: '3' }, ...changes }, 'include');
    expect(await testConnectionError(app, { sqlalchemy_uri: uri({ host: 'nohost.invalid' }) })).toMatchObject({
      error_type: 'CONNECTION_INVALID_HOSTNAME_ERROR',
      message: 'The hostname "nohost.invalid" cannot be resolved.',
      extra: { engine_name: 'PostgreSQL', invalid: ['host'] },
    });
    expect(await testConnectionError(app, { sqlalchemy_uri: uri({ host: '127.0.0.1', port: 1 }) })).toMatchObject({
      error_type: 'CONNECTION_PORT_CLOSED_ERROR',
      message: 'Port 1 on hostname "127.0.0.1" refused the connection.',
    });
    expect(await testConnectionError(app, { sqlalchemy_uri: uri({ database: 'no_such_database_x' }) })).toMatchObject({
      error_type: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
      message: 'Unable to connect to database "no_such_database_x".',
    });
    expect(await testConnectionError(app, { sqlalchemy_uri: uri({ username: 'no_such_user_x' }) })).toMatchObject({
      error_type: 'CONNECTION_INVALID_USERNAME_ERROR',
      message: 'The username "no_such_user_x" does not exist.',
    });
    expect(await testConnectionError(app, { sqlalchemy_uri: uri({ port: 99999 }) })).toMatchObject({ error_type: 'CONNECTION_INVALID_PORT_ERROR' });
    expect(
      await testConnectionError(app, { engine: 'postgresql', configuration_method: 'dynamic_form', parameters: { host: '127.0.0.1', port: 5432 } }),
    ).toMatchObject({ error_type: 'CONNECTION_MISSING_PARAMETERS_ERROR', extra: { missing: ['username', 'database'] } });
    expect((await app.api('POST', '/api/v1/database/test_connection/', { body: { sqlalchemy_uri: pgUrl } })).body).toEqual({ message: 'OK' });
  });
});

function specParams(url: string) {
  const s = specFromUri(url);
  return { host: s.host, port: s.port ?? 5432, username: s.username, database: s.database };
}

describe.skipIf(!mysqlUrl)('database API against MySQL/MariaDB', () => {
  const suffix = randomBytes(4).toString('hex');
  const db = `tessera_api_${suffix}`;
  const user = `tessera_u_${suffix}`;
  const secret = `My-${randomBytes(6).toString('hex')}!`;
  let app: TestApp;
  let admin: mysql.Connection;
  let userUri: string;
  let logText = '';
  let logDir: string;

  beforeAll(async () => {
    // A real app with a verbose logger, so the log can be searched for the password afterwards.
    logDir = mkdtempSync(path.join(tmpdir(), 'tessera-log-'));
    const stream = new Writable({
      write(chunk, _enc, done) {
        logText += String(chunk);
        done();
      },
    });
    const config = loadConfig({ DATA_DIR: logDir, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, EXAMPLES: 'off' });
    const built = await buildApp(config, { logger: { level: 'trace', stream }, print: () => undefined });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    app = await wrap(built, logDir);

    const server = specFromUri(mysqlUrl!);
    admin = await mysql.createConnection({ host: server.host!, port: server.port ?? 3306, user: server.username!, password: server.password ?? undefined, multipleStatements: true });
    await admin.query(`
      CREATE DATABASE ${db};
      CREATE TABLE ${db}.orders (id INT PRIMARY KEY);
      CREATE VIEW ${db}.v AS SELECT 1 AS a;
      CREATE USER '${user}'@'127.0.0.1' IDENTIFIED BY '${secret}';
      CREATE USER '${user}'@'localhost' IDENTIFIED BY '${secret}';
      GRANT ALL ON ${db}.* TO '${user}'@'127.0.0.1';
      GRANT ALL ON ${db}.* TO '${user}'@'localhost';
    `);
    userUri = uriFromSpec({ ...server, username: user, password: secret, database: db }, 'include');
  });

  afterAll(async () => {
    await app?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${db}; DROP USER IF EXISTS '${user}'@'127.0.0.1', '${user}'@'localhost'`);
    await admin?.end();
    if (logDir) rmSync(logDir, { recursive: true, force: true });
  });

  it('creates with a real password, lists schemas and tables, never shows or logs the password', async () => {
    const created = await app.api('POST', '/api/v1/database/', { body: { database_name: 'maria', sqlalchemy_uri: userUri } });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(created.body.result.sqlalchemy_uri).toContain(':XXXXXXXXXX@');
    const schemas = await app.api('GET', `/api/v1/database/${id}/schemas/`);
    expect(schemas.body.result).toEqual(expect.arrayContaining([db]));
    const tables = await app.api('GET', `/api/v1/database/${id}/tables/${q({ schema_name: db })}`);
    expect(tables.body.result).toEqual([
      { value: 'orders', type: 'table', extra: null },
      { value: 'v', type: 'view', extra: null },
    ]);
    // Without a schema, MySQL's default is the database of the connection.
    const meta = await app.api('GET', `/api/v1/database/${id}/table_metadata/?name=orders`);
    expect(meta.body.selectStar).toBe(`SELECT\n  id\nFROM ${db}.orders\nLIMIT 100`);

    // The masked password means the stored one only for the database named in the request.
    const masked = created.body.result.sqlalchemy_uri as string;
    expect((await app.api('POST', '/api/v1/database/test_connection/', { body: { database_name: 'maria', sqlalchemy_uri: masked } })).body).toEqual({
      message: 'OK',
    });
    expect(await testConnectionError(app, { database_name: 'other', sqlalchemy_uri: masked })).toMatchObject({ error_type: 'CONNECTION_ACCESS_DENIED_ERROR' });
    const show = await app.api('GET', `/api/v1/database/${id}/connection`);
    for (const body of [created.body, schemas.body, show.body]) expect(JSON.stringify(body)).not.toContain(secret);
    expect(logText.length).toBeGreaterThan(0);
    expect(logText).not.toContain(secret);
  });

  it('maps connection failures through test_connection', async () => {
    const base = specFromUri(userUri);
    const uri = (changes: Record<string, unknown>) => uriFromSpec({ ...base, query: { connect_timeout: '3' }, ...changes }, 'include');
    expect(await testConnectionError(app, { sqlalchemy_uri: uri({ password: 'wrong-password' }) })).toMatchObject({
      error_type: 'CONNECTION_ACCESS_DENIED_ERROR',
      message: `Either the username "${user}" or the password is incorrect.`,
      extra: { invalid: ['username', 'password'] },
    });
    expect(await testConnectionError(app, { sqlalchemy_uri: uri({ host: 'nohost.invalid' }) })).toMatchObject({
      error_type: 'CONNECTION_INVALID_HOSTNAME_ERROR',
      message: 'The hostname "nohost.invalid" cannot be resolved.',
    });
    expect(await testConnectionError(app, { sqlalchemy_uri: uri({ host: '127.0.0.1', port: 1 }) })).toMatchObject({
      error_type: 'CONNECTION_PORT_CLOSED_ERROR',
      message: 'Port 1 on hostname "127.0.0.1" refused the connection.',
    });
    expect(await testConnectionError(app, { sqlalchemy_uri: uri({ database: 'no_such_database_x', username: 'root', password: null }) })).toMatchObject({
      error_type: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
      message: 'Unable to connect to database "no_such_database_x".',
    });
    expect(await testConnectionError(app, { sqlalchemy_uri: uri({ database: 'mysql' }) })).toMatchObject({
      error_type: 'CONNECTION_DATABASE_PERMISSIONS_ERROR',
    });
    const params = await app.api('POST', '/api/v1/database/validate_parameters/', {
      body: { engine: 'mysql', configuration_method: 'dynamic_form', parameters: { host: '127.0.0.1', port: 1, username: user, database: db } },
    });
    expect(params.status).toBe(422);
    expect(params.body.errors[0]).toMatchObject({ error_type: 'CONNECTION_PORT_CLOSED_ERROR', message: 'The port is closed.' });
    expect(logText).not.toContain(secret);
  });
});

/** The TestApp surface over an app built here (with a capturing logger). */
async function wrap(built: Awaited<ReturnType<typeof buildApp>>, dataDir: string): Promise<TestApp> {
  const address = built.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const url = `http://127.0.0.1:${address.port}`;
  const login = await fetch(`${url}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD, provider: 'db' }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const api: TestApp['api'] = async (method, pathAndQuery, options = {}) => {
    const headers: Record<string, string> = { authorization: `Bearer ${access_token}` };
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const res = await fetch(url + pathAndQuery, { method, headers, body });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  };
  return {
    ...built,
    url,
    dataDir,
    // This suite opens no file databases.
    filesDir: dataDir,
    config: built.ctx.config,
    api,
    token: async () => access_token,
    close: async () => built.app.close(),
  };
}
