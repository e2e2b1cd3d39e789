import type { Kysely } from 'kysely';
import type { Dialect } from './helpers.js';
import * as m0001 from './0001_security.js';
import * as m0002 from './0002_databases.js';

export interface VersionedMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Ordered list; names are never renamed once released (they are the version record). */
export const MIGRATIONS: Record<string, VersionedMigration> = {
  '0001_security': m0001,
  '0002_databases': m0002,
};
