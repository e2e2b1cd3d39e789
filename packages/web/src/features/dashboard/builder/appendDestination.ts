import { ROOT_ID, type DashboardLayout } from '@tessera/core';
import { activeTabOf } from '../grid/activeTabs';
import type { DropDestination } from '../layout/layoutResult';

/** The end of what is shown: the GRID, or the shown top-level tab (where "Add" without dragging puts things). */
export function appendDestination(layout: DashboardLayout, activeTabs: string[]): DropDestination | null {
  const rootChild = layout[layout[ROOT_ID]?.children[0] ?? ''];
  if (!rootChild) return null;
  const container = rootChild.type === 'TABS' ? layout[activeTabOf(rootChild.children, activeTabs) ?? ''] : rootChild;
  return container ? { parentId: container.id, index: container.children.length } : null;
}
