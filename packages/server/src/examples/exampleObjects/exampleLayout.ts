import { DASHBOARD_VERSION_KEY, GRID_ID, HEADER_ID, ROOT_ID, type DashboardLayout, type LayoutComponent } from '@tessera/core';
import type { ExampleDashboard, ExampleRow } from './exampleDashboard.js';

/** A saved chart as the layout names it. */
export interface PlacedChart {
  id: number;
  uuid: string;
  name: string;
}

/**
 * The dashboard's `position_json` (facts §4.3): ROOT > GRID > rows (and a TABS > TAB > rows block when the
 * example has tabs), each CHART's meta naming its saved chart. Ids are stable per example, so two loads lay out alike.
 */
export function exampleLayout(example: ExampleDashboard, charts: ReadonlyMap<string, PlacedChart>): Record<string, LayoutComponent | string> {
  const layout: DashboardLayout = {};
  let counter = 0;
  const add = (type: LayoutComponent['type'], parents: string[], meta: LayoutComponent['meta']): LayoutComponent => {
    const id = `${type}-${example.slug}-${++counter}`;
    const component: LayoutComponent = { id, type, children: [], parents, meta };
    layout[id] = component;
    return component;
  };
  const addRows = (parent: LayoutComponent, rows: ExampleRow[]) => {
    const parents = [...(parent.parents ?? []), parent.id];
    for (const cells of rows) {
      const row = add('ROW', parents, { background: 'BACKGROUND_TRANSPARENT' });
      parent.children.push(row.id);
      const rowParents = [...parents, row.id];
      for (const cell of cells) {
        let child: LayoutComponent;
        if ('markdown' in cell) child = add('MARKDOWN', rowParents, { width: cell.width, height: cell.height, code: cell.markdown });
        else {
          const chart = charts.get(cell.chart);
          if (!chart) throw new Error(`example ${example.slug}: the layout names a chart that was not created: ${cell.chart}`);
          child = add('CHART', rowParents, { width: cell.width, height: cell.height, chartId: chart.id, uuid: chart.uuid, sliceName: chart.name });
        }
        row.children.push(child.id);
      }
    }
  };

  layout[ROOT_ID] = { id: ROOT_ID, type: 'ROOT', children: [GRID_ID], meta: {} };
  const grid: LayoutComponent = { id: GRID_ID, type: 'GRID', children: [], parents: [ROOT_ID], meta: {} };
  layout[GRID_ID] = grid;
  layout[HEADER_ID] = { id: HEADER_ID, type: 'HEADER', children: [], meta: { text: example.title } };
  addRows(grid, example.rows);
  if (example.tabs.length > 0) {
    const tabs = add('TABS', [ROOT_ID, GRID_ID], {});
    grid.children.push(tabs.id);
    for (const tab of example.tabs) {
      const component = add('TAB', [ROOT_ID, GRID_ID, tabs.id], { text: tab.title, defaultText: 'Tab title', placeholder: 'Tab title' });
      tabs.children.push(component.id);
      addRows(component, tab.rows);
    }
  }
  return { ...layout, [DASHBOARD_VERSION_KEY]: 'v2' };
}
