import { sql, type Kysely, type Transaction } from 'kysely';
import type { MetadataDb } from './createMetadataStore.js';
import type { MetadataSchema } from './schema.js';

/**
 * Datasets, charts and dashboards say who owns them the same way: a link table of (object, user)
 * rows. One set of queries serves the three, named by the kind of object.
 */
export const OWNER_LINKS = {
  dataset: { table: 'dataset_owner', key: 'table_id' },
  chart: { table: 'slice_user', key: 'slice_id' },
  dashboard: { table: 'dashboard_user', key: 'dashboard_id' },
} as const;

export type OwnedKind = keyof typeof OWNER_LINKS;

/** One owner of one object (`owned_id`), with the names the API shows. */
export interface OwnerRow {
  owned_id: number;
  id: number;
  first_name: string;
  last_name: string;
}

/** List filters every owned object takes (charts and dashboards add stars). */
export type OwnershipFilter =
  | { col: 'id'; value: number[] }
  | { col: 'owners'; value: number }
  | { col: 'created_by'; value: number }
  | { col: 'favorite'; userId: number; value: boolean };

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

/** Owners of the given objects, by user id within each. */
export async function ownersOf(db: Db, kind: OwnedKind, ids: number[]): Promise<OwnerRow[]> {
  if (ids.length === 0) return [];
  const { table, key } = OWNER_LINKS[kind];
  const { rows } = await sql<OwnerRow>`
    SELECT l.${sql.ref(key)} AS owned_id, u.id, u.first_name, u.last_name
    FROM ${sql.table(table)} l JOIN ab_user u ON u.id = l.user_id
    WHERE l.${sql.ref(key)} IN (${sql.join(ids)})
    ORDER BY u.id`.execute(db);
  // PostgreSQL drivers may hand integers back as they were declared; the API speaks numbers.
  return rows.map((r) => ({ ...r, owned_id: Number(r.owned_id), id: Number(r.id) }));
}

/** The owners of one object as the API lists them. */
export function ownersFor(rows: readonly OwnerRow[], id: number): { id: number; first_name: string; last_name: string }[] {
  return rows.filter((o) => o.owned_id === id).map((o) => ({ id: o.id, first_name: o.first_name, last_name: o.last_name }));
}

/** Links users to a new object (inside the transaction that inserted it). */
export async function addOwners(trx: Db, kind: OwnedKind, id: number, owners: readonly number[]): Promise<void> {
  if (owners.length === 0) return;
  const { table, key } = OWNER_LINKS[kind];
  const values = sql.join(owners.map((u) => sql`(${id}, ${u})`));
  await sql`INSERT INTO ${sql.table(table)} (${sql.ref(key)}, user_id) VALUES ${values}`.execute(trx);
}

/** The owner set becomes exactly `owners`. */
export async function replaceOwners(trx: Db, kind: OwnedKind, id: number, owners: readonly number[]): Promise<void> {
  await removeOwners(trx, kind, [id]);
  await addOwners(trx, kind, id, owners);
}

export async function removeOwners(trx: Db, kind: OwnedKind, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const { table, key } = OWNER_LINKS[kind];
  await sql`DELETE FROM ${sql.table(table)} WHERE ${sql.ref(key)} IN (${sql.join([...ids])})`.execute(trx);
}

/** A subquery of the objects a user owns, for `owners` list filters (`rel_m_m`). */
export function ownedBy(kind: OwnedKind, userId: number) {
  const { table, key } = OWNER_LINKS[kind];
  return sql<number>`(SELECT ${sql.ref(key)} FROM ${sql.table(table)} WHERE user_id = ${userId})`;
}

/** Which of the given user (or role) ids exist: owners and roles named in a request must. */
export async function existingIds(db: MetadataDb, table: 'ab_user' | 'ab_role', ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom(table).select('id').where('id', 'in', [...ids]).execute()).map((r) => r.id);
}
