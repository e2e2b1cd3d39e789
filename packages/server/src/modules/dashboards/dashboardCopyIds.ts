/**
 * Chart ids of a copied dashboard pointed at the cloned charts (duplicate_slices): the layout's CHART components
 * and every json_metadata key that names charts. Ids with no clone (charts the source did not hold) stay as they are.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function mapId(mapping: Map<number, number>, v: unknown): unknown {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null;
  if (n === null || !mapping.has(n)) return v;
  const next = mapping.get(n)!;
  return typeof v === 'string' ? String(next) : next;
}

const mapList = (mapping: Map<number, number>, v: unknown) => (Array.isArray(v) ? v.map((x) => mapId(mapping, x)) : v);
const mapKeys = (mapping: Map<number, number>, v: unknown) =>
  isObject(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [String(mapId(mapping, k)), x])) : v;

/** `{scope: {rootPath, excluded}, chartsInScope}` as native filters and cross-filter configurations hold it. */
function mapScoped(mapping: Map<number, number>, v: unknown): unknown {
  if (!isObject(v)) return v;
  const out: Json = { ...v };
  if (isObject(v.scope)) out.scope = { ...v.scope, excluded: mapList(mapping, v.scope.excluded) };
  if (v.chartsInScope !== undefined) out.chartsInScope = mapList(mapping, v.chartsInScope);
  return out;
}

export function remapChartIds(layout: Json, metadata: Json, mapping: Map<number, number>): { layout: Json; metadata: Json } {
  if ([...mapping].every(([a, b]) => a === b)) return { layout, metadata };
  const newLayout: Json = {};
  for (const [key, value] of Object.entries(layout)) {
    if (isObject(value) && value.type === 'CHART' && isObject(value.meta) && mapping.has(value.meta.chartId as number)) {
      // The clone has its own uuid; the old one would name the source chart.
      const { uuid: _uuid, ...meta } = value.meta;
      newLayout[key] = { ...value, meta: { ...meta, chartId: mapping.get(value.meta.chartId as number) } };
    } else newLayout[key] = value;
  }

  const md: Json = { ...metadata };
  if (md.timed_refresh_immune_slices !== undefined) md.timed_refresh_immune_slices = mapList(mapping, md.timed_refresh_immune_slices);
  if (md.expanded_slices !== undefined) md.expanded_slices = mapKeys(mapping, md.expanded_slices);
  if (isObject(md.chart_configuration)) {
    md.chart_configuration = Object.fromEntries(
      Object.entries(md.chart_configuration).map(([k, conf]) => {
        if (!isObject(conf)) return [String(mapId(mapping, k)), conf];
        const next: Json = { ...conf, id: mapId(mapping, conf.id) };
        if (isObject(conf.crossFilters)) next.crossFilters = mapScoped(mapping, conf.crossFilters);
        return [String(mapId(mapping, k)), next];
      }),
    );
  }
  if (md.global_chart_configuration !== undefined) md.global_chart_configuration = mapScoped(mapping, md.global_chart_configuration);
  if (Array.isArray(md.native_filter_configuration)) md.native_filter_configuration = md.native_filter_configuration.map((f) => mapScoped(mapping, f));
  if (isObject(md.filter_scopes)) {
    // Legacy filter boxes: {filterChartId: {column: {scope, immune: [chartIds]}}}.
    md.filter_scopes = Object.fromEntries(
      Object.entries(md.filter_scopes).map(([k, cols]) => [
        String(mapId(mapping, k)),
        isObject(cols) ? Object.fromEntries(Object.entries(cols).map(([c, s]) => [c, isObject(s) ? { ...s, immune: mapList(mapping, s.immune) } : s])) : cols,
      ]),
    );
  }
  if (typeof md.default_filters === 'string') {
    try {
      const parsed: unknown = JSON.parse(md.default_filters);
      if (isObject(parsed)) md.default_filters = JSON.stringify(mapKeys(mapping, parsed));
    } catch {
      /* unreadable legacy text is kept as it was */
    }
  }
  return { layout: newLayout, metadata: md };
}
