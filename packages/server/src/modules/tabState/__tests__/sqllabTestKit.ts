import path from 'node:path';
import Database from 'better-sqlite3';
import type { TestApp } from '../../../test/testApp.js';

/** Helpers shared by the SQL Lab state suites (tab state, saved queries, KV, datasets). */

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

/** Posts fields as Superset's legacy views do: each value JSON-encoded, multipart or urlencoded. */
export async function sendForm(
  app: TestApp,
  method: string,
  pathAndQuery: string,
  fields: Record<string, unknown>,
  options: { token?: string; encoding?: 'multipart' | 'urlencoded'; raw?: boolean } = {},
): Promise<Answer> {
  const token = options.token ?? (await app.token());
  const encode = (v: unknown) => (options.raw && typeof v === 'string' ? v : JSON.stringify(v));
  let body: FormData | URLSearchParams;
  if (options.encoding === 'urlencoded') {
    body = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) body.append(k, encode(v));
  } else {
    body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, encode(v));
  }
  const noBody = method === 'GET' || method === 'HEAD';
  const res = await fetch(app.url + pathAndQuery, { method, body: noBody ? undefined : body, headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* keep text */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** A SQLite warehouse file with a couple of tables, registered as a database; returns its id. */
export async function createWarehouse(app: TestApp, name = 'warehouse', extra: Record<string, unknown> = {}): Promise<number> {
  const file = path.join(app.filesDir, `${name}.sqlite`);
  const db = new Database(file);
  db.exec(`
    CREATE TABLE IF NOT EXISTS birth_names (id INTEGER PRIMARY KEY, ds TIMESTAMP, name VARCHAR(40), num BIGINT);
    CREATE TABLE IF NOT EXISTS parents (id INTEGER PRIMARY KEY, name VARCHAR(40));
    INSERT INTO birth_names VALUES (1, '2024-01-01 00:00:00', 'Ann', 3);
  `);
  db.close();
  const res = await app.api('POST', '/api/v1/database/', { body: { database_name: name, sqlalchemy_uri: `sqlite:///${file}`, ...extra } });
  if (res.status !== 201) throw new Error(`create database failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

export async function userIdOf(app: TestApp, username: string): Promise<number> {
  const row = await app.ctx.db.selectFrom('ab_user').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts a finished (or given-state) run directly: the execute endpoint belongs to another module. */
export async function insertQuery(
  app: TestApp,
  values: { client_id: string; database_id: number; user_id: number; sql_editor_id: string | null; status?: string; start_time?: number },
): Promise<void> {
  await app.ctx.db
    .insertInto('query')
    .values({
      client_id: values.client_id,
      database_id: values.database_id,
      user_id: values.user_id,
      sql_editor_id: values.sql_editor_id,
      status: values.status ?? 'success',
      sql: 'SELECT 1',
      limiting_factor: 'NOT_LIMITED',
      select_as_cta: 0,
      select_as_cta_used: 0,
      ctas_method: 'TABLE',
      run_async: 0,
      progress: 100,
      rows: 1,
      start_time: values.start_time ?? Date.now(),
      extra_json: '{}',
      changed_on: new Date().toISOString(),
    })
    .execute();
}
