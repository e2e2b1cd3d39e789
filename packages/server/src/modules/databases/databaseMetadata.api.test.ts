import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import rison from 'rison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/testApp.js';

const q = (value: unknown) => `?q=${encodeURIComponent(rison.encode(value))}`;

const SCHEMA_SQL = `
  CREATE TABLE parents (id INTEGER PRIMARY KEY, name VARCHAR(40));
  CREATE TABLE birth_names (
    id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parents(id), ds TIMESTAMP, "Name" VARCHAR(40), num BIGINT);
  CREATE INDEX ix_birth_names_ds ON birth_names(ds);
  CREATE VIEW recent_names AS SELECT "Name" FROM birth_names;
  CREATE TABLE "Odd Table/1" ("select" INTEGER);
  INSERT INTO parents VALUES (1, 'p');
`;

describe.each(['sqlite', 'duckdb'] as const)('database metadata API on %s', (engine) => {
  let app: TestApp;
  let id: number;

  beforeAll(async () => {
    app = await startTestApp();
    const file = path.join(app.filesDir, `warehouse.${engine}`);
    if (engine === 'sqlite') {
      const db = new Database(file);
      db.exec(SCHEMA_SQL);
      db.close();
    } else {
      const instance = await DuckDBInstance.create(file);
      const conn = await instance.connect();
      await conn.run(SCHEMA_SQL);
      conn.closeSync();
      instance.closeSync();
    }
    const res = await app.api('POST', '/api/v1/database/', { body: { database_name: 'warehouse', sqlalchemy_uri: `${engine}:///${file}` } });
    expect(res.status).toBe(201);
    id = res.body.id;
  });

  afterAll(async () => {
    await app?.close();
  });

  it('lists schemas and tables (with views) sorted by name', async () => {
    expect((await app.api('GET', `/api/v1/database/${id}/schemas/${q({ force: false })}`)).body).toEqual({ result: ['main'] });
    const tables = await app.api('GET', `/api/v1/database/${id}/tables/${q({ schema_name: 'main', force: false })}`);
    expect(tables.body).toEqual({
      count: 4,
      result: [
        { value: 'Odd Table/1', type: 'table', extra: null },
        { value: 'birth_names', type: 'table', extra: null },
        { value: 'parents', type: 'table', extra: null },
        { value: 'recent_names', type: 'view', extra: null },
      ],
    });
    expect(await app.api('GET', `/api/v1/database/${id}/tables/${q({ force: true })}`)).toMatchObject({
      status: 400,
      body: { message: { schema_name: ['Missing data for required field.'] } },
    });
    expect((await app.api('GET', `/api/v1/database/${id}/tables/`)).status).toBe(400);
    expect((await app.api('GET', `/api/v1/database/${id}/catalogs/`)).body).toEqual({ result: [] });
  });

  it('describes a table: columns, keys, indexes and select-star', async () => {
    const res = await app.api('GET', `/api/v1/database/${id}/table/birth_names/main/`);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.name).toBe('birth_names');
    expect(body.columns.map((c: { name: string }) => c.name)).toEqual(['id', 'parent_id', 'ds', 'Name', 'num']);
    const nameColumn = body.columns.find((c: { name: string }) => c.name === 'Name');
    // DuckDB drops VARCHAR lengths; SQLite keeps the declared type text.
    expect(nameColumn).toMatchObject({ type: 'VARCHAR', longType: engine === 'sqlite' ? 'VARCHAR(40)' : 'VARCHAR', keys: [] });
    expect(body.primaryKey).toMatchObject({ column_names: ['id'], type: 'pk' });
    expect(body.foreignKeys).toEqual([
      expect.objectContaining({ column_names: ['parent_id'], referred_table: 'parents', referred_columns: ['id'], referred_schema: 'main', type: 'fk' }),
    ]);
    expect(body.indexes).toEqual([{ column_names: ['ds'], name: 'ix_birth_names_ds', type: 'index', unique: false }]);
    expect(body.columns.find((c: { name: string }) => c.name === 'id').keys).toEqual([expect.objectContaining({ type: 'pk' })]);
    expect(body.columns.find((c: { name: string }) => c.name === 'ds').keys).toEqual([expect.objectContaining({ type: 'index' })]);
    expect(body.selectStar).toBe('SELECT\n  id,\n  parent_id,\n  ds,\n  "Name",\n  num\nFROM main.birth_names\nLIMIT 100');

    const byQuery = await app.api('GET', `/api/v1/database/${id}/table_metadata/?name=birth_names&schema=main`);
    expect(byQuery.body).toEqual(body);
    const defaultSchema = await app.api('GET', `/api/v1/database/${id}/table_metadata/?name=birth_names`);
    expect(defaultSchema.body.name).toBe('birth_names');
    expect((await app.api('GET', `/api/v1/database/${id}/table_metadata/`)).status).toBe(400);
  });

  it('handles names that need quoting and URL encoding', async () => {
    const res = await app.api('GET', `/api/v1/database/${id}/table/${encodeURIComponent('Odd Table/1')}/main/`);
    expect(res.status).toBe(200);
    expect(res.body.selectStar).toBe('SELECT\n  "select"\nFROM main."Odd Table/1"\nLIMIT 100');
  });

  it('answers extras, select-star and function names', async () => {
    // Catalog facts per engine: SQLite counts a small table, DuckDB keeps its own row estimate.
    const expected =
      engine === 'sqlite'
        ? { metadata: { Type: 'table', Columns: '5', Rows: '0' } }
        : { metadata: { Type: 'table', 'Estimated rows': '0', Columns: '5' } };
    expect((await app.api('GET', `/api/v1/database/${id}/table_extra/birth_names/main/`)).body).toEqual(expected);
    expect((await app.api('GET', `/api/v1/database/${id}/table_metadata/extra/?name=birth_names&schema=main`)).body).toEqual(expected);
    expect((await app.api('GET', `/api/v1/database/${id}/table_metadata/extra/?name=parents`)).body.metadata).toMatchObject({ Type: 'table' });
    expect((await app.api('GET', `/api/v1/database/${id}/table_extra/recent_names/main/`)).body).toEqual({
      metadata: { Type: 'view', Columns: '1' },
    });
    expect((await app.api('GET', `/api/v1/database/${id}/select_star/parents/main/`)).body).toEqual({
      result: 'SELECT *\nFROM main.parents\nLIMIT 100',
    });
    expect((await app.api('GET', `/api/v1/database/${id}/select_star/parents/`)).body.result).toContain('FROM main.parents');
    const functions = await app.api('GET', `/api/v1/database/${id}/function_names/`);
    expect(functions.body.function_names).toEqual(expect.arrayContaining(['count', 'max']));
  });

  it('answers 404 for a missing table or database', async () => {
    const res = await app.api('GET', `/api/v1/database/${id}/table/nosuch/main/`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      message: 'Table not found',
      errors: [{ error_type: 'TABLE_DOES_NOT_EXIST_ERROR', extra: { table_name: 'nosuch', issue_codes: expect.any(Array) } }],
    });
    expect((await app.api('GET', `/api/v1/database/${id}/select_star/nosuch/main/`)).status).toBe(404);
    // table_extra answers a missing table as table metadata does.
    for (const extraUrl of [`/api/v1/database/${id}/table_extra/nosuch/main/`, `/api/v1/database/${id}/table_metadata/extra/?name=nosuch&schema=main`]) {
      const extra = await app.api('GET', extraUrl);
      expect(extra.status).toBe(404);
      expect(extra.body).toEqual(res.body);
    }
    expect((await app.api('GET', '/api/v1/database/9999/schemas/')).body).toEqual({ message: 'Not found' });
  });

  it('caches table lists for a while unless forced', async () => {
    const file = path.join(app.filesDir, `warehouse.${engine}`);
    // A second writer (outside the server) adds a table; the cached list does not see it until `force`.
    if (engine === 'sqlite') {
      const db = new Database(file);
      db.exec('CREATE TABLE zz_new (a INTEGER)');
      db.close();
      const cached = await app.api('GET', `/api/v1/database/${id}/tables/${q({ schema_name: 'main' })}`);
      expect(cached.body.count).toBe(4);
      const forced = await app.api('GET', `/api/v1/database/${id}/tables/${q({ schema_name: 'main', force: true })}`);
      expect(forced.body.count).toBe(5);
    } else {
      // DuckDB files cannot take a second writer while the server has them open; a PUT drops the cache instead.
      await app.api('PUT', `/api/v1/database/${id}`, { body: { allow_dml: true } });
      const listed = await app.api('GET', `/api/v1/database/${id}/tables/${q({ schema_name: 'main' })}`);
      expect(listed.body.count).toBe(4);
    }
  });
});
