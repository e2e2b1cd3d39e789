import { createNextState } from '@reduxjs/toolkit';
import { GRID_ID, ROOT_ID, type DashboardLayout } from '@tessera/core';
import type { IdSource } from './componentIds';
import { ensureGrid, rootToGrid } from './layoutDraft';
import type { LayoutResult } from './layoutResult';
import { topLevelTabsId } from './layoutRules';
import { newComponent, newTab } from './newComponent';

/**
 * Spec §4 "toggle tabs to root": without top-level tabs, creates them with one tab holding everything the GRID
 * held; with them, puts every tab's content back on the GRID, in tab order (Superset's CREATE/DELETE_TOP_LEVEL_TABS).
 * `on` forces a direction (a no-op when already there).
 */
export function toggleTopLevelTabs(layout: DashboardLayout, newId: IdSource, on?: boolean): LayoutResult {
  const topTabs = topLevelTabsId(layout);
  if (!layout[ROOT_ID] || on === Boolean(topTabs)) return { ok: false };
  const next = createNextState(layout, (draft) => {
    if (topTabs) {
      const children = draft[topTabs]!.children.flatMap((tabId) => {
        const content = draft[tabId]?.children ?? [];
        delete draft[tabId];
        return content;
      });
      delete draft[topTabs];
      rootToGrid(draft);
      draft[GRID_ID]!.children = children;
      return;
    }
    ensureGrid(draft);
    const tabs = newComponent({ type: 'TABS' }, newId('TABS'));
    const tab = newTab(newId('TAB'));
    tab.children = [...draft[GRID_ID]!.children];
    tabs.children = [tab.id];
    draft[tabs.id] = tabs;
    draft[tab.id] = tab;
    draft[GRID_ID]!.children = [];
    draft[ROOT_ID]!.children = [tabs.id];
  });
  return { ok: true, layout: next };
}
