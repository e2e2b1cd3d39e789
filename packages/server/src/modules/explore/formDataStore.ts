import { createHash } from 'node:crypto';
import { keyFromUuid, uuidFromKey, type KeyValueService } from '../keyValue/keyValue.service.js';

/** Cached explore state lives a week, as Superset's EXPLORE_FORM_DATA_CACHE_CONFIG default. */
const FORM_DATA_TTL_MS = 7 * 24 * 3600 * 1000;

/** One cached explore state (Superset's TemporaryExploreState). */
export interface StoredFormData {
  owner: number | null;
  datasource_id: number;
  datasource_type: string;
  chart_id: number | null;
  form_data: string;
}

/** What a browser tab edits: its user, its tab, and the datasource and chart it has open. */
export interface FormDataContext {
  owner: number | null;
  tabId: string | null;
  datasource_id: number;
  datasource_type: string;
  chart_id: number | null;
}

const expiry = () => new Date(Date.now() + FORM_DATA_TTL_MS);

/**
 * A tab id counts only when it is a non-zero integer, as Superset reads `tab_id` with `type=int` and
 * treats 0 as "no tab".
 */
export function tabIdOf(raw: unknown): string | null {
  const first = Array.isArray(raw) ? (raw[0] as unknown) : raw;
  return typeof first === 'string' && /^\d+$/.test(first) && Number(first) !== 0 ? String(Number(first)) : null;
}

/** A uuid derived from the context, so the same tab editing the same chart finds its key again. */
function contextUuid(ctx: FormDataContext): string {
  const hex = createHash('sha256')
    .update(JSON.stringify([ctx.owner, ctx.tabId, ctx.datasource_id, ctx.datasource_type, ctx.chart_id]))
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The form-data cache over the key/value table: states by key, and the key each tab's context last used. */
export class FormDataStore {
  constructor(private readonly kv: KeyValueService) {}

  async read(key: string): Promise<StoredFormData | null> {
    const uuid = uuidFromKey(key);
    const entry = uuid ? await this.kv.getByUuid('explore_form_data', uuid) : null;
    return entry ? (JSON.parse(entry.value) as StoredFormData) : null;
  }

  /** Reading keeps a state alive another week (Superset's REFRESH_TIMEOUT_ON_RETRIEVAL). */
  async touch(key: string, stored: StoredFormData): Promise<void> {
    const uuid = uuidFromKey(key);
    if (uuid) await this.kv.replace('explore_form_data', uuid, JSON.stringify(stored), expiry());
  }

  /** The key this tab's context used last, or null without a tab or when it has none yet. */
  async contextKey(ctx: FormDataContext): Promise<string | null> {
    if (ctx.tabId === null) return null;
    const entry = await this.kv.getByUuid('explore_form_data_context', contextUuid(ctx));
    return entry && uuidFromKey(entry.value) ? entry.value : null;
  }

  async rememberContextKey(ctx: FormDataContext, key: string): Promise<void> {
    if (ctx.tabId === null) return;
    await this.kv.upsert('explore_form_data_context', contextUuid(ctx), key, { createdBy: ctx.owner, expiresOn: expiry() });
  }

  async forgetContext(ctx: FormDataContext): Promise<void> {
    if (ctx.tabId !== null) await this.kv.delete('explore_form_data_context', contextUuid(ctx));
  }

  /** Writes the state under `key`, or under a new key when none is given; answers the key. */
  async write(stored: StoredFormData, key: string | null): Promise<string> {
    const uuid = key ? uuidFromKey(key) : null;
    if (uuid) {
      await this.kv.upsert('explore_form_data', uuid, JSON.stringify(stored), { createdBy: stored.owner, expiresOn: expiry() });
      return key!;
    }
    const entry = await this.kv.put('explore_form_data', JSON.stringify(stored), { createdBy: stored.owner, expiresOn: expiry() });
    return keyFromUuid(entry.uuid);
  }

  async delete(key: string): Promise<boolean> {
    const uuid = uuidFromKey(key);
    return uuid ? this.kv.delete('explore_form_data', uuid) : false;
  }
}
