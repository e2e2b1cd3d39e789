import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../__tests__/errorTypeOf.js';
import type { ConnectorHandle, OpenOptions } from '../types.js';
import { duckdbConnector } from './duckdbConnector.js';

const specFor = (file: string) => ({
  engine: 'duckdb' as const,
  scheme: 'duckdb',
  driver: 'duckdb_engine',
  host: null,
  port: null,
  username: null,
  password: null,
  database: file,
  query: {},
  filePath: file,
});

/**
 * DuckDB settings are global to an engine instance, and one instance serves every connection to a file:
 * a connection an admin relaxed must never relax the others, and nothing may reach the server's own files.
 */
describe('DuckDB connections with different settings on one file', () => {
  let dir: string;
  let file: string;
  let lake: string;
  let dataDir: string;
  const open: ConnectorHandle[] = [];

  const options = (config: Record<string, unknown> | null, readOnly = true): OpenOptions => ({
    readOnly,
    connectArgs: config ? { config } : {},
    serverCert: null,
    protectedDirs: [dataDir],
  });
  const openWith = async (config: Record<string, unknown> | null, readOnly = true) => {
    const handle = await duckdbConnector.open(specFor(file), options(config, readOnly));
    open.push(handle);
    return handle;
  };
  const closeAll = async () => {
    for (const h of open.splice(0)) await h.close();
  };
  const readText = (handle: ConnectorHandle, target: string) =>
    handle.execute(`SELECT content FROM read_text('${target.replace(/'/g, "''")}')`).then((r) => r.data[0]?.[0]);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-duckdb-settings-'));
    file = path.join(dir, 'shared.duckdb');
    lake = path.join(dir, 'lake');
    dataDir = path.join(dir, 'data');
    mkdirSync(lake);
    mkdirSync(dataDir);
    writeFileSync(path.join(lake, 'notes.txt'), 'lake file');
    writeFileSync(path.join(dataDir, 'secret_key'), 'the-secret-key');
    writeFileSync(path.join(dataDir, 'tessera.db'), 'metadata');
    const instance = await DuckDBInstance.create(file);
    const conn = await instance.connect();
    await conn.run('CREATE TABLE t AS SELECT 1 AS v');
    conn.closeSync();
    instance.closeSync();
  });

  afterAll(async () => {
    await closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  const relaxed = () => ({ enable_external_access: 'true', allowed_directories: [lake] });

  for (const order of ['relaxed first', 'default first'] as const) {
    it(`keeps the default connection closed to files when the ${order === 'relaxed first' ? 'relaxed one opened the file first' : 'default one opened it first'}`, async () => {
      try {
        let strict: ConnectorHandle;
        let loose: ConnectorHandle;
        if (order === 'relaxed first') {
          loose = await openWith(relaxed());
          strict = await openWith(null);
        } else {
          strict = await openWith(null);
          loose = await openWith(relaxed());
        }
        expect(await readText(loose, path.join(lake, 'notes.txt'))).toBe('lake file');
        expect((await errorOf(readText(strict, path.join(lake, 'notes.txt'))))?.message).toMatch(/disabled by configuration/);
        // Both still read the file's own tables.
        expect((await strict.execute('SELECT v FROM t')).data).toEqual([[1]]);
        expect((await loose.execute('SELECT v FROM t')).data).toEqual([[1]]);
        // Neither reaches the server's data directory, however the path is spelt.
        for (const handle of [strict, loose]) {
          for (const target of [path.join(dataDir, 'secret_key'), path.join(lake, '..', 'data', 'tessera.db')]) {
            expect(await errorOf(readText(handle, target)), target).not.toBeNull();
          }
        }
        // A SQL Lab user cannot widen the relaxed connection's settings afterwards.
        expect(await errorOf(loose.execute(`SET allowed_directories = ['${dataDir}']`))).not.toBeNull();
        expect(await errorOf(loose.execute('SET enable_external_access = true'))).not.toBeNull();
        expect(await errorOf(strict.execute(`SET allowed_paths = ['${path.join(dataDir, 'secret_key')}']`))).not.toBeNull();
      } finally {
        await closeAll();
      }
    });
  }

  it('refuses unrestricted external access, which would reach the server files, in either order', async () => {
    for (const first of ['loose', 'strict']) {
      try {
        if (first === 'strict') await openWith(null);
        const loose = await errorOf(openWith({ enable_external_access: true }));
        expect(loose?.type).toBe('DATABASE_SECURITY_ACCESS_ERROR');
        expect(loose?.message).toMatch(/allowed_directories/);
        const strict = first === 'loose' ? await openWith(null) : open[0]!;
        expect(await errorOf(readText(strict, path.join(lake, 'notes.txt')))).not.toBeNull();
        expect(await errorOf(readText(strict, path.join(dataDir, 'secret_key')))).not.toBeNull();
      } finally {
        await closeAll();
      }
    }
  });

  it('refuses settings that open the data directory, directly or through a parent', async () => {
    for (const config of [
      { allowed_directories: [dataDir] },
      { allowed_directories: [dir] },
      { allowed_directories: ['/'] },
      { allowed_paths: [path.join(dataDir, 'secret_key')] },
      { allowed_paths: [path.join(lake, '..', 'data', 'tessera.db')] },
      { allowed_directories: ['relative/dir'] },
      // DuckDB lets its temporary directory be read: it must not be (or hold) the data directory.
      { temp_directory: dir },
      { temp_directory: path.join(dataDir, 'spill') },
    ]) {
      const err = await errorOf(openWith(config));
      expect(err?.type, JSON.stringify(config)).toBe('DATABASE_SECURITY_ACCESS_ERROR');
    }
    await closeAll();
  });

  it('does not share a written file with a connection of other settings', async () => {
    try {
      await openWith(null, false);
      const err = await errorOf(openWith(relaxed()));
      expect(err?.type).toBe('GENERIC_DB_ENGINE_ERROR');
      expect(err?.message).toMatch(/other settings/);
    } finally {
      await closeAll();
    }
  });

  it('keeps a read-only connection from writing through an instance another connection writes with', async () => {
    try {
      const writer = await openWith(null, false);
      const reader = await openWith(null, true);
      expect((await writer.execute('CREATE SEQUENCE IF NOT EXISTS seq')).rowsAffected).toBeNull();
      expect(await errorOf(reader.execute("SELECT nextval('seq')"))).not.toBeNull();
      expect(await errorOf(reader.execute('INSERT INTO t VALUES (2)'))).not.toBeNull();
      expect(await errorOf(reader.execute('COMMIT; INSERT INTO t VALUES (3)'))).not.toBeNull();
      expect(await errorOf(writer.execute("SELECT nextval('seq')", { readOnly: true }))).not.toBeNull();
      expect((await reader.execute('SELECT count(*)::INT AS n FROM t')).data).toEqual([[1]]);
      expect((await writer.execute("SELECT nextval('seq')::INT AS n")).data).toEqual([[1]]);
    } finally {
      await closeAll();
    }
  });
});
