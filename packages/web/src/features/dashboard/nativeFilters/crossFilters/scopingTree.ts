import { ROOT_ID, type DashboardLayout, type FilterScope } from '@tessera/core';

/** A node of the scoping tree (antd Tree data): tabs hold charts; chart keys are their ids as text. */
export interface ScopeTreeNode {
  key: string;
  title: string;
  children?: ScopeTreeNode[];
  isLeaf?: boolean;
}

/**
 * The dashboard's tabs and charts as a tree (Superset's scoping tree): rows, columns and other containers are
 * flattened away; tabs without charts are left out. `chartName` names a chart.
 */
export function scopeTree(layout: DashboardLayout, chartName: (chartId: number) => string): ScopeTreeNode[] {
  const seen = new Set<string>();
  const walk = (id: string): ScopeTreeNode[] => {
    const component = layout[id];
    if (!component || seen.has(id)) return [];
    seen.add(id);
    if (component.type === 'CHART') {
      const chartId = component.meta.chartId;
      if (typeof chartId !== 'number') return [];
      return [{ key: String(chartId), title: component.meta.sliceNameOverride || chartName(chartId), isLeaf: true }];
    }
    const children = component.children.flatMap(walk);
    if (component.type === 'TAB') return children.length > 0 ? [{ key: id, title: component.meta.text || component.meta.defaultText || 'Tab', children }] : [];
    return children;
  };
  return walk(ROOT_ID);
}

/** Chart ids of the tree, in order. */
export function treeChartIds(nodes: readonly ScopeTreeNode[]): number[] {
  return nodes.flatMap((n) => (n.isLeaf ? [Number(n.key)] : treeChartIds(n.children ?? [])));
}

/** The scope of a set of checked charts: the whole dashboard minus the unchecked ones. */
export function scopeOfChecked(allCharts: readonly number[], checked: readonly number[]): FilterScope {
  const inScope = new Set(checked);
  return { rootPath: [ROOT_ID], excluded: allCharts.filter((id) => !inScope.has(id)) };
}
