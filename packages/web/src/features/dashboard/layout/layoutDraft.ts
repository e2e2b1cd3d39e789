import { GRID_ID, ROOT_ID, type DashboardLayout } from '@tessera/core';
import { findParentId, subtreeIds } from './layoutRules';

/** Mutating helpers for layout operations; they run on an immer draft (`createNextState`), never on stored state. */

export function removeChild(draft: DashboardLayout, parentId: string, childId: string): number {
  const parent = draft[parentId];
  if (!parent) return -1;
  const index = parent.children.indexOf(childId);
  if (index >= 0) parent.children.splice(index, 1);
  return index;
}

export function insertChild(draft: DashboardLayout, parentId: string, childId: string, index: number): void {
  const children = draft[parentId]!.children;
  const at = Math.max(0, Math.min(Number.isInteger(index) ? index : children.length, children.length));
  children.splice(at, 0, childId);
}

export function deleteSubtree(draft: DashboardLayout, id: string): void {
  for (const descendant of subtreeIds(draft, id)) delete draft[descendant];
}

/** Makes sure GRID_ID exists (layouts with top-level tabs keep it empty; hand-made ones may lack it). */
export function ensureGrid(draft: DashboardLayout): void {
  if (!draft[GRID_ID]) draft[GRID_ID] = { id: GRID_ID, type: 'GRID', children: [], meta: {} };
}

/** Puts the dashboard back on its GRID when the top-level TABS goes away. */
export function rootToGrid(draft: DashboardLayout): void {
  ensureGrid(draft);
  draft[ROOT_ID]!.children = [GRID_ID];
}

/**
 * A ROW or TABS left without children is removed (spec §4; Superset does it after a move and on delete), and so
 * is its entry in its own parent; an emptied top-level TABS gives the dashboard back its GRID.
 */
export function removeIfEmptyContainer(draft: DashboardLayout, containerId: string): void {
  const container = draft[containerId];
  if (!container || container.children.length > 0) return;
  if (container.type !== 'ROW' && container.type !== 'TABS') return;
  const parentId = findParentId(draft, containerId);
  delete draft[containerId];
  if (!parentId) return;
  if (parentId === ROOT_ID) {
    rootToGrid(draft);
    return;
  }
  removeChild(draft, parentId, containerId);
}
