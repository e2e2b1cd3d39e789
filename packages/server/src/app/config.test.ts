import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('config', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'tessera-cfg-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('defaults to port 8088 and SQLite metadata in DATA_DIR', () => {
    const dir = tempDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(8088);
    expect(c.databaseUrl).toBeNull();
    expect(c.redisUrl).toBeNull();
    expect(c.dataDir).toBe(path.resolve(dir));
  });

  it('generates a secret key once into DATA_DIR and reuses it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).secretKey;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'secret_key'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(first);
    const other = loadConfig({ DATA_DIR: tempDir() }).secretKey;
    expect(other).not.toBe(first);
  });

  it('uses SECRET_KEY from the environment without writing a file', () => {
    const dir = tempDir();
    const key = 'k'.repeat(40);
    expect(loadConfig({ DATA_DIR: dir, SECRET_KEY: key }).secretKey).toBe(key);
    expect(existsSync(path.join(dir, 'secret_key'))).toBe(false);
  });

  it('reports every invalid variable by name', () => {
    const dir = tempDir();
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dir, PORT: 'eighty', DATABASE_URL: 'mysql://x', SECRET_KEY: 'short', REDIS_URL: 'http://x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'DATABASE_URL', 'SECRET_KEY', 'REDIS_URL']) expect(message).toContain(name);
  });

  it('turns thumbnails on by default with Debian Chromium and this server as the base address', () => {
    const c = loadConfig({ DATA_DIR: tempDir() });
    expect(c.thumbnails).toEqual({ enabled: true, chromiumPath: '/usr/bin/chromium', baseUrl: null });
  });

  it('reads THUMBNAILS, CHROMIUM_PATH and WEBDRIVER_BASEURL (without its trailing slash)', () => {
    const c = loadConfig({ DATA_DIR: tempDir(), THUMBNAILS: 'off', CHROMIUM_PATH: '/opt/chrome/chrome', WEBDRIVER_BASEURL: 'http://tessera:8088/' });
    expect(c.thumbnails).toEqual({ enabled: false, chromiumPath: '/opt/chrome/chrome', baseUrl: 'http://tessera:8088' });
  });

  it('guards database connections by default, and reads FILE_DATABASE_DIRS and DB_CONNECTION_BLOCKED_HOSTS', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).connections).toEqual({
      preventUnsafe: true,
      fileDatabaseDirs: [],
      blockedHosts: ['169.254.0.0/16', 'fe80::/10', 'fd00:ec2::254', 'metadata.google.internal'],
    });
    const set = loadConfig({ DATA_DIR: tempDir(), PREVENT_UNSAFE_DB_CONNECTIONS: 'off', FILE_DATABASE_DIRS: '/srv/a, /srv/b/', DB_CONNECTION_BLOCKED_HOSTS: 'none' });
    expect(set.connections).toEqual({ preventUnsafe: false, fileDatabaseDirs: ['/srv/a', '/srv/b'], blockedHosts: [] });
    for (const env of [{ FILE_DATABASE_DIRS: 'relative/dir' }, { DB_CONNECTION_BLOCKED_HOSTS: '10.0.0.0/40' }, { PREVENT_UNSAFE_DB_CONNECTIONS: 'yes' }]) {
      const [name] = Object.keys(env);
      expect(() => loadConfig({ DATA_DIR: tempDir(), ...env }), JSON.stringify(env)).toThrow(new RegExp(name!));
    }
  });

  it('refuses a WEBDRIVER_BASEURL that is not an http(s) base address, and a THUMBNAILS that is not on or off', () => {
    for (const env of [{ WEBDRIVER_BASEURL: 'tessera:8088' }, { WEBDRIVER_BASEURL: 'ftp://tessera' }, { WEBDRIVER_BASEURL: 'http://tessera/?a=1' }, { THUMBNAILS: 'yes' }]) {
      const [name] = Object.keys(env);
      expect(() => loadConfig({ DATA_DIR: tempDir(), ...env }), JSON.stringify(env)).toThrow(new RegExp(name!));
    }
  });

  it('disallows sleep functions by default and lets DISALLOWED_SQL_FUNCTIONS replace an engine’s list', () => {
    const defaults = loadConfig({ DATA_DIR: tempDir() }).sqlSafety.disallowedFunctions;
    expect(defaults.postgresql).toEqual(expect.arrayContaining(['pg_sleep', 'query_to_xml', 'version']));
    expect(defaults.mysql).toEqual(expect.arrayContaining(['sleep', 'benchmark', 'load_file']));
    expect(defaults.duckdb).toEqual(expect.arrayContaining(['pg_sleep']));
    const set = loadConfig({ DATA_DIR: tempDir(), DISALLOWED_SQL_FUNCTIONS: '{"PostgreSQL": ["version"], "duckdb": []}' }).sqlSafety.disallowedFunctions;
    expect(set).toMatchObject({ postgresql: ['version'], duckdb: [], mysql: defaults.mysql });
    for (const bad of ['pg_sleep', '["pg_sleep"]', '{"postgresql": "pg_sleep"}', '{"postgresql": [""]}']) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), DISALLOWED_SQL_FUNCTIONS: bad }), bad).toThrow(/DISALLOWED_SQL_FUNCTIONS/);
    }
  });
});
