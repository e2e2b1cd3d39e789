import { randomBytes, randomUUID } from 'node:crypto';
import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import { nowIso } from '../../metadata-store/createMetadataStore.js';

/** Resources sharing the key_value table; permalinks of explore and dashboards add theirs here. */
export type KeyValueResource =
  | 'kv'
  | 'sqllab_permalink'
  | 'explore_permalink'
  | 'explore_form_data'
  /** Which form-data key a browser tab edits a chart or dataset under (Superset's contextual cache key). */
  | 'explore_form_data_context'
  | 'dashboard_permalink'
  /** A dashboard's filter state (native_filters_key), and which key a browser tab uses per dashboard. */
  | 'dashboard_filter_state'
  | 'dashboard_filter_state_context'
  | 'app';

export interface KeyValueEntry {
  id: number;
  uuid: string;
  value: string;
  /** Who stored it (null: anonymous, or the user was deleted). */
  createdBy: number | null;
}

const UUID_HEX = /^[0-9a-f]{32}$/;

/**
 * Permalink keys are the entry's random (v4) uuid in base64url: 22 url-safe characters, as unguessable
 * as the uuid, and decodable without a lookup table.
 */
export function keyFromUuid(uuid: string): string {
  return Buffer.from(uuid.replace(/-/g, ''), 'hex').toString('base64url');
}

/**
 * 128 random bits in a uuid's spelling (the key_value column's shape), for keys that must be unguessable in full:
 * a v4 uuid spends 6 of its 128 bits on its version and variant.
 */
export function randomKeyUuid(): string {
  const hex = randomBytes(16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function uuidFromKey(key: string): string | null {
  if (!/^[A-Za-z0-9_-]{22}$/.test(key)) return null;
  const hex = Buffer.from(key, 'base64url').toString('hex');
  if (!UUID_HEX.test(hex)) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface PutOptions {
  createdBy?: number | null;
  expiresOn?: Date | null;
}

/** Generic storage of opaque text values by resource, with optional expiry (Superset's KeyValueDAO). */
export class KeyValueService {
  constructor(private readonly db: MetadataDb) {}

  async put(resource: KeyValueResource, value: string, options: PutOptions = {}): Promise<KeyValueEntry> {
    return this.insert(resource, randomUUID(), value, options);
  }

  /** Stores under 128 random bits (randomKeyUuid): for entries read by their key alone. */
  async putUnguessable(resource: KeyValueResource, value: string, options: PutOptions = {}): Promise<KeyValueEntry> {
    return this.insert(resource, randomKeyUuid(), value, options);
  }

  /** Writes the value under a uuid the caller chose: a live or expired entry there is overwritten. */
  async upsert(resource: KeyValueResource, uuid: string, value: string, options: PutOptions = {}): Promise<void> {
    if (await this.replace(resource, uuid, value, options.expiresOn ?? null)) return;
    try {
      await this.insert(resource, uuid, value, options);
    } catch (err) {
      // Another request inserted it meanwhile: the last write wins, as with a cache.
      if (!(await this.replace(resource, uuid, value, options.expiresOn ?? null))) throw err;
    }
  }

  private async insert(resource: KeyValueResource, uuid: string, value: string, options: PutOptions): Promise<KeyValueEntry> {
    const row = await this.db
      .insertInto('key_value')
      .values({
        uuid,
        resource,
        value,
        created_on: nowIso(),
        created_by_fk: options.createdBy ?? null,
        expires_on: options.expiresOn ? options.expiresOn.toISOString() : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, uuid, value, createdBy: options.createdBy ?? null };
  }

  async getByUuid(resource: KeyValueResource, uuid: string): Promise<KeyValueEntry | null> {
    return this.find(resource, 'uuid', uuid);
  }

  async getById(resource: KeyValueResource, id: number): Promise<KeyValueEntry | null> {
    return this.find(resource, 'id', id);
  }

  /** Replaces a live entry's value (and expiry) under the same key; false when there is none. */
  async replace(resource: KeyValueResource, uuid: string, value: string, expiresOn: Date | null): Promise<boolean> {
    const res = await this.db
      .updateTable('key_value')
      .set({ value, expires_on: expiresOn ? expiresOn.toISOString() : null })
      .where('resource', '=', resource)
      .where('uuid', '=', uuid)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async delete(resource: KeyValueResource, uuid: string): Promise<boolean> {
    const res = await this.db.deleteFrom('key_value').where('resource', '=', resource).where('uuid', '=', uuid).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  /** Expired entries read as missing; they are removed when seen. */
  private async find(resource: KeyValueResource, column: 'id' | 'uuid', value: number | string): Promise<KeyValueEntry | null> {
    const row = await this.db
      .selectFrom('key_value')
      .select(['id', 'uuid', 'value', 'expires_on', 'created_by_fk'])
      .where('resource', '=', resource)
      .where(column, '=', value)
      .executeTakeFirst();
    if (!row) return null;
    if (row.expires_on && row.expires_on <= nowIso()) {
      await this.db.deleteFrom('key_value').where('id', '=', row.id).execute();
      return null;
    }
    return { id: row.id, uuid: row.uuid, value: row.value, createdBy: row.created_by_fk };
  }
}
