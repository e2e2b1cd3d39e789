import { createNextState } from '@reduxjs/toolkit';
import { ROOT_ID, type DashboardLayout } from '@tessera/core';
import { deleteSubtree, removeChild, removeIfEmptyContainer, rootToGrid } from './layoutDraft';
import type { LayoutResult } from './layoutResult';
import { findParentId } from './layoutRules';

/** Removes a component and its whole subtree; a ROW or TABS left empty goes too (spec §4). */
export function deleteComponent(layout: DashboardLayout, id: string): LayoutResult {
  const component = layout[id];
  if (!component || component.type === 'ROOT' || component.type === 'GRID') return { ok: false };
  const parentId = findParentId(layout, id);
  const next = createNextState(layout, (draft) => {
    deleteSubtree(draft, id);
    if (parentId === ROOT_ID) {
      rootToGrid(draft);
      return;
    }
    if (!parentId) return;
    removeChild(draft, parentId, id);
    removeIfEmptyContainer(draft, parentId);
  });
  return { ok: true, layout: next };
}
