import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { EXAMPLE_TABLES, EXAMPLES_VERSION } from './exampleTables.js';
import { RANDOM_MACROS } from './randomMacros.js';

export interface ExamplesResult {
  file: string;
  tables: Record<string, number>;
  millis: number;
}

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const quoteString = (value: string): string => `'${value.replaceAll("'", "''")}'`;

/** Creates (or re-creates atomically) a DuckDB file at `file` with the example tables. Deterministic. */
export async function generateExamples(file: string, log: (msg: string) => void = () => {}): Promise<ExamplesResult> {
  const started = performance.now();
  const target = path.resolve(file);
  const dir = path.dirname(target);
  await mkdir(dir, { recursive: true });
  // Built beside the target (same filesystem) so the final rename is atomic: readers see the
  // old file or the complete new one, never a half-written database.
  const temp = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    const tables = await writeTables(temp, log);
    // A WAL left next to the old file would be replayed into the new one on next open.
    await rm(`${target}.wal`, { force: true });
    await rename(temp, target);
    await syncDirectory(dir);
    const millis = Math.round(performance.now() - started);
    log(`examples: wrote ${target} in ${millis} ms`);
    return { file: target, tables, millis };
  } finally {
    await rm(temp, { force: true });
    await rm(`${temp}.wal`, { force: true });
  }
}

/** True if `file` exists and holds all tables with the expected row counts (cheap check used at start). */
export async function examplesAreComplete(file: string): Promise<boolean> {
  try {
    if (!(await stat(file)).isFile()) return false;
  } catch {
    return false;
  }
  let instance: DuckDBInstance | undefined;
  let conn: DuckDBConnection | undefined;
  try {
    instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
    conn = await instance.connect();
    const stamped = await conn.runAndReadAll(
      `SELECT table_name, comment FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = 'main'`,
    );
    const comments = new Map(stamped.getRowObjectsJson().map((r) => [String(r['table_name']), r['comment']]));
    if (EXAMPLE_TABLES.some((t) => comments.get(t.name) !== EXAMPLES_VERSION)) return false;
    // count(*) without a filter is answered from table metadata, so this stays cheap for flights.
    const counts = await conn.runAndReadAll(
      `SELECT ${EXAMPLE_TABLES.map((t, i) => `(SELECT count(*) FROM ${quoteIdent(t.name)}) AS c${i}`).join(', ')}`,
    );
    const row = counts.getRowsJson()[0] ?? [];
    return EXAMPLE_TABLES.every((t, i) => Number(row[i]) === t.rowCount);
  } catch {
    // Unreadable, locked, corrupt or from an incompatible DuckDB version: regenerate.
    return false;
  } finally {
    conn?.closeSync();
    instance?.closeSync();
  }
}

async function writeTables(file: string, log: (msg: string) => void): Promise<Record<string, number>> {
  const instance = await DuckDBInstance.create(file);
  const conn = await instance.connect();
  try {
    for (const macro of RANDOM_MACROS) await conn.run(macro);
    const tables: Record<string, number> = {};
    for (const table of EXAMPLE_TABLES) {
      const t0 = performance.now();
      await conn.run(`CREATE TABLE ${quoteIdent(table.name)} AS ${table.sql}`);
      const reader = await conn.runAndReadAll(`SELECT count(*) FROM ${quoteIdent(table.name)}`);
      const rows = Number(reader.getRowsJson()[0]?.[0]);
      if (rows !== table.rowCount) {
        throw new Error(`Example table ${table.name} has ${rows} rows, expected ${table.rowCount}`);
      }
      await conn.run(`COMMENT ON TABLE ${quoteIdent(table.name)} IS ${quoteString(EXAMPLES_VERSION)}`);
      tables[table.name] = rows;
      log(`examples: ${table.name} (${rows} rows) in ${Math.round(performance.now() - t0)} ms`);
    }
    // Fold everything into the main file so the renamed file is self-contained (no WAL).
    await conn.run('CHECKPOINT');
    return tables;
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/** Makes the rename durable; not supported on every platform, where it is simply skipped. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows cannot open directories; the rename itself is still atomic there.
  }
}
