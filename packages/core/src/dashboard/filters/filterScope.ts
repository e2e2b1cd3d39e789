import type { FilterScope } from '../jsonMetadata.js';
import { ROOT_ID, type DashboardLayout } from '../layoutTypes.js';

/** The scope a new filter or cross-filter starts with: the whole dashboard, nothing excluded. */
export function defaultFilterScope(): FilterScope {
  return { rootPath: [ROOT_ID], excluded: [] };
}

/** Component ids under (and including) each of `roots`, depth first in layout order; unknown ids are skipped. */
function descendants(layout: DashboardLayout, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const id = stack.pop() as string;
    // A layout with a cycle (rejected on save, possible in hand-written imports) must not loop forever.
    if (seen.has(id)) continue;
    const component = layout[id];
    if (!component) continue;
    seen.add(id);
    order.push(id);
    for (let i = component.children.length - 1; i >= 0; i -= 1) stack.push(component.children[i] as string);
  }
  return order;
}

/**
 * The chart ids a scope reaches (Superset's chartsInScope): every chart under one of `rootPath` (ROOT_ID or tab
 * ids), minus `excluded`, each once, in layout order.
 */
export function chartsInScope(layout: DashboardLayout, scope: FilterScope): number[] {
  const excluded = new Set(scope.excluded);
  const charts: number[] = [];
  for (const id of descendants(layout, scope.rootPath)) {
    const component = layout[id];
    const chartId = component?.type === 'CHART' ? component.meta.chartId : undefined;
    if (typeof chartId === 'number' && !excluded.has(chartId) && !charts.includes(chartId)) charts.push(chartId);
  }
  return charts;
}

/** The tab ids that hold at least one chart of the scope (Superset's tabsInScope), in layout order. */
export function tabsInScope(layout: DashboardLayout, scope: FilterScope): string[] {
  const inScope = new Set(chartsInScope(layout, scope));
  const tabs: string[] = [];
  for (const id of descendants(layout, [ROOT_ID])) {
    const component = layout[id];
    if (component?.type !== 'TAB') continue;
    const holds = descendants(layout, [id]).some((d) => {
      const c = layout[d];
      return c?.type === 'CHART' && typeof c.meta.chartId === 'number' && inScope.has(c.meta.chartId);
    });
    if (holds) tabs.push(id);
  }
  return tabs;
}

/** The charts a cross-filter emitted by `chartId` reaches: its scope's charts, never itself. */
export function crossFilterChartsInScope(layout: DashboardLayout, chartId: number, scope: FilterScope): number[] {
  return chartsInScope(layout, scope).filter((id) => id !== chartId);
}
