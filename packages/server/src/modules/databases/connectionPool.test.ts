import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secrets } from '../../app/secrets.js';
import { openDuckdbFiles } from '../../connectors/duckdb/duckdbInstances.js';
import { ConnectionPolicy } from './connectionPolicy.js';
import { ConnectionPool } from './connectionPool.js';
import type { DatabaseRow } from './databases.repository.js';

const row = (id: number, file: string, changes: Partial<DatabaseRow> = {}): DatabaseRow => ({
  id,
  uuid: `uuid-${id}`,
  database_name: `db${id}`,
  sqlalchemy_uri: `duckdb:///${file}`,
  password: null,
  encrypted_extra: null,
  backend: 'duckdb',
  configuration_method: 'sqlalchemy_form',
  expose_in_sqllab: 1,
  allow_run_async: 0,
  allow_dml: 0,
  allow_ctas: 0,
  allow_cvas: 0,
  allow_file_upload: 0,
  disable_data_preview: 0,
  cache_timeout: null,
  force_ctas_schema: null,
  impersonate_user: 0,
  extra: '{}',
  server_cert: null,
  is_managed_externally: 0,
  external_url: null,
  created_on: '2024-01-01T00:00:00Z',
  changed_on: '2024-01-01T00:00:00Z',
  created_by_fk: null,
  changed_by_fk: null,
  ...changes,
});

describe('ConnectionPool', () => {
  let dir: string;
  let dataDir: string;
  let file: string;
  /** DATA_DIR apart from the warehouse folder, which file databases may be opened from. */
  const poolOf = () =>
    new ConnectionPool(
      new Secrets('x'.repeat(40)),
      dataDir,
      new ConnectionPolicy({
        dataDir,
        examplesFile: path.join(dataDir, 'examples.duckdb'),
        metadataUrl: null,
        preventUnsafe: true,
        fileDatabaseDirs: [dir],
        blockedHosts: [],
      }),
    );

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-pool-'));
    dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'tessera-pool-data-')), 'data');
    mkdirSync(dataDir);
    file = path.join(dir, 'pool.duckdb');
    const instance = await DuckDBInstance.create(file);
    (await instance.connect()).closeSync();
    instance.closeSync();
    file = realpathSync(file);
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('reuses a handle, replaces it when the settings change, and closes everything', async () => {
    const pool = poolOf();
    const first = await pool.get(row(1, file));
    expect(await pool.get(row(1, file))).toBe(first);
    // allow_dml needs a read-write open: the read-only handle is closed and replaced.
    const writable = await pool.get(row(1, file, { allow_dml: 1 }));
    expect(writable).not.toBe(first);
    await writable.execute('CREATE TABLE t (a INTEGER)');
    expect((await writable.execute('INSERT INTO t VALUES (1)')).rowsAffected).toBe(1);
    expect(openDuckdbFiles()).toContain(file);
    await pool.closeAll();
    expect(pool.size).toBe(0);
    expect(openDuckdbFiles()).not.toContain(file);
  });

  it('does not cache a failed open', async () => {
    const pool = poolOf();
    await expect(pool.get(row(2, path.join(dir, 'missing.duckdb')))).rejects.toThrow(/Unable to connect/);
    expect(pool.size).toBe(0);
  });

  it('refuses to open a stored row the connection policy forbids, whenever it was stored', async () => {
    const pool = poolOf();
    const inDataDir = path.join(dataDir, 'copy.duckdb');
    const instance = await DuckDBInstance.create(inDataDir);
    instance.closeSync();
    for (const target of [inDataDir, path.join(dir, '..', path.basename(path.dirname(dataDir)), 'data', 'copy.duckdb'), path.join(tmpdir(), 'elsewhere.duckdb')]) {
      await expect(pool.get(row(3, target)), target).rejects.toMatchObject({ errorType: 'DATABASE_SECURITY_ACCESS_ERROR' });
    }
    expect(openDuckdbFiles()).not.toContain(realpathSync(inDataDir));
    expect(pool.size).toBe(0);
  });
});
