import path from 'node:path';
import type { TestApp } from '../../../test/testApp.js';

/** Births-like rows shared by the chart data suites; expectations are computed from these arrays. */
export interface BirthRow {
  ds: string;
  /** Epoch ms of ds (UTC). */
  ms: number;
  gender: 'boy' | 'girl';
  name: string;
  num: number;
  state: string;
  flag: boolean;
  note: string | null;
}

const NAMES = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve'];
const STATES = ['CA', 'NY', 'TX'];

/** 480 rows: ten a month from January 2020 to December 2023. */
export const BIRTHS: BirthRow[] = Array.from({ length: 480 }, (_, i) => {
  const month = i % 48;
  const ms = Date.UTC(2020, month, 1 + (i % 28), i % 24);
  return {
    ds: new Date(ms).toISOString().slice(0, 19).replace('T', ' '),
    ms,
    gender: i % 2 === 0 ? 'boy' : 'girl',
    name: NAMES[i % 5]!,
    num: (i % 7) + 1,
    state: STATES[i % 3]!,
    flag: i % 4 === 0,
    note: i % 6 === 0 ? null : `n${i % 10}`,
  };
});

const literal = (v: string | null) => (v === null ? 'NULL' : `'${v.replaceAll("'", "''")}'`);

/** INSERT statements (in chunks) for any engine: timestamps as text literals the engines cast on insert. */
export function insertStatements(table: string, bool: (b: boolean) => string = (b) => (b ? 'TRUE' : 'FALSE'), chunk = 120): string[] {
  const out: string[] = [];
  for (let i = 0; i < BIRTHS.length; i += chunk) {
    const values = BIRTHS.slice(i, i + chunk)
      .map((r) => `(${literal(r.ds)}, ${literal(r.gender)}, ${literal(r.name)}, ${r.num}, ${literal(r.state)}, ${bool(r.flag)}, ${literal(r.note)})`)
      .join(',\n');
    out.push(`INSERT INTO ${table} (ds, gender, name, num, state, flag, note) VALUES ${values}`);
  }
  return out;
}

export const CREATE_COLUMNS = 'ds TIMESTAMP, gender VARCHAR(10), name VARCHAR(10), num BIGINT, state VARCHAR(4), flag BOOLEAN, note VARCHAR(10)';

/** Creates the births table through SQL Lab (the database must allow DML): the same path on every engine. */
export async function createBirthsTable(app: TestApp, databaseId: number, table: string, columns = CREATE_COLUMNS): Promise<void> {
  for (const sql of [`CREATE TABLE ${table} (${columns})`, ...insertStatements(table)]) {
    const res = await app.api('POST', '/api/v1/sqllab/execute/', { body: { database_id: databaseId, sql } });
    if (res.status !== 200) throw new Error(`${sql.slice(0, 60)}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** The part of @duckdb/node-api the kit uses; test files pass the class (only they may import drivers). */
export interface DuckdbDriver {
  create(path: string): Promise<{ connect(): Promise<{ run(sql: string): Promise<unknown>; closeSync(): void }>; closeSync(): void }>;
}

/** A DuckDB file in the suite's files folder with the births table, registered as a database (allowing DML); returns its id. */
export async function createDuckdbWarehouse(app: TestApp, driver: DuckdbDriver, name = 'charts'): Promise<number> {
  const file = path.join(app.filesDir, `${name}.duckdb`);
  const instance = await driver.create(file);
  const conn = await instance.connect();
  for (const sql of [`CREATE TABLE births (${CREATE_COLUMNS})`, ...insertStatements('births')]) await conn.run(sql);
  conn.closeSync();
  instance.closeSync();
  return createDatabase(app, name, `duckdb:///${file}`, { allow_dml: true });
}

export async function createDatabase(app: TestApp, name: string, uri: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await app.api('POST', '/api/v1/database/', { body: { database_name: name, sqlalchemy_uri: uri, ...extra } });
  if (res.status !== 201) throw new Error(`create database failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

export async function createDataset(app: TestApp, database: number, table: string, schema: string | null): Promise<number> {
  const res = await app.api('POST', '/api/v1/dataset/', { body: { database, table_name: table, schema } });
  if (res.status !== 201) throw new Error(`create dataset failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

export const count = (pred: (r: BirthRow) => boolean) => BIRTHS.filter(pred).length;

export function sumBy<K extends string>(rows: BirthRow[], key: (r: BirthRow) => K): Map<K, { count: number; sum: number; max: number }> {
  const out = new Map<K, { count: number; sum: number; max: number }>();
  for (const r of rows) {
    const k = key(r);
    const cur = out.get(k) ?? { count: 0, sum: 0, max: -Infinity };
    out.set(k, { count: cur.count + 1, sum: cur.sum + r.num, max: Math.max(cur.max, r.num) });
  }
  return out;
}
