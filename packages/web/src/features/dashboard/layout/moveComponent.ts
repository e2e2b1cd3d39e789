import { createNextState } from '@reduxjs/toolkit';
import { DASHBOARD_MESSAGES, GRID_ID, ROOT_ID, type DashboardLayout } from '@tessera/core';
import type { IdSource } from './componentIds';
import { ensureGrid, removeChild, removeIfEmptyContainer } from './layoutDraft';
import { refuse, runLayoutOp, type DropDestination, type LayoutResult } from './layoutResult';
import { findParentId, topLevelTabsId } from './layoutRules';
import { newTab } from './newComponent';
import { placeComponent } from './placeComponent';

/**
 * A TABS dropped on the dashboard's top becomes its top-level tabs: its first tab takes what the GRID held
 * (Superset's CREATE_TOP_LEVEL_TABS for an existing component).
 */
function moveTabsToRoot(layout: DashboardLayout, id: string, oldParentId: string, newId: IdSource): DashboardLayout {
  if (layout[id]?.type !== 'TABS' || topLevelTabsId(layout)) refuse();
  return createNextState(layout, (draft) => {
    removeChild(draft, oldParentId, id);
    removeIfEmptyContainer(draft, oldParentId);
    ensureGrid(draft);
    const tabs = draft[id]!;
    if (tabs.children.length === 0) {
      const tab = newTab(newId('TAB'));
      draft[tab.id] = tab;
      tabs.children.push(tab.id);
    }
    const grid = draft[GRID_ID]!;
    draft[tabs.children[0]!]!.children.push(...grid.children);
    grid.children = [];
    draft[ROOT_ID]!.children = [id];
  });
}

/**
 * Moves a component (drag and drop inside the layout). Spec §4/§5: row items dropped on the GRID or a TAB are
 * wrapped in a new ROW, the top-level tabs (and their tabs) cannot go into nested tabs, a row never gets wider than
 * its columns, and a ROW or TABS left empty is removed.
 */
export function moveComponent(layout: DashboardLayout, id: string, destination: DropDestination, newId: IdSource): LayoutResult {
  return runLayoutOp(() => {
    const component = layout[id];
    if (!component || component.type === 'ROOT' || component.type === 'GRID') refuse();
    const oldParentId = findParentId(layout, id);
    if (!oldParentId) refuse();
    const topTabs = topLevelTabsId(layout);

    if (destination.parentId === ROOT_ID) return moveTabsToRoot(layout, id, oldParentId, newId);
    if (id === topTabs) refuse(DASHBOARD_MESSAGES.topLevelTabIntoNested);
    if (component.type === 'TAB' && oldParentId === topTabs && destination.parentId !== topTabs) {
      refuse(DASHBOARD_MESSAGES.topLevelTabIntoNested);
    }

    const sameParent = oldParentId === destination.parentId;
    const oldIndex = layout[oldParentId]!.children.indexOf(id);
    if (sameParent && (destination.index === oldIndex || destination.index === oldIndex + 1)) return layout;

    return createNextState(layout, (draft) => {
      removeChild(draft, oldParentId, id);
      const index = sameParent && oldIndex < destination.index ? destination.index - 1 : destination.index;
      placeComponent(draft, id, { parentId: destination.parentId, index }, newId, sameParent);
      if (!sameParent) removeIfEmptyContainer(draft, oldParentId);
    });
  });
}
