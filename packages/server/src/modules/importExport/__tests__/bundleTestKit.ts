import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import rison from 'rison';
import type { TestApp } from '../../../test/testApp.js';
import { parseYamlText } from '../yamlText.js';
import { readZip, writeZip } from '../zipBundle.js';

/** Helpers of the bundle api suites: downloads, uploads, bundles made from files. */

export const q = (value: unknown) => `?q=${encodeURIComponent(rison.encode(value))}`;

export async function download(app: TestApp, pathAndQuery: string, token?: string | null): Promise<{ status: number; headers: Headers; zip: Buffer; text: string }> {
  const auth = token === null ? undefined : `Bearer ${token ?? (await app.token())}`;
  const res = await fetch(app.url + pathAndQuery, { headers: auth ? { authorization: auth } : {} });
  const zip = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, zip, text: zip.toString('utf8') };
}

/** The bundle's files by path below the root folder, in ZIP order, and the root folder. */
export async function unzip(zip: Buffer): Promise<{ root: string; files: Map<string, string> }> {
  const entries = await readZip(zip, { accept: () => true, maxEntries: 100, maxBytes: 10_000_000 });
  const root = entries[0]!.name.split('/')[0]!;
  return { root, files: new Map(entries.map((e) => [e.name.slice(root.length + 1), e.data.toString('utf8')])) };
}

export function yaml(text: string | undefined): any {
  const parsed = parseYamlText(text ?? '');
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.value;
}

/** A bundle from files (under a root folder, as Superset writes them). */
export const bundleOf = (files: Record<string, string> | Map<string, string>) =>
  writeZip([...(files instanceof Map ? files : Object.entries(files))].map(([name, text]) => ({ name: `bundle/${name}`, data: Buffer.from(text, 'utf8') })));

/** Every file below a fixture folder, by relative path. */
export function fixtureFiles(folder: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.set(path.relative(folder, full).split(path.sep).join('/'), readFileSync(full, 'utf8'));
    }
  };
  walk(folder);
  return out;
}

export async function importBundle(
  app: TestApp,
  resource: string,
  zip: Buffer | string,
  fields: Record<string, string> = {},
  token?: string | null,
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('formData', new Blob([typeof zip === 'string' ? zip : new Uint8Array(zip)]), 'bundle.zip');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const auth = token === null ? undefined : `Bearer ${token ?? (await app.token())}`;
  const res = await fetch(`${app.url}/api/v1/${resource}/import/`, { method: 'POST', body: form, headers: auth ? { authorization: auth } : {} });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** The one error entry of a 4xx import answer. */
export const entry = (res: { body: any }) => res.body.errors[0] as { message: string; error_type: string; level: string; extra: Record<string, unknown> };

/**
 * A SQLite warehouse with Superset's `birth_names` columns (ds, gender, name, num, state) in `dir`, registered
 * as a database of `app`. Returns its id.
 */
export async function birthsWarehouse(app: TestApp, dir: string, name: string): Promise<number> {
  const file = path.join(dir, `${name}.sqlite`);
  const db = new Database(file);
  db.exec(`
    CREATE TABLE IF NOT EXISTS birth_names (ds TIMESTAMP, gender VARCHAR(16), name VARCHAR(255), num BIGINT, state VARCHAR(10));
    DELETE FROM birth_names;
    INSERT INTO birth_names VALUES
      ('2020-01-01 00:00:00', 'girl', 'Ann', 30, 'CA'),
      ('2020-01-01 00:00:00', 'boy', 'Bob', 12, 'NY'),
      ('2021-01-01 00:00:00', 'girl', 'Ann', 8, 'NY'),
      ('2021-01-01 00:00:00', 'boy', 'Carl', 50, 'CA');
  `);
  db.close();
  const res = await app.api('POST', '/api/v1/database/', { body: { database_name: name, sqlalchemy_uri: `sqlite:///${file}` } });
  if (res.status !== 201) throw new Error(`create database failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

/** The sum of `num` in birthsWarehouse's rows. */
export const BIRTHS_TOTAL = 100;
