import { chartsInScope, ROOT_ID, type DashboardLayout, type FilterScope } from '@tessera/core';

/** A node of the Scoping tab's tree: "All panels", tabs and charts (antd Tree's data shape). */
export interface ScopeTreeNode {
  key: string;
  title: string;
  children?: ScopeTreeNode[];
}

export const ALL_PANELS = 'All panels';

/** Only tabs and charts are shown; rows, columns, grids and tab containers pass their children up. */
const isShown = (layout: DashboardLayout, id: string) => {
  const type = layout[id]?.type;
  return type === 'ROOT' || type === 'TAB' || type === 'CHART';
};

function walk(layout: DashboardLayout, id: string, chartName: (chartId: number) => string | undefined, seen: Set<string>): ScopeTreeNode[] {
  const component = layout[id];
  if (!component || seen.has(id)) return [];
  seen.add(id);
  const children = component.children.flatMap((child) => walk(layout, child, chartName, seen));
  if (component.type === 'CHART') {
    const chartId = component.meta.chartId;
    const title = component.meta.sliceNameOverride || component.meta.sliceName || (typeof chartId === 'number' ? chartName(chartId) : undefined) || `Chart ${chartId ?? ''}`;
    return [{ key: id, title }];
  }
  if (component.type === 'TAB') return [{ key: id, title: component.meta.text || component.meta.defaultText || 'Tab', children }];
  return children;
}

/** The tree of the layout under "All panels" (key ROOT_ID); chart nodes are keyed by their layout component id. */
export function buildScopeTree(layout: DashboardLayout, chartName: (chartId: number) => string | undefined): ScopeTreeNode {
  const children = layout[ROOT_ID] ? walk(layout, ROOT_ID, chartName, new Set()) : [];
  return { key: ROOT_ID, title: ALL_PANELS, children };
}

/** Shown ancestors (ROOT_ID and tabs) of every component, outermost first, found by walking down from the root. */
function shownParents(layout: DashboardLayout): Map<string, string[]> {
  const parents = new Map<string, string[]>();
  const stack: [string, string[]][] = [[ROOT_ID, []]];
  while (stack.length > 0) {
    const [id, above] = stack.pop()!;
    if (parents.has(id) || !layout[id]) continue;
    parents.set(id, above);
    const next = isShown(layout, id) ? [...above, id] : above;
    for (const child of layout[id]!.children) stack.push([child, next]);
  }
  return parents;
}

/** Layout ids of the chart components. */
const chartComponents = (layout: DashboardLayout) => Object.values(layout).filter((c) => c?.type === 'CHART' && typeof c.meta?.chartId === 'number');

/**
 * The scope of the checked charts (Superset's findFilterScope): the checked charts' ancestors at the depth of the
 * shallowest checked chart become `rootPath` (ROOT_ID, or tabs), and every unchecked chart under them is excluded.
 * No chart checked gives an empty scope.
 */
export function scopeFromChecked(layout: DashboardLayout, checkedKeys: readonly string[]): FilterScope {
  const parents = shownParents(layout);
  const checked = new Set(checkedKeys);
  const checkedCharts = chartComponents(layout).filter((c) => checked.has(c.id) && parents.has(c.id));
  if (checkedCharts.length === 0) return { rootPath: [], excluded: [] };
  const paths = checkedCharts.map((c) => parents.get(c.id)!).sort((a, b) => a.length - b.length);
  const depth = paths[0]!.length;
  const rootPath = [...new Set(paths.map((p) => p[depth - 1]!))];
  const roots = new Set(rootPath);
  const excluded: number[] = [];
  for (const chart of chartComponents(layout)) {
    const above = parents.get(chart.id);
    if (!above || checked.has(chart.id) || !above.some((p) => roots.has(p))) continue;
    const chartId = chart.meta.chartId as number;
    // The same chart placed twice: it is in scope if any of its places is checked.
    if (!excluded.includes(chartId) && !checkedCharts.some((c) => c.meta.chartId === chartId)) excluded.push(chartId);
  }
  return { rootPath, excluded };
}

/** The chart nodes to check for a scope: every placement of a chart the scope reaches. */
export function checkedFromScope(layout: DashboardLayout, scope: FilterScope): string[] {
  const inScope = new Set(chartsInScope(layout, scope));
  return chartComponents(layout)
    .filter((c) => inScope.has(c.meta.chartId as number))
    .map((c) => c.id);
}
