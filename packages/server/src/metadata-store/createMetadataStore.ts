import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration } from 'kysely';
import pg from 'pg';
import type { MetadataSchema } from './schema.js';
import { MIGRATIONS } from './migrations/index.js';
import type { Dialect } from './migrations/helpers.js';

export type MetadataDb = Kysely<MetadataSchema>;

export interface MetadataStore {
  db: MetadataDb;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface MetadataStoreOptions {
  /** PostgreSQL URL; SQLite in `dataDir` when null. */
  databaseUrl: string | null;
  dataDir: string;
  /** Overrides the SQLite file name (tests use ':memory:'). */
  sqliteFile?: string;
  /** Told about errors of idle PostgreSQL connections (logged by the app). */
  onPoolError?: (err: Error) => void;
}

export async function createMetadataStore(options: MetadataStoreOptions): Promise<MetadataStore> {
  let db: MetadataDb;
  let dialect: Dialect;
  if (options.databaseUrl) {
    dialect = 'postgres';
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client can be dropped by the server (restart, failover, admin kill). Without a listener the
    // pool's 'error' event would crash the process; the pool replaces the client on the next checkout.
    pool.on('error', (err) => options.onPoolError?.(err));
    db = new Kysely<MetadataSchema>({ dialect: new PostgresDialect({ pool }) });
  } else {
    dialect = 'sqlite';
    const file = options.sqliteFile ?? path.join(options.dataDir, 'tessera.db');
    const sqlite = new Database(file);
    // WAL lets readers proceed while a writer commits; busy_timeout rides out short lock waits.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    db = new Kysely<MetadataSchema>({ dialect: new SqliteDialect({ database: sqlite }) });
  }
  await migrate(db, dialect);
  return { db, dialect, close: () => db.destroy() };
}

export async function migrate(db: MetadataDb, dialect: Dialect): Promise<void> {
  const migrations: Record<string, Migration> = Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: (k: Kysely<unknown>) => m.up(k, dialect) }]),
  );
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    migrationTableName: 'tessera_migrations',
    migrationLockTableName: 'tessera_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Metadata migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
}

export const nowIso = (): string => new Date().toISOString();
export const toBool = (v: number | boolean | null | undefined): boolean => v === 1 || v === true;
export const fromBool = (v: boolean): number => (v ? 1 : 0);
