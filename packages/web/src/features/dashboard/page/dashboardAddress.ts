import rison from 'rison';
import { DASHBOARD_STANDALONE_MODE, DASHBOARD_UI_CONFIG_BITS, type DashboardStandaloneMode, type DataMaskState } from '@tessera/core';

/** What the dashboard page reads from its address (spec §2, facts §2.5). */
export interface DashboardAddress {
  standalone: DashboardStandaloneMode;
  /** The `uiConfig` bit mask as given (0..15). */
  uiConfig: number;
  hideNav: boolean;
  hideTitle: boolean;
  hideTab: boolean;
  hideChartControls: boolean;
  /** `standalone=3`: no nav, no header, every chart loads at once, no chart menus. */
  reportMode: boolean;
  /** `edit=true` was asked; the page honours it for editors only. */
  edit: boolean;
  /** `force=true`: the first load bypasses the cache. */
  force: boolean;
  focusedChartId: number | null;
  /** The component id of the address hash, when it looks like one. */
  anchor: string | null;
  permalinkKey: string | null;
  nativeFiltersKey: string | null;
  /** `expand_filters`: true/1 opens the vertical filter bar, false/0 folds it; null keeps the bar's stored state. */
  expandFilters: boolean | null;
  /** The rison `native_filters` parameter: filter masks by filter id; null when absent or unreadable. */
  nativeFilters: DataMaskState | null;
}

/** Parameters that only mean something once: they are not kept in a permalink's urlParams. */
const TRANSIENT_PARAMS = new Set(['permalink_key', 'native_filters_key', 'native_filters', 'edit', 'force']);

/** Component ids are `<TYPE>-<id>` or the fixed `ROOT_ID`-style names; anything else in the hash is no anchor. */
const ANCHOR_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

function parseStandalone(value: string | null): DashboardStandaloneMode {
  if (value === null) return DASHBOARD_STANDALONE_MODE.None;
  const text = value.trim().toLowerCase();
  // Superset's older links say `standalone=true`, which is the HideNav mode.
  if (text === 'true') return DASHBOARD_STANDALONE_MODE.HideNav;
  const n = Number(text);
  return n === 1 || n === 2 || n === 3 ? n : DASHBOARD_STANDALONE_MODE.None;
}

function parseUiConfig(value: string | null): number {
  if (value === null || !/^\d{1,2}$/.test(value.trim())) return 0;
  const n = Number(value.trim());
  return n >= 0 && n <= 15 ? n : 0;
}

function parseChartId(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n > 0 ? n : null;
}

function parseKey(value: string | null): string | null {
  return value !== null && KEY_PATTERN.test(value) ? value : null;
}

function parseAnchor(hash: string): string | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return ANCHOR_PATTERN.test(decoded) ? decoded : null;
}

const MASK_ID_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * Reads `native_filters=(<id>:(extraFormData:(...),filterState:(value:...)),...)` (rison of {filterId: dataMask}, facts
 * §2.5). Entries that are not objects, or whose key is no filter or chart id, are left out; unreadable text gives null.
 */
export function parseNativeFiltersParam(value: string | null): DataMaskState | null {
  if (value === null || value.trim() === '') return null;
  let decoded: unknown;
  try {
    decoded = rison.decode(value);
  } catch {
    return null;
  }
  if (!decoded || typeof decoded !== 'object' || Array.isArray(decoded)) return null;
  const masks: DataMaskState = {};
  for (const [id, mask] of Object.entries(decoded as Record<string, unknown>)) {
    if (!MASK_ID_PATTERN.test(id) || !mask || typeof mask !== 'object' || Array.isArray(mask)) continue;
    const { extraFormData, filterState, ownState } = mask as Record<string, unknown>;
    const isObject = (v: unknown) => v !== undefined && v !== null && typeof v === 'object' && !Array.isArray(v);
    masks[id] = {
      id,
      ...(isObject(extraFormData) ? { extraFormData: extraFormData as Record<string, unknown> } : {}),
      ...(isObject(filterState) ? { filterState: filterState as Record<string, unknown> } : {}),
      ...(isObject(ownState) ? { ownState: ownState as Record<string, unknown> } : {}),
    };
  }
  return masks;
}

/** `native_filters` text for masks (what a link that carries its filter values in the address says). */
export function nativeFiltersParam(masks: DataMaskState): string {
  return rison.encode(masks as never);
}

function parseBooleanParam(value: string | null): boolean | null {
  const text = value?.trim().toLowerCase();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  return null;
}

const isTrue = (value: string | null) => value !== null && value.trim().toLowerCase() === 'true';

/** Reads the dashboard address; anything malformed falls back to the default so a bad link still opens the dashboard. */
export function parseDashboardAddress(search: string | URLSearchParams, hash = ''): DashboardAddress {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const standalone = parseStandalone(params.get('standalone'));
  const uiConfig = parseUiConfig(params.get('uiConfig'));
  const bit = (mask: number) => (uiConfig & mask) === mask;
  const reportMode = standalone === DASHBOARD_STANDALONE_MODE.Report;
  return {
    standalone,
    uiConfig,
    hideNav: standalone !== DASHBOARD_STANDALONE_MODE.None || bit(DASHBOARD_UI_CONFIG_BITS.hideNav),
    hideTitle: standalone >= DASHBOARD_STANDALONE_MODE.HideNavAndTitle || bit(DASHBOARD_UI_CONFIG_BITS.hideTitle),
    hideTab: bit(DASHBOARD_UI_CONFIG_BITS.hideTab),
    hideChartControls: reportMode || bit(DASHBOARD_UI_CONFIG_BITS.hideChartControls),
    reportMode,
    edit: isTrue(params.get('edit')),
    force: isTrue(params.get('force')),
    focusedChartId: parseChartId(params.get('focused_chart')) ?? parseChartId(params.get('slice_id')),
    anchor: parseAnchor(hash),
    permalinkKey: parseKey(params.get('permalink_key')),
    nativeFiltersKey: parseKey(params.get('native_filters_key')),
    expandFilters: parseBooleanParam(params.get('expand_filters')),
    nativeFilters: parseNativeFiltersParam(params.get('native_filters')),
  };
}

/** `/superset/dashboard/<slug or id>/`: the slug when there is one, as Superset's `url`. */
export function dashboardPath(dashboard: { id: number; slug?: string | null }): string {
  const slug = dashboard.slug?.trim();
  return `/superset/dashboard/${encodeURIComponent(slug || String(dashboard.id))}/`;
}

/** The address parameters a permalink keeps (Superset's urlParams): everything but the one-shot keys. */
export function permalinkUrlParams(search: string | URLSearchParams): [string, string][] {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return [...params.entries()].filter(([key]) => !TRANSIENT_PARAMS.has(key));
}

/** The dashboard address a permalink opens: its path, the kept parameters and the anchor. */
export function addressFromPermalink(path: string, urlParams: readonly (readonly [string, string])[] | undefined, anchor?: string | null): string {
  const params = new URLSearchParams();
  for (const entry of urlParams ?? []) {
    if (Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string' && !TRANSIENT_PARAMS.has(entry[0])) {
      params.append(entry[0], entry[1]);
    }
  }
  const query = params.toString();
  const hash = anchor && ANCHOR_PATTERN.test(anchor) ? `#${anchor}` : '';
  return `${path}${query ? `?${query}` : ''}${hash}`;
}

/** The same address with `name` set (or removed when `value` is null), for "Enter/Exit full screen" and edit mode. */
export function withParam(search: string, name: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(name);
  else params.set(name, value);
  const query = params.toString();
  return query ? `?${query}` : '';
}
