import { DASHBOARD_VERSION_KEY, ROOT_ID, type DashboardLayout, type LayoutComponent } from '@tessera/core';

/** The layout with `parents` (ancestor ids from ROOT_ID down to the direct parent) written for every placed component. */
export function withParents(layout: DashboardLayout): DashboardLayout {
  const result: DashboardLayout = {};
  const visit = (id: string, parents: string[]) => {
    const component = layout[id];
    if (!component || result[id]) return;
    const entry: LayoutComponent = { ...component, children: [...component.children], meta: { ...component.meta } };
    if (id === ROOT_ID) delete entry.parents;
    else entry.parents = parents;
    result[id] = entry;
    for (const child of component.children) visit(child, [...parents, id]);
  };
  visit(ROOT_ID, []);
  // Components off the tree (the GRID kept empty under top-level tabs, HEADER_ID) are kept as they are.
  for (const [id, component] of Object.entries(layout)) {
    if (!result[id]) {
      const { parents: _unused, ...rest } = component;
      result[id] = { ...rest, children: [...component.children] };
    }
  }
  return result;
}

/** `position_json` text for a save: the layout, `parents` filled in, and `DASHBOARD_VERSION_KEY: "v2"` (facts §4.3). */
export function serializeLayout(layout: DashboardLayout): string {
  return JSON.stringify({ ...withParents(layout), [DASHBOARD_VERSION_KEY]: 'v2' });
}
