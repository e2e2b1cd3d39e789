/**
 * A dashboard's legacy default filters (json_metadata `default_filters`, set by filter-box charts) as they reach
 * one of its charts: Superset applies them when a cache warm-up names the dashboard, so the warmed answer is
 * the one that dashboard's first viewer asks for. Pure: the caller reads the dashboard and the filter charts.
 */

/** A filter in the legacy `extra_filters` shape (`in` for a list of values, `==` for one). */
export interface LegacyExtraFilter {
  col: string;
  op: 'in' | '==';
  val: unknown;
}

/** How a filter-box chart declares one of its columns (its params' `filter_configs`). */
export interface FilterConfig {
  column: string;
  multiple: boolean;
}

type Json = Record<string, unknown>;

const CONTAINER_TYPES = new Set(['COLUMN', 'GRID', 'TABS', 'TAB', 'ROW']);
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

function parseObject(text: unknown): Json | null {
  if (typeof text !== 'string' || text === '') return null;
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/** Whether the layout places the chart under `containerId` (ROOT_ID holds every chart). */
function holdsChart(layout: Json, containerId: string, chartId: number, seen = new Set<string>()): boolean {
  if (containerId === 'ROOT_ID') return true;
  // A malformed layout may name a node twice on a path: each node is walked once.
  if (seen.has(containerId)) return false;
  seen.add(containerId);
  const node = layout[containerId];
  if (!isObject(node)) return false;
  if (node.type === 'CHART') return isObject(node.meta) && node.meta.chartId === chartId;
  if (!CONTAINER_TYPES.has(String(node.type)) || !Array.isArray(node.children)) return false;
  return node.children.some((child) => typeof child === 'string' && holdsChart(layout, child, chartId, seen));
}

/** Filter-box chart ids that the defaults name (whose params say how each column takes its value). */
export function defaultFilterChartIds(jsonMetadata: string | null): number[] {
  const defaults = parseObject(parseObject(jsonMetadata)?.default_filters);
  return defaults ? Object.keys(defaults).map(Number).filter((id) => Number.isInteger(id) && id > 0) : [];
}

/** `filter_configs` of a filter-box chart's params, as far as they are well formed. */
export function filterConfigsOf(params: string | null): FilterConfig[] {
  const configs = parseObject(params)?.filter_configs;
  if (!Array.isArray(configs)) return [];
  return configs.filter(isObject).map((c) => ({ column: String(c.column), multiple: c.multiple === true }));
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || v === false || v === 0 || (Array.isArray(v) && v.length === 0);

/**
 * The default filters that apply to `chartId`: each filter column with a value, unless the chart is immune to
 * it or outside its scope; a value is shaped as its filter box declares it (one value, or a list).
 */
export function dashboardDefaultFilters(
  dashboard: { json_metadata: string | null; position_json: string | null },
  chartId: number,
  configsOf: (filterChartId: string) => FilterConfig[] = () => [],
): LegacyExtraFilter[] {
  const metadata = parseObject(dashboard.json_metadata);
  const defaults = parseObject(metadata?.default_filters);
  if (!metadata || !defaults) return [];
  const scopes = isObject(metadata.filter_scopes) ? metadata.filter_scopes : {};
  const layout = parseObject(dashboard.position_json) ?? {};
  const out: LegacyExtraFilter[] = [];
  for (const [filterId, columns] of Object.entries(defaults)) {
    if (!isObject(columns)) continue;
    const scopesOfFilter = isObject(scopes[filterId]) ? scopes[filterId] : {};
    const configs = configsOf(filterId);
    for (const [col, value] of Object.entries(columns)) {
      if (isEmpty(value)) continue;
      const scope = isObject(scopesOfFilter[col]) ? scopesOfFilter[col] : {};
      const immune = Array.isArray(scope.immune) ? scope.immune : [];
      if (immune.includes(chartId)) continue;
      const containers = Array.isArray(scope.scope) ? scope.scope.map(String) : ['ROOT_ID'];
      const config = configs.find((c) => c.column === col);
      let val: unknown = value;
      if (config && !config.multiple && Array.isArray(val)) val = val[0];
      else if (config?.multiple && !Array.isArray(val)) val = [val];
      // One filter per scope container that holds the chart, as Superset adds them.
      for (const container of containers) {
        if (holdsChart(layout, container, chartId)) out.push({ col, op: Array.isArray(val) ? 'in' : '==', val });
      }
    }
  }
  return out;
}
