import {
  DASHBOARD_POSITION_DATA_LIMIT,
  DASHBOARD_VERSION_KEY,
  GRID_ID,
  HEADER_ID,
  LAYOUT_TOO_LARGE,
  ROOT_ID,
  layoutChartIds,
  validateLayout,
} from '@tessera/core';

/**
 * The layout (`position`) of a dashboard as a bundle carries it: a mapping of component id -> component, with
 * `DASHBOARD_VERSION_KEY: v2`. CHART components name their chart twice: `meta.chartId` (an id on the server
 * that exported it) and `meta.uuid` (the same chart anywhere). Exports add the uuid; imports read it.
 */

export type Layout = Record<string, unknown>;
type Component = { type: string; children?: unknown; meta?: Record<string, unknown> } & Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isComponent = (value: unknown): value is Component => isObject(value) && typeof value.type === 'string';

/** A chart id as layouts and json_metadata write it: a number, or digits in a text (JSON object keys). */
export function chartIdOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  return null;
}

/** The CHART components of a layout. */
function charts(layout: Layout): Component[] {
  return Object.values(layout).filter((c): c is Component => isComponent(c) && c.type === 'CHART');
}

/** Chart uuids the layout names (`meta.uuid`), lowercased as the bundle schemas read uuids. */
export function layoutChartUuids(layout: Layout): string[] {
  const uuids = charts(layout).map((c) => c.meta?.uuid);
  return [...new Set(uuids.filter((u): u is string => typeof u === 'string' && UUID.test(u)).map((u) => u.toLowerCase()))];
}

/**
 * What stops a bundle's layout from being imported, or null: the dashboards API's layout rules (core's
 * validateLayout, which accepts Superset's own exports), the size limit, and a `meta.uuid` on every CHART
 * (the only way to find its chart on this server). Chart existence is known once the uuids are resolved.
 */
export function bundleLayoutProblem(layout: Layout): string | null {
  if (JSON.stringify(layout).length > DASHBOARD_POSITION_DATA_LIMIT) return LAYOUT_TOO_LARGE;
  const problem = validateLayout(layout);
  if (problem) return problem;
  for (const [id, component] of Object.entries(layout)) {
    if (!isComponent(component) || component.type !== 'CHART') continue;
    const uuid = component.meta?.uuid;
    if (typeof uuid !== 'string' || !UUID.test(uuid)) return `Chart component ${id} has no meta.uuid naming its chart`;
  }
  return null;
}

/** Superset's default layout for a dashboard stored without one: root, grid and header. */
export function defaultLayout(title: string): Layout {
  return {
    [DASHBOARD_VERSION_KEY]: 'v2',
    [ROOT_ID]: { children: [GRID_ID], id: ROOT_ID, type: 'ROOT' },
    [GRID_ID]: { children: [], id: GRID_ID, parents: [ROOT_ID], type: 'GRID' },
    [HEADER_ID]: { id: HEADER_ID, meta: { text: title }, type: 'HEADER' },
  };
}

export interface LayoutChart {
  id: number;
  uuid: string;
  slice_name: string;
}

/**
 * The layout an export writes: a copy with `meta.uuid` on every CHART whose chart is known, and the dashboard's
 * charts missing from it added in a new row of the grid (as Superset's export does), so an import links them all.
 */
export function exportLayout(stored: Layout | null, title: string, known: readonly LayoutChart[], linkedIds: readonly number[]): Layout {
  const layout = structuredClone(stored && Object.keys(stored).length > 0 ? stored : defaultLayout(title));
  const byId = new Map(known.map((c) => [c.id, c]));
  for (const component of charts(layout)) {
    const chart = byId.get(chartIdOf(component.meta?.chartId) ?? -1);
    if (chart) component.meta = { ...(component.meta ?? {}), uuid: chart.uuid };
  }
  const shown = new Set(layoutChartIds(layout));
  const orphans = linkedIds.filter((id) => !shown.has(id)).flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const grid = layout[GRID_ID];
  if (orphans.length === 0) return layout;
  const chartKeys = orphans.map((c) => `CHART-${c.uuid}`);
  let rowKey: string | null = null;
  if (isComponent(grid) && Array.isArray(grid.children)) {
    rowKey = `ROW-N-${grid.children.length}`;
    grid.children.push(rowKey);
    layout[rowKey] = { children: chartKeys, id: rowKey, meta: { background: 'BACKGROUND_TRANSPARENT' }, type: 'ROW', parents: [ROOT_ID, GRID_ID] };
  }
  orphans.forEach((chart, i) => {
    const key = chartKeys[i]!;
    layout[key] = {
      children: [],
      id: key,
      meta: { chartId: chart.id, height: 50, sliceName: chart.slice_name, uuid: chart.uuid, width: 4 },
      type: 'CHART',
      ...(rowKey ? { parents: [ROOT_ID, GRID_ID, rowKey] } : {}),
    };
  });
  return layout;
}

/**
 * The layout as this server stores it: each CHART's `meta.chartId` is the id its uuid has here.
 * Returns the old id -> new id map that json_metadata's chart references follow.
 */
export function importLayout(layout: Layout, chartIds: ReadonlyMap<string, number>): { layout: Layout; idMap: Map<number, number> } {
  const copy = structuredClone(layout);
  const idMap = new Map<number, number>();
  for (const component of charts(copy)) {
    const uuid = component.meta?.uuid;
    const newId = typeof uuid === 'string' ? chartIds.get(uuid.toLowerCase()) : undefined;
    if (newId === undefined) continue;
    const oldId = chartIdOf(component.meta?.chartId);
    if (oldId !== null) idMap.set(oldId, newId);
    component.meta = { ...(component.meta ?? {}), chartId: newId };
  }
  return { layout: copy, idMap };
}
