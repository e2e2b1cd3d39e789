import type { DashboardPermalinkState, DashboardPermalinkStateInput, DashboardPermalinkValue, Principal } from '@tessera/core';
import { notFound } from '../../app/httpErrors.js';
import { keyFromUuid, uuidFromKey, type KeyValueService } from '../keyValue/keyValue.service.js';
import type { DashboardLookup } from './dashboardLookup.js';

/** What the key/value row holds: the dashboard by id (a later slug change keeps the link working). */
interface StoredPermalink {
  dashboardId: number;
  state: DashboardPermalinkState;
}

function parseStored(text: string): StoredPermalink | null {
  try {
    const value = JSON.parse(text) as Partial<StoredPermalink>;
    return typeof value.dashboardId === 'number' && value.state && typeof value.state === 'object' ? (value as StoredPermalink) : null;
  } catch {
    return null;
  }
}

/** Only the fields the caller sent, in Superset's names: the link restores exactly what was shared. */
function stateOf(input: DashboardPermalinkStateInput): DashboardPermalinkState {
  const state: DashboardPermalinkState = {};
  if (input.dataMask !== undefined) state.dataMask = input.dataMask;
  if (input.activeTabs !== undefined) state.activeTabs = input.activeTabs;
  if (input.anchor !== undefined) state.anchor = input.anchor;
  if (input.urlParams !== undefined) state.urlParams = input.urlParams;
  return state;
}

/**
 * Dashboard permalinks (Superset's DashboardPermalinkRestApi): a state of a dashboard kept for good under 128 random
 * bits. Creating and reading both need access to the dashboard, so a link passed to someone who may not see the
 * dashboard opens nothing (403, as Superset's DashboardAccessDeniedError; 404 once the dashboard is deleted).
 */
export class DashboardPermalinksService {
  constructor(
    private readonly kv: KeyValueService,
    private readonly dashboards: DashboardLookup,
  ) {}

  async create(principal: Principal, idOrSlug: string, input: DashboardPermalinkStateInput): Promise<string> {
    const dashboard = await this.dashboards.find(principal, idOrSlug);
    const stored: StoredPermalink = { dashboardId: dashboard.id, state: stateOf(input) };
    const entry = await this.kv.putUnguessable('dashboard_permalink', JSON.stringify(stored), { createdBy: principal.id });
    return keyFromUuid(entry.uuid);
  }

  /**
   * Keeps a state of a dashboard the caller was already checked against under a uuid of the caller's choosing (the
   * screenshot of a state asks again and again for the same link: one row, not one per request). Answers its key.
   */
  async keepAt(principal: Principal, dashboardId: number, state: DashboardPermalinkState, uuid: string): Promise<string> {
    const stored: StoredPermalink = { dashboardId, state };
    await this.kv.upsert('dashboard_permalink', uuid, JSON.stringify(stored), { createdBy: principal.id });
    return keyFromUuid(uuid);
  }

  async read(principal: Principal, key: string): Promise<DashboardPermalinkValue> {
    const uuid = uuidFromKey(key);
    const entry = uuid ? await this.kv.getByUuid('dashboard_permalink', uuid) : null;
    const stored = entry ? parseStored(entry.value) : null;
    if (!stored) throw notFound();
    const dashboard = await this.dashboards.find(principal, String(stored.dashboardId));
    return { dashboardId: String(dashboard.id), state: stored.state };
  }
}
