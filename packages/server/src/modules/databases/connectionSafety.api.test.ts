import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres } from '../../test/postgresDatabase.js';
import { services, skipNotice, startTestApp, type TestApp } from '../../test/testApp.js';
import { toYamlText } from '../importExport/yamlText.js';
import { writeZip } from '../importExport/zipBundle.js';

const DATA_DIR_MESSAGE = "Files in the server's data directory (DATA_DIR) cannot be used as a data source for security reasons.";

async function duckdbFile(file: string, sql = 'CREATE TABLE t AS SELECT 42 AS answer'): Promise<string> {
  const instance = await DuckDBInstance.create(file);
  const conn = await instance.connect();
  await conn.run(sql);
  conn.closeSync();
  instance.closeSync();
  return file;
}

const sqlLab = (app: TestApp, databaseId: number, sql: string) =>
  app.api('POST', '/api/v1/sqllab/execute/', { body: { database_id: databaseId, sql, schema: 'main', json: true } });

/** A database bundle (Superset's format) holding one database with `uri`. */
function databaseBundle(name: string, uri: string): Buffer {
  const files = {
    'metadata.yaml': toYamlText({ version: '1.0.0', type: 'Database', timestamp: '2024-01-01T00:00:00+00:00' }),
    [`databases/${name}.yaml`]: toYamlText({ database_name: name, sqlalchemy_uri: uri, uuid: randomUUID(), version: '1.0.0', extra: {}, allow_dml: false }),
  };
  return writeZip(Object.entries(files).map(([file, text]) => ({ name: `bundle/${file}`, data: Buffer.from(text, 'utf8') })));
}

async function importDatabases(app: TestApp, zip: Buffer): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('formData', new Blob([new Uint8Array(zip)]), 'bundle.zip');
  const res = await fetch(`${app.url}/api/v1/database/import/`, { method: 'POST', body: form, headers: { authorization: `Bearer ${await app.token()}` } });
  return { status: res.status, body: await res.json() };
}

