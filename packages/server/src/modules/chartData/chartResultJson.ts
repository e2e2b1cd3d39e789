import { frameRowsJson, type ChartFrame } from '../../query-engine/chartFrame.js';
import type { QueryOutcome } from './chartQueryRunner.js';

/**
 * JSON text of one element of `result[]` (core's ChartDataResult), written once and cached as text.
 * The cache fields (and the cache timeout) come first and are added per answer (`withCacheFields`), so the
 * stored body starts right after them.
 */

/** Superset's label_map: each column to the labels it is made of (`SUM(num), boy` -> both; `m__1 year ago` -> m and the offset). */
export function labelMap(colnames: readonly string[], offsets: readonly string[]): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const name of colnames) {
    const offset = offsets.find((o) => name.endsWith(`__${o}`));
    if (offset) {
      map[name] = [name.slice(0, -(offset.length + 2)), offset];
      continue;
    }
    map[name] = name.split(/(?<!\\), /).map((part) => part.replaceAll('\\,', ','));
  }
  return map;
}

function indexNames(rowCount: number): string {
  let text = '[';
  for (let i = 0; i < rowCount; i++) text += i === 0 ? '0' : ',' + i;
  return text + ']';
}

export function fullResultBody(outcome: QueryOutcome, offsets: readonly string[]): string {
  const { frame, compiled } = outcome;
  return (
    `{"applied_template_filters":[],"annotation_data":${outcome.annotationData ? JSON.stringify(outcome.annotationData) : '{}'},"error":null,` +
    `"query":${JSON.stringify(outcome.queryText)},"status":"success","stacktrace":null,` +
    `"rowcount":${frame.rowCount},"sql_rowcount":${outcome.sqlRowcount},` +
    `"from_dttm":${compiled.fromDttm ?? 'null'},"to_dttm":${compiled.toDttm ?? 'null'},` +
    `"label_map":${JSON.stringify(labelMap(frame.colnames, offsets))},"colnames":${JSON.stringify(frame.colnames)},` +
    `"indexnames":${indexNames(frame.rowCount)},"coltypes":${JSON.stringify(frame.coltypes)},"data":${frameRowsJson(frame)},` +
    `"result_format":"json","applied_filters":${JSON.stringify([...compiled.appliedFilters, ...outcome.timeFilters.applied])},` +
    `"rejected_filters":${JSON.stringify([...compiled.rejectedFilters, ...outcome.timeFilters.rejected])}}`
  );
}

/** `result_type: results`: the data only (Superset's _get_results). */
export function resultsOnlyBody(frame: ChartFrame, sqlRowcount: number): string {
  return (
    `{"data":${frameRowsJson(frame)},"colnames":${JSON.stringify(frame.colnames)},"coltypes":${JSON.stringify(frame.coltypes)},` +
    `"rowcount":${frame.rowCount},"sql_rowcount":${sqlRowcount}}`
  );
}

/**
 * Prepends `cache_key`, `cached_dttm`, `is_cached` and `cache_timeout` to a stored body (which starts with `{`
 * and has other fields). The timeout is this request's, as Superset computes it per request: a cached answer
 * reports the timeout now in force, not the one it was stored under.
 */
export function withCacheFields(body: string, cacheKey: string, cachedDttm: string | null, isCached: boolean, cacheTimeout: number): string {
  return `{"cache_key":${JSON.stringify(cacheKey)},"cached_dttm":${cachedDttm === null ? 'null' : JSON.stringify(cachedDttm)},"is_cached":${isCached},"cache_timeout":${cacheTimeout},${body.slice(1)}`;
}
