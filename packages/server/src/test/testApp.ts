import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions, type BuiltApp } from '../app/buildApp.js';
import { loadConfig, type AppConfig } from '../app/config.js';
import { createScratchPostgres } from './postgresDatabase.js';

export const TEST_ADMIN_PASSWORD = 'admin-test-password';
/** The password of users made by createUserWithRole: meets the default password policy and names no test user. */
export const TEST_USER_PASSWORD = 'correct-horse-battery-staple';

export interface TestApp extends BuiltApp {
  url: string;
  dataDir: string;
  /**
   * Where suites put their SQLite/DuckDB warehouse files: a scratch folder outside DATA_DIR (whose files no
   * connection may open), listed in FILE_DATABASE_DIRS unless the suite sets that itself.
   */
  filesDir: string;
  config: AppConfig;
  /** A bearer token for `username` (admin by default). */
  token(username?: string, password?: string): Promise<string>;
  /** fetch against the app with a bearer token and JSON body handling. */
  api(method: string, pathAndQuery: string, options?: { token?: string | null; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

/**
 * A real app on a real port over a temporary DATA_DIR: tests talk HTTP to it like any client.
 * `env` adds or overrides variables (e.g. DATABASE_URL for the PostgreSQL leg).
 */
export async function startTestApp(env: Record<string, string> = {}, options: Pick<BuildAppOptions, 'resultsBackend'> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-test-'));
  const filesDir = mkdtempSync(path.join(tmpdir(), 'tessera-files-'));
  // TESSERA_TEST_METADATA=postgres runs every HTTP suite on a scratch PostgreSQL metadata database.
  const scratch =
    process.env.TESSERA_TEST_METADATA === 'postgres' && services.postgres && env.DATABASE_URL === undefined
      ? await createScratchPostgres(services.postgres)
      : null;
  if (scratch) env = { ...env, DATABASE_URL: scratch.url };
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    EXAMPLES: 'off',
    FILE_DATABASE_DIRS: filesDir,
    ...env,
  });
  const built = await buildApp(config, { logger: false, print: () => undefined, ...options });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const url = baseUrl(built.app);
  const tokens = new Map<string, string>();

  const api: TestApp['api'] = async (method, pathAndQuery, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    const token = options.token === undefined ? await testApp.token() : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const res = await fetch(url + pathAndQuery, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };

  const testApp: TestApp = {
    ...built,
    url,
    dataDir,
    filesDir,
    config,
    api,
    async token(username = 'admin', password = TEST_ADMIN_PASSWORD) {
      const key = `${username}\u0000${password}`;
      const cached = tokens.get(key);
      if (cached) return cached;
      const res = await fetch(`${url}/api/v1/security/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password, provider: 'db', refresh: true }),
      });
      if (res.status !== 200) throw new Error(`login as ${username} failed: ${res.status} ${await res.text()}`);
      const { access_token } = (await res.json()) as { access_token: string };
      tokens.set(key, access_token);
      return access_token;
    },
    async close() {
      await built.app.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(filesDir, { recursive: true, force: true });
      await scratch?.drop();
    },
  };
  return testApp;
}

/** Creates a user with the named built-in role through the API and returns a token for it. */
export async function createUserWithRole(app: TestApp, username: string, roleName: string): Promise<string> {
  const roles = await app.api('GET', `/api/v1/security/roles/?q=(page_size:100)`);
  const role = (roles.body.result as { id: number; name: string }[]).find((r) => r.name === roleName);
  if (!role) throw new Error(`role ${roleName} not found`);
  const password = TEST_USER_PASSWORD;
  const res = await app.api('POST', '/api/v1/security/users/', {
    body: { username, first_name: username, last_name: 'Test', email: `${username}@example.com`, password, roles: [role.id] },
  });
  if (res.status !== 201) throw new Error(`create user failed: ${res.status} ${JSON.stringify(res.body)}`);
  return app.token(username, password);
}

function baseUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server is not listening on a TCP port');
  return `http://127.0.0.1:${address.port}`;
}

/** The machine's services, when the environment names them (CI sets them; elsewhere suites skip and say why). */
export const services = {
  postgres: process.env.TESSERA_TEST_POSTGRES_URL ?? null,
  mysql: process.env.TESSERA_TEST_MYSQL_URL ?? null,
  redis: process.env.TESSERA_TEST_REDIS_URL ?? null,
};

export function skipNotice(name: string, variable: string): void {
  console.info(`${name} suite skipped: set ${variable} to run it against a real server`);
}
