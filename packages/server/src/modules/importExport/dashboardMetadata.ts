import { chartIdOf } from './dashboardLayout.js';

/**
 * A dashboard's json_metadata between servers. Chart ids in it (scopes, refresh immunity, expanded charts,
 * cross-filter configuration) follow the layout's old -> new map; native filter targets name their dataset by
 * `datasetUuid` in a bundle and by `datasetId` on a server.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function nativeFilters(metadata: Json): Json[] {
  const list = metadata.native_filter_configuration;
  return Array.isArray(list) ? list.filter(isObject) : [];
}

function targetsOf(filter: Json): Json[] {
  return Array.isArray(filter.targets) ? filter.targets.filter(isObject) : [];
}

/** Dataset ids the native filters target (export: to write their uuids and the datasets). */
export function nativeFilterDatasetIds(metadata: Json): number[] {
  const ids = nativeFilters(metadata).flatMap((f) => targetsOf(f).map((t) => chartIdOf(t.datasetId)));
  return [...new Set(ids.filter((id): id is number => id !== null))];
}

/** Dataset uuids the native filters of a bundle target, lowercased. */
export function nativeFilterDatasetUuids(metadata: Json): string[] {
  const uuids = nativeFilters(metadata).flatMap((f) => targetsOf(f).map((t) => t.datasetUuid));
  return [...new Set(uuids.filter((u): u is string => typeof u === 'string' && u !== '').map((u) => u.toLowerCase()))];
}

/**
 * The metadata an export writes: `positions` (a stale copy of the layout some versions kept) dropped, and each
 * native filter target's `datasetId` replaced by the dataset's `datasetUuid` (left out when unknown, as Superset does).
 */
export function exportMetadata(metadata: Json, datasetUuids: ReadonlyMap<number, string>): Json {
  const copy = structuredClone(metadata);
  delete copy.positions;
  for (const filter of nativeFilters(copy)) {
    for (const target of targetsOf(filter)) {
      const id = chartIdOf(target.datasetId);
      delete target.datasetId;
      const uuid = id === null ? undefined : datasetUuids.get(id);
      if (uuid) target.datasetUuid = uuid;
    }
  }
  return copy;
}

/** Ids through the map; ids the map does not know (charts not in the layout) are dropped. */
function mapIds(list: unknown, idMap: ReadonlyMap<number, number>): number[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((value) => {
    const id = idMap.get(chartIdOf(value) ?? -1);
    return id === undefined ? [] : [id];
  });
}

/** An object keyed by chart id, re-keyed through the map; `fix` may rewrite each value. */
function mapKeys(value: unknown, idMap: ReadonlyMap<number, number>, fix: (v: unknown, newId: number) => unknown = (v) => v): Json {
  if (!isObject(value)) return {};
  const out: Json = {};
  for (const [key, inner] of Object.entries(value)) {
    const id = idMap.get(chartIdOf(key) ?? -1);
    if (id !== undefined) out[String(id)] = fix(inner, id);
  }
  return out;
}

/** `{scope: {rootPath, excluded}, chartsInScope}` shapes (cross-filter configuration, native filters). */
function fixScoped(holder: Json, idMap: ReadonlyMap<number, number>): void {
  if (isObject(holder.scope) && Array.isArray(holder.scope.excluded)) holder.scope = { ...holder.scope, excluded: mapIds(holder.scope.excluded, idMap) };
  if (Array.isArray(holder.chartsInScope)) holder.chartsInScope = mapIds(holder.chartsInScope, idMap);
}

/**
 * The metadata this server stores for an imported dashboard (Superset's `update_id_refs`, plus the cross-filter
 * configuration Superset 5 writes). `datasetIds` maps the bundle's dataset uuids to ids here.
 */
export function importMetadata(metadata: Json, idMap: ReadonlyMap<number, number>, datasetIds: ReadonlyMap<string, number>): Json {
  const copy = structuredClone(metadata);
  delete copy.positions;
  // Removed from Superset's schema (apache/superset#23228); its importer drops it too.
  delete copy.show_native_filters;
  if ('timed_refresh_immune_slices' in copy) copy.timed_refresh_immune_slices = mapIds(copy.timed_refresh_immune_slices, idMap);
  if ('expanded_slices' in copy) copy.expanded_slices = mapKeys(copy.expanded_slices, idMap);
  if ('filter_scopes' in copy) {
    copy.filter_scopes = mapKeys(copy.filter_scopes, idMap, (columns) => {
      if (!isObject(columns)) return columns;
      return Object.fromEntries(
        Object.entries(columns).map(([column, attributes]) => [
          column,
          isObject(attributes) && Array.isArray(attributes.immune) ? { ...attributes, immune: mapIds(attributes.immune, idMap) } : attributes,
        ]),
      );
    });
  }
  if (typeof copy.default_filters === 'string') {
    try {
      copy.default_filters = JSON.stringify(mapKeys(JSON.parse(copy.default_filters) as unknown, idMap));
    } catch {
      // Legacy text that is not JSON cannot name charts; it stays as it is.
    }
  }
  if ('chart_configuration' in copy) {
    copy.chart_configuration = mapKeys(copy.chart_configuration, idMap, (config, newId) => {
      if (!isObject(config)) return config;
      const fixed: Json = { ...config, id: newId };
      if (isObject(config.crossFilters)) {
        const crossFilters = { ...config.crossFilters };
        fixScoped(crossFilters, idMap);
        fixed.crossFilters = crossFilters;
      }
      return fixed;
    });
  }
  if (isObject(copy.global_chart_configuration)) {
    const global = { ...copy.global_chart_configuration };
    fixScoped(global, idMap);
    copy.global_chart_configuration = global;
  }
  for (const filter of nativeFilters(copy)) {
    for (const target of targetsOf(filter)) {
      const uuid = target.datasetUuid;
      delete target.datasetUuid;
      const id = typeof uuid === 'string' ? datasetIds.get(uuid.toLowerCase()) : undefined;
      if (id !== undefined) target.datasetId = id;
    }
    fixScoped(filter, idMap);
  }
  return copy;
}