describe('database connections cannot reach the server itself', () => {
  let app: TestApp;
  let outside: string;
  let examples: string;
  let lake: string;

  beforeAll(async () => {
    app = await startTestApp();
    outside = mkdtempSync(path.join(tmpdir(), 'tessera-outside-'));
    examples = await duckdbFile(path.join(app.dataDir, 'examples.duckdb'));
    lake = path.join(app.filesDir, 'lake');
    mkdirSync(lake);
    writeFileSync(path.join(lake, 'notes.txt'), 'lake file');
    await duckdbFile(path.join(app.dataDir, 'copy.duckdb'));
    const shop = new Database(path.join(app.filesDir, 'shop.sqlite'));
    shop.exec('CREATE TABLE customers (id INTEGER PRIMARY KEY)');
    shop.close();
    // Ways into DATA_DIR from the allowed folder: a symlinked file, a symlinked folder, `..`.
    symlinkSync(path.join(app.dataDir, 'tessera.db'), path.join(app.filesDir, 'link.db'));
    symlinkSync(app.dataDir, path.join(app.filesDir, 'linked-dir'));
  });

  afterAll(async () => {
    await app?.close();
    rmSync(outside, { recursive: true, force: true });
  });

  it('refuses DATA_DIR files (the metadata store, the secret key) on create, update and test_connection, however the path is spelt', async () => {
    const up = `${app.filesDir}/../${path.basename(app.dataDir)}`;
    const uris = [
      `sqlite:///${app.dataDir}/tessera.db`,
      `sqlite:///${up}/tessera.db`,
      `sqlite:///${up}/tessera.db?mode=ro`,
      `sqlite:///${app.filesDir}/link.db`,
      `sqlite:///${app.filesDir}/linked-dir/tessera.db`,
      'sqlite:///tessera.db',
      'sqlite:///./sub/../tessera.db',
      `duckdb:///${app.dataDir}/copy.duckdb`,
      `duckdb:///${app.filesDir}/linked-dir/copy.duckdb`,
      `duckdb:///${app.dataDir}/secret_key`,
    ];
    const good = await app.api('POST', '/api/v1/database/', { body: { database_name: 'good_shop', sqlalchemy_uri: `sqlite:///${app.filesDir}/shop.sqlite` } });
    expect(good.status).toBe(201);
    for (const uri of uris) {
      const expected = { status: 400, body: { message: { sqlalchemy_uri: [DATA_DIR_MESSAGE] } } };
      expect(await app.api('POST', '/api/v1/database/', { body: { database_name: `bad_${randomUUID()}`, sqlalchemy_uri: uri } }), uri).toMatchObject(expected);
      expect(await app.api('POST', '/api/v1/database/test_connection/', { body: { sqlalchemy_uri: uri } }), uri).toMatchObject(expected);
      expect(await app.api('PUT', `/api/v1/database/${good.body.id}`, { body: { sqlalchemy_uri: uri } }), uri).toMatchObject(expected);
    }
    // SQLite's URI file names carry their own options: refused whatever they point at.
    const uriName = await app.api('POST', '/api/v1/database/test_connection/', { body: { sqlalchemy_uri: `sqlite:///file:${app.filesDir}/shop.sqlite?mode=ro` } });
    expect(uriName.status).toBe(400);
    expect(uriName.body.message.sqlalchemy_uri[0]).toMatch(/file:/);
    const dynamic = await app.api('POST', '/api/v1/database/validate_parameters/', {
      body: { engine: 'sqlite', configuration_method: 'dynamic_form', parameters: { database: `${app.dataDir}/tessera.db` } },
    });
    expect(dynamic).toMatchObject({ status: 400, body: { message: { sqlalchemy_uri: [DATA_DIR_MESSAGE] } } });
  });

  it("refuses SQLite and DuckDB files outside FILE_DATABASE_DIRS with Superset's message; in-memory databases stay allowed", async () => {
    const sqliteFile = path.join(outside, 'x.sqlite');
    new Database(sqliteFile).close();
    const duckFile = await duckdbFile(path.join(outside, 'x.duckdb'));
    expect(await app.api('POST', '/api/v1/database/', { body: { database_name: 'outside_sqlite', sqlalchemy_uri: `sqlite:///${sqliteFile}` } })).toMatchObject({
      status: 400,
      body: { message: { sqlalchemy_uri: ['SQLiteDialect_pysqlite cannot be used as a data source for security reasons.'] } },
    });
    expect(await app.api('POST', '/api/v1/database/test_connection/', { body: { sqlalchemy_uri: `duckdb:///${duckFile}` } })).toMatchObject({
      status: 400,
      body: { message: { sqlalchemy_uri: ['DuckDB cannot be used as a data source for security reasons.'] } },
    });
    expect((await app.api('POST', '/api/v1/database/test_connection/', { body: { sqlalchemy_uri: 'sqlite://' } })).status).toBe(200);
    expect((await app.api('POST', '/api/v1/database/test_connection/', { body: { sqlalchemy_uri: 'duckdb:///:memory:' } })).status).toBe(200);
  });

  it('keeps the examples file usable', async () => {
    const created = await app.api('POST', '/api/v1/database/', { body: { database_name: 'examples', sqlalchemy_uri: `duckdb:///${examples}` } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const res = await sqlLab(app, created.body.id, 'SELECT answer FROM t');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([{ answer: 42 }]);
  });

  it('does not connect a stored row that points at the metadata store, whenever it was stored', async () => {
    const created = await app.api('POST', '/api/v1/database/', { body: { database_name: 'was_fine', sqlalchemy_uri: `sqlite:///${app.filesDir}/shop.sqlite` } });
    expect(created.status).toBe(201);
    await app.ctx.db.updateTable('dbs').set({ sqlalchemy_uri: `sqlite:///${app.dataDir}/tessera.db` }).where('id', '=', created.body.id).execute();
    const run = await sqlLab(app, created.body.id, 'SELECT * FROM ab_user');
    expect(run.status).toBe(400);
    expect(run.body.errors[0]).toMatchObject({ error_type: 'DATABASE_SECURITY_ACCESS_ERROR', message: DATA_DIR_MESSAGE });
    expect(JSON.stringify(run.body)).not.toContain('password');
    const tables = await app.api('GET', `/api/v1/database/${created.body.id}/tables/?q=(schema_name:main)`);
    expect(tables.status).toBe(400);
    expect(tables.body.errors[0].error_type).toBe('DATABASE_SECURITY_ACCESS_ERROR');
  });

  it('refuses a database bundle that points into DATA_DIR', async () => {
    const res = await importDatabases(app, databaseBundle('sneaky', `sqlite:///${app.dataDir}/tessera.db`));
    expect(res.status).toBe(422);
    expect(res.body.errors[0].extra['databases/sneaky.yaml']).toEqual({ sqlalchemy_uri: [DATA_DIR_MESSAGE] });
    const names = await app.ctx.db.selectFrom('dbs').select('database_name').where('database_name', '=', 'sneaky').execute();
    expect(names).toEqual([]);
  });

  it('keeps a connection an admin relaxed from relaxing the others on the same file, in either opening order', async () => {
    const relaxedExtra = JSON.stringify({ engine_params: { connect_args: { config: { enable_external_access: 'true', allowed_directories: [lake] } } } });
    // Unrestricted external access would reach DATA_DIR: it is refused.
    const unrestricted = await app.api('POST', '/api/v1/database/', {
      body: { database_name: 'wide_open', sqlalchemy_uri: `duckdb:///${examples}`, extra: JSON.stringify({ engine_params: { connect_args: { config: { enable_external_access: true } } } }) },
    });
    expect(unrestricted.status).toBe(422);
    expect(unrestricted.body.errors[0].error_type).toBe('DATABASE_SECURITY_ACCESS_ERROR');
    for (const relaxedFirst of [true, false]) {
      const plain = await app.api('POST', '/api/v1/database/', { body: { database_name: `plain_${relaxedFirst}`, sqlalchemy_uri: `duckdb:///${examples}` } });
      const relaxed = await app.api('POST', '/api/v1/database/', {
        body: { database_name: `relaxed_${relaxedFirst}`, sqlalchemy_uri: `duckdb:///${examples}`, extra: relaxedExtra },
      });
      expect([plain.status, relaxed.status], JSON.stringify([plain.body, relaxed.body])).toEqual([201, 201]);
      const readLake = `SELECT content FROM read_text('${lake}/notes.txt')`;
      const order = relaxedFirst ? [relaxed.body.id, plain.body.id] : [plain.body.id, relaxed.body.id];
      for (const id of order) await sqlLab(app, id, 'SELECT 1');
      const fromRelaxed = await sqlLab(app, relaxed.body.id, readLake);
      expect(fromRelaxed.body.data).toEqual([{ content: 'lake file' }]);
      const fromPlain = await sqlLab(app, plain.body.id, readLake);
      expect(fromPlain.status).toBe(400);
      expect(fromPlain.body.errors[0].message).toMatch(/disabled by configuration/);
      for (const id of order) {
        for (const target of [`${app.dataDir}/secret_key`, `${lake}/../../${path.basename(app.dataDir)}/tessera.db`]) {
          const res = await sqlLab(app, id, `SELECT content FROM read_text('${target}')`);
          expect(res.status, target).toBe(400);
          expect(JSON.stringify(res.body)).not.toContain(app.config.secretKey);
        }
      }
      for (const id of order) expect((await app.api('DELETE', `/api/v1/database/${id}`)).status).toBe(200);
    }
  });

  it('refuses cloud metadata and link-local hosts at once, before dialling', async () => {
    for (const uri of [
      'postgresql://u@169.254.169.254:5432/x',
      'postgresql://u@[fe80::1]:5432/x',
      'postgresql://u@[fd00:ec2::254]/x',
      'postgresql://u@metadata.google.internal/x',
      // 169.254.169.254 as one number: resolves to the same address.
      'postgresql://u@2852039166/x',
      'mysql://u@169.254.169.254/x',
    ]) {
      const started = Date.now();
      const res = await app.api('POST', '/api/v1/database/test_connection/', { body: { sqlalchemy_uri: uri } });
      expect(Date.now() - started, uri).toBeLessThan(2000);
      expect(res.status, uri).toBe(422);
      expect(res.body.errors[0], uri).toMatchObject({ error_type: 'DATABASE_SECURITY_ACCESS_ERROR', extra: { invalid: ['host'] } });
      expect(res.body.errors[0].message).toMatch(/cannot be used as a data source for security reasons/);
    }
    const started = Date.now();
    const params = await app.api('POST', '/api/v1/database/validate_parameters/', {
      body: { engine: 'postgresql', configuration_method: 'dynamic_form', parameters: { host: '169.254.169.254', port: 80, username: 'u', database: 'x' } },
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(params.status).toBe(422);
    expect(params.body.errors.map((e: { error_type: string }) => e.error_type)).toEqual(['DATABASE_SECURITY_ACCESS_ERROR']);
    // Loopback stays reachable: the attempt is made (and here finds the port closed).
    const local = await app.api('POST', '/api/v1/database/test_connection/', { body: { sqlalchemy_uri: 'postgresql://u@127.0.0.1:1/x' } });
    expect(local.body.errors[0].error_type).toBe('CONNECTION_PORT_CLOSED_ERROR');
  });
});

describe.skipIf(!services.postgres)('the metadata PostgreSQL database cannot be registered', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let app: TestApp;

  beforeAll(async () => {
    scratch = await createScratchPostgres(services.postgres!);
    app = await startTestApp({ DATABASE_URL: scratch.url });
  });

  afterAll(async () => {
    await app?.close();
    await scratch?.drop();
  });

  it('refuses its URL, however the host is spelt, and still accepts another database of the same server', async () => {
    const meta = new URL(scratch.url);
    const spellings = [scratch.url, `postgresql://${meta.username}@localhost:${meta.port || 5432}${meta.pathname}`, `postgres://${meta.username}@[::1]:${meta.port || 5432}${meta.pathname}`];
    for (const uri of spellings) {
      const expected = { status: 400, body: { message: { sqlalchemy_uri: ['The metadata database cannot be used as a data source for security reasons.'] } } };
      expect(await app.api('POST', '/api/v1/database/', { body: { database_name: `meta_${randomUUID()}`, sqlalchemy_uri: uri } }), uri).toMatchObject(expected);
      expect(await app.api('POST', '/api/v1/database/test_connection/', { body: { sqlalchemy_uri: uri } }), uri).toMatchObject(expected);
    }
    const other = await app.api('POST', '/api/v1/database/test_connection/', { body: { sqlalchemy_uri: services.postgres! } });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
  });
});

if (!services.postgres) skipNotice('Metadata PostgreSQL connection', 'TESSERA_TEST_POSTGRES_URL');
