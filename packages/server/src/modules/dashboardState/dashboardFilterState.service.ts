import { createHash } from 'node:crypto';
import type { Principal } from '@tessera/core';
import { forbidden, notFound } from '../../app/httpErrors.js';
import { keyFromUuid, uuidFromKey, type KeyValueService } from '../keyValue/keyValue.service.js';
import type { DashboardLookup } from './dashboardLookup.js';

/** Superset's FILTER_STATE_CACHE_CONFIG default: 90 days, renewed on every read (REFRESH_TIMEOUT_ON_RETRIEVAL). */
export const FILTER_STATE_TTL_MS = 90 * 24 * 3600 * 1000;

/** One cached filter state (Superset's Entry): who stored it, for which dashboard, and the JSON text. */
interface StoredFilterState {
  owner: number | null;
  dashboardId: number;
  value: string;
}

const expiry = () => new Date(Date.now() + FILTER_STATE_TTL_MS);

function parseStored(text: string): StoredFilterState | null {
  try {
    const value = JSON.parse(text) as Partial<StoredFilterState>;
    return typeof value.dashboardId === 'number' && typeof value.value === 'string' ? (value as StoredFilterState) : null;
  } catch {
    return null;
  }
}

/**
 * The key of a browser tab's filter state on one dashboard, derived from the user, the tab and the dashboard, so the
 * tab finds its key again (Superset's contextual cache key). Anonymous callers all share one (null) user, so they
 * get none: each store makes a new key, and nobody overwrites another visitor's state.
 */
function contextUuid(userId: number | null, tabId: string | null, dashboardId: number): string | null {
  if (userId === null || tabId === null) return null;
  const hex = createHash('sha256').update(JSON.stringify(['dashboard_filter_state', userId, tabId, dashboardId])).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A dashboard's native filter state (Superset's DashboardFilterStateRestApi, `native_filters_key` in the address).
 * Every call checks the dashboard first (404 / 403). Anyone who may see the dashboard reads a state by its key (the
 * key travels in shared addresses); only the user who stored it may replace or delete it (403 otherwise). Within one
 * browser tab (`tab_id`) a user keeps one key per dashboard; without a tab every store makes a new key.
 */
export class DashboardFilterStateService {
  constructor(
    private readonly kv: KeyValueService,
    private readonly dashboards: DashboardLookup,
  ) {}

  async create(principal: Principal, dashboardPk: number, value: string, tabId: string | null): Promise<string> {
    const { id } = await this.dashboards.find(principal, String(dashboardPk));
    return this.store(principal, id, value, tabId, await this.contextKey(principal, tabId, id));
  }

  async get(principal: Principal, dashboardPk: number, key: string): Promise<string> {
    const { id } = await this.dashboards.find(principal, String(dashboardPk));
    const { uuid, stored } = await this.entry(id, key);
    await this.kv.replace('dashboard_filter_state', uuid, JSON.stringify(stored), expiry());
    return stored.value;
  }

  /**
   * Replaces the state, as Superset does: the answer is the key to use from now on, the tab's own key (a new one the
   * first time a tab writes, so a tab opened from a shared address does not overwrite the state it came from).
   */
  async update(principal: Principal, dashboardPk: number, key: string, value: string, tabId: string | null): Promise<string> {
    const { id } = await this.dashboards.find(principal, String(dashboardPk));
    const { stored } = await this.entry(id, key);
    this.checkOwner(principal, stored);
    return this.store(principal, id, value, tabId, await this.contextKey(principal, tabId, id));
  }

  /** Deletes the state; the tab (when named) forgets its key, so its next store makes a new one. */
  async delete(principal: Principal, dashboardPk: number, key: string, tabId: string | null): Promise<void> {
    const { id } = await this.dashboards.find(principal, String(dashboardPk));
    const { uuid, stored } = await this.entry(id, key);
    this.checkOwner(principal, stored);
    const ctx = contextUuid(principal.id, tabId, id);
    if (ctx) await this.kv.delete('dashboard_filter_state_context', ctx);
    await this.kv.delete('dashboard_filter_state', uuid);
  }

  private checkOwner(principal: Principal, stored: StoredFilterState): void {
    // Anonymous visitors share no identity: none of them may change what another stored.
    if (principal.id === null || stored.owner !== principal.id) throw forbidden();
  }

  /** The live entry under `key` for this dashboard; a key of another dashboard is as unknown as a made-up one. */
  private async entry(dashboardId: number, key: string): Promise<{ uuid: string; stored: StoredFilterState }> {
    const uuid = uuidFromKey(key);
    const entry = uuid ? await this.kv.getByUuid('dashboard_filter_state', uuid) : null;
    const stored = entry ? parseStored(entry.value) : null;
    if (!uuid || !stored || stored.dashboardId !== dashboardId) throw notFound();
    return { uuid, stored };
  }

  private async contextKey(principal: Principal, tabId: string | null, dashboardId: number): Promise<string | null> {
    const ctx = contextUuid(principal.id, tabId, dashboardId);
    const entry = ctx ? await this.kv.getByUuid('dashboard_filter_state_context', ctx) : null;
    return entry && uuidFromKey(entry.value) ? entry.value : null;
  }

  private async store(principal: Principal, dashboardId: number, value: string, tabId: string | null, key: string | null): Promise<string> {
    const stored: StoredFilterState = { owner: principal.id, dashboardId, value };
    const options = { createdBy: principal.id, expiresOn: expiry() };
    let finalKey: string;
    const uuid = key ? uuidFromKey(key) : null;
    if (uuid) {
      await this.kv.upsert('dashboard_filter_state', uuid, JSON.stringify(stored), options);
      finalKey = key!;
    } else {
      finalKey = keyFromUuid((await this.kv.putUnguessable('dashboard_filter_state', JSON.stringify(stored), options)).uuid);
    }
    const ctx = contextUuid(principal.id, tabId, dashboardId);
    if (ctx) await this.kv.upsert('dashboard_filter_state_context', ctx, finalKey, options);
    return finalKey;
  }
}
