import {
  GRID_COLUMN_COUNT,
  GRID_DEFAULT_CHART_WIDTH,
  GRID_ID,
  ROOT_ID,
  type DashboardLayout,
  type LayoutComponent,
} from '@tessera/core';
import { newComponentId, type IdSource } from './componentIds';
import { chartIdsInLayout, topLevelTabsId } from './layoutRules';
import { newComponent, newRow } from './newComponent';

/** The chart fields a layout needs (a `ChartListItem` fits). */
export interface LayoutChart {
  id: number;
  slice_name?: string | null;
  uuid?: string | null;
}

/** Rows of charts, each row filled up to the grid's 12 columns (3 default-width charts), as Superset's getInitialState. */
function chartRows(charts: LayoutChart[], newId: IdSource): LayoutComponent[] {
  const components: LayoutComponent[] = [];
  let row: LayoutComponent | null = null;
  let rowWidth = 0;
  for (const chart of charts) {
    if (!row || rowWidth + GRID_DEFAULT_CHART_WIDTH > GRID_COLUMN_COUNT) {
      row = newRow(newId('ROW'));
      rowWidth = 0;
      components.push(row);
    }
    const chartComponent = newComponent(
      { type: 'CHART', chartId: chart.id, sliceName: chart.slice_name ?? undefined, uuid: chart.uuid ?? undefined },
      newId('CHART'),
    );
    row.children.push(chartComponent.id);
    rowWidth += GRID_DEFAULT_CHART_WIDTH;
    components.push(chartComponent);
  }
  return components;
}

/** The layout of a dashboard whose `position_json` is empty: ROOT -> GRID -> rows of its charts. */
export function defaultLayout(charts: LayoutChart[], newId: IdSource = newComponentId): DashboardLayout {
  const layout: DashboardLayout = {
    [ROOT_ID]: { id: ROOT_ID, type: 'ROOT', children: [GRID_ID], meta: {} },
    [GRID_ID]: { id: GRID_ID, type: 'GRID', children: [], meta: {} },
  };
  return withMissingCharts(layout, charts, newId);
}

/**
 * Charts of the dashboard that its layout does not place (added to it from the chart's save modal) go at the end
 * of the GRID, or of the first top-level tab, in new rows (as Superset does when it opens such a dashboard).
 */
export function withMissingCharts(layout: DashboardLayout, charts: LayoutChart[], newId: IdSource = newComponentId): DashboardLayout {
  const placed = chartIdsInLayout(layout);
  const missing = charts.filter((chart) => !placed.has(chart.id));
  const topTabs = topLevelTabsId(layout);
  const containerId = topTabs ? layout[topTabs]!.children[0] : (layout[ROOT_ID]?.children[0] ?? GRID_ID);
  const container = containerId ? layout[containerId] : undefined;
  if (missing.length === 0 || !container) return layout;
  const components = chartRows(missing, newId);
  const rows = components.filter((c) => c.type === 'ROW').map((c) => c.id);
  return {
    ...layout,
    ...Object.fromEntries(components.map((c) => [c.id, c])),
    [container.id]: { ...container, children: [...container.children, ...rows] },
  };
}

/** The layout to open: the stored one (with any unplaced charts added), else the default one. */
export function initialLayout(positionJson: DashboardLayout | null, charts: LayoutChart[]): DashboardLayout {
  return positionJson ? withMissingCharts(positionJson, charts) : defaultLayout(charts);
}
