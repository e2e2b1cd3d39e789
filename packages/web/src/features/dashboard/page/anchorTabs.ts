import { ROOT_ID, type DashboardLayout } from '@tessera/core';

/** The component's ancestors from the root down to its parent, read from `children` (stored `parents` may be stale). */
function ancestors(layout: DashboardLayout, id: string): string[] | null {
  const parentOf = new Map<string, string>();
  for (const component of Object.values(layout)) {
    if (!component || !Array.isArray(component.children)) continue;
    for (const child of component.children) if (!parentOf.has(child)) parentOf.set(child, component.id);
  }
  const chain: string[] = [];
  let current = parentOf.get(id);
  const seen = new Set<string>([id]);
  while (current !== undefined && !seen.has(current)) {
    seen.add(current);
    chain.unshift(current);
    if (current === ROOT_ID) return chain;
    current = parentOf.get(current);
  }
  return id === ROOT_ID ? [] : null;
}

/**
 * The active tabs that show `componentId` (an anchor or focused chart): every TAB on its way from the root (and the
 * component itself when it is a TAB) becomes the active one of its TABS; other TABS keep their active tab.
 */
export function tabsForComponent(layout: DashboardLayout, componentId: string, activeTabs: readonly string[]): string[] | null {
  if (!layout[componentId]) return null;
  const chain = ancestors(layout, componentId);
  if (!chain) return null;
  const wanted = [...chain, componentId].filter((id) => layout[id]?.type === 'TAB');
  const tabsOf = (tabId: string) => Object.values(layout).find((c) => c?.type === 'TABS' && c.children.includes(tabId))?.id;
  const replaced = new Set(wanted.map(tabsOf));
  const kept = activeTabs.filter((tab) => !replaced.has(tabsOf(tab)));
  return [...wanted, ...kept];
}

/** The CHART component showing a chart id (first one, as Superset focuses). */
export function componentOfChart(layout: DashboardLayout, chartId: number): string | null {
  return Object.values(layout).find((c) => c?.type === 'CHART' && c.meta.chartId === chartId)?.id ?? null;
}
