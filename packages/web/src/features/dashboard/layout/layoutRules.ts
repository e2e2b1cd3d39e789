import {
  GRID_COLUMN_COUNT,
  GRID_DEFAULT_CHART_WIDTH,
  GRID_MIN_COLUMN_COUNT,
  ROOT_ID,
  type DashboardLayout,
  type LayoutComponent,
  type LayoutComponentType,
} from '@tessera/core';

/**
 * Which component types a container accepts when editing (spec §4 drop rules, after Superset's isValidChild).
 * Simplified so that widths stay checkable: no COLUMN inside a COLUMN's subtree and no TABS inside a COLUMN.
 * Layouts loaded from elsewhere may break these rules; they are still drawn, the rules only govern edits.
 */
const VALID_CHILDREN: Partial<Record<LayoutComponentType, readonly LayoutComponentType[]>> = {
  GRID: ['ROW', 'TABS', 'HEADER', 'DIVIDER'],
  TAB: ['ROW', 'TABS', 'HEADER', 'DIVIDER'],
  TABS: ['TAB'],
  ROW: ['CHART', 'MARKDOWN', 'COLUMN', 'DYNAMIC'],
  COLUMN: ['CHART', 'MARKDOWN', 'DYNAMIC', 'HEADER', 'DIVIDER', 'ROW'],
};

/** Components that take width in a row: dropped on the GRID or a TAB they are wrapped in a new ROW. */
const ROW_ITEMS: readonly LayoutComponentType[] = ['CHART', 'MARKDOWN', 'COLUMN', 'DYNAMIC'];

export function isRowItem(type: LayoutComponentType): boolean {
  return ROW_ITEMS.includes(type);
}

export function isValidChild(parentType: LayoutComponentType, childType: LayoutComponentType): boolean {
  return VALID_CHILDREN[parentType]?.includes(childType) ?? false;
}

export function shouldWrapInRow(parentType: LayoutComponentType, childType: LayoutComponentType): boolean {
  return (parentType === 'GRID' || parentType === 'TAB') && isRowItem(childType);
}

/** Child id -> parent id, for the whole layout. */
export function parentIndex(layout: DashboardLayout): Map<string, string> {
  const parents = new Map<string, string>();
  for (const component of Object.values(layout)) {
    if (!component || typeof component !== 'object' || !Array.isArray(component.children)) continue;
    for (const child of component.children) parents.set(child, component.id);
  }
  return parents;
}

export function findParentId(layout: DashboardLayout, id: string): string | undefined {
  for (const component of Object.values(layout)) {
    if (component && Array.isArray(component.children) && component.children.includes(id)) return component.id;
  }
  return undefined;
}

/** The id and every descendant id (guards against cycles in hand-made layouts). */
export function subtreeIds(layout: DashboardLayout, id: string): string[] {
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    for (const child of layout[next]?.children ?? []) stack.push(child);
  }
  return [...seen];
}

/** Ancestor ids from the direct parent up to ROOT. */
export function ancestorIds(layout: DashboardLayout, id: string, parents = parentIndex(layout)): string[] {
  const ancestors: string[] = [];
  let current = parents.get(id);
  while (current && !ancestors.includes(current)) {
    ancestors.push(current);
    current = parents.get(current);
  }
  return ancestors;
}

/** Columns a component takes in a row (0 for full-width components such as headers). */
export function componentWidth(component: LayoutComponent | undefined): number {
  if (!component || !isRowItem(component.type)) return 0;
  const width = component.meta.width;
  return typeof width === 'number' && Number.isFinite(width) ? width : GRID_DEFAULT_CHART_WIDTH;
}

/** Columns a ROW offers its children: the whole grid, or its COLUMN's width. */
export function rowCapacity(layout: DashboardLayout, rowId: string, parents = parentIndex(layout)): number {
  const parent = layout[parents.get(rowId) ?? ''];
  return parent?.type === 'COLUMN' ? componentWidth(parent) : GRID_COLUMN_COUNT;
}

/** Sum of the widths of a row's children, leaving out `exceptId`. */
export function occupiedWidth(layout: DashboardLayout, rowId: string, exceptId?: string): number {
  return (layout[rowId]?.children ?? []).filter((id) => id !== exceptId).reduce((sum, id) => sum + componentWidth(layout[id]), 0);
}

/** The narrowest a component may become: a COLUMN must still hold its widest row. */
export function minimumWidth(layout: DashboardLayout, component: LayoutComponent): number {
  if (component.type !== 'COLUMN') return GRID_MIN_COLUMN_COUNT;
  const rows = component.children.map((id) => layout[id]).filter((child) => child?.type === 'ROW');
  return Math.max(GRID_MIN_COLUMN_COUNT, ...rows.map((row) => occupiedWidth(layout, row!.id)));
}

export function topLevelTabsId(layout: DashboardLayout): string | undefined {
  const rootChild = layout[ROOT_ID]?.children[0];
  return rootChild && layout[rootChild]?.type === 'TABS' ? rootChild : undefined;
}

/** Chart ids the layout places. */
export function chartIdsInLayout(layout: DashboardLayout): Set<number> {
  const ids = new Set<number>();
  for (const component of Object.values(layout)) {
    if (component?.type === 'CHART' && typeof component.meta.chartId === 'number') ids.add(component.meta.chartId);
  }
  return ids;
}
