import { DASHBOARD_VERSION_KEY, LAYOUT_TYPES, ROOT_ID, type DashboardLayout, type LayoutComponent, type LayoutComponentType } from '@tessera/core';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readComponent(key: string, value: unknown): LayoutComponent | null {
  if (!isRecord(value)) return null;
  const type = value.type;
  if (typeof type !== 'string' || !(LAYOUT_TYPES as readonly string[]).includes(type)) return null;
  const children = Array.isArray(value.children) ? value.children.filter((c): c is string => typeof c === 'string') : [];
  const meta = isRecord(value.meta) ? value.meta : {};
  // The map key is the id Superset trusts; a differing `id` field is ignored.
  return { id: key, type: type as LayoutComponentType, children, meta };
}

/**
 * Reads `position_json` (facts §4.3). Unknown entries are dropped, children that point nowhere are left out and
 * `parents` is not trusted (serializeLayout writes it again). Empty, unreadable or ROOT-less text gives null: the
 * page then builds `defaultLayout` from the dashboard's charts.
 */
export function parseLayout(text: string | null | undefined): DashboardLayout | null {
  if (!text || !text.trim()) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  const layout: DashboardLayout = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (key === DASHBOARD_VERSION_KEY) continue;
    const component = readComponent(key, value);
    if (component) layout[key] = component;
  }
  if (layout[ROOT_ID]?.type !== 'ROOT') return null;
  const claimed = new Set<string>();
  for (const component of Object.values(layout)) {
    // A child listed twice (or under two parents) would be drawn twice: the first listing wins.
    component.children = component.children.filter((child) => {
      if (!layout[child] || claimed.has(child) || child === ROOT_ID) return false;
      claimed.add(child);
      return true;
    });
  }
  return layout;
}
