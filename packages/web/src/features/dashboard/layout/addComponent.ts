import { createNextState } from '@reduxjs/toolkit';
import { ROOT_ID, type DashboardLayout } from '@tessera/core';
import type { IdSource } from './componentIds';
import { chartIdsInLayout } from './layoutRules';
import { refuse, runLayoutOp, type DropDestination, type LayoutResult } from './layoutResult';
import { newComponent, newTab, type NewComponentSpec } from './newComponent';
import { placeComponent } from './placeComponent';
import { toggleTopLevelTabs } from './toggleTopLevelTabs';

/**
 * Adds a new component from the builder's panes. A new TABS gets its first TAB (spec §4); one dropped on the
 * dashboard's top becomes the top-level tabs. A chart already on the dashboard is not added twice.
 */
export function addComponent(layout: DashboardLayout, spec: NewComponentSpec, destination: DropDestination, newId: IdSource): LayoutResult {
  if (destination.parentId === ROOT_ID) {
    return spec.type === 'TABS' ? toggleTopLevelTabs(layout, newId, true) : { ok: false };
  }
  return runLayoutOp(() => {
    if (spec.type === 'CHART' && chartIdsInLayout(layout).has(spec.chartId)) refuse();
    return createNextState(layout, (draft) => {
      const component = newComponent(spec, newId(spec.type));
      draft[component.id] = component;
      if (component.type === 'TABS') {
        const tab = newTab(newId('TAB'));
        draft[tab.id] = tab;
        component.children.push(tab.id);
      }
      placeComponent(draft, component.id, destination, newId);
    });
  });
}
