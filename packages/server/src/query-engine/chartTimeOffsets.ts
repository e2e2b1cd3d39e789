import { GENERIC_DATA_TYPE, QueryCompileError, TIME_COMPARISON_RANGE_MESSAGE, boundsToTimeRange, parseTimeOffset as parseCoreTimeOffset, resolveComparisonOffset, shiftDate, type QueryObject, type TimeOffset as CoreTimeOffset } from '@tessera/core';
import { catalogueError, withTopMessage } from '../app/httpErrors.js';
import type { CellValue } from '../connectors/types.js';
import type { ChartFrame } from './chartFrame.js';

/**
 * Time comparison (`time_offsets: ['1 year ago']`): the query runs again over the range shifted back,
 * its x-axis (when it has one) is moved forward by the same amount, and its metrics are joined to the
 * main result as `<metric>__<offset>` columns (Superset's naming). Without a temporal x-axis (a table
 * grouped by other columns, or not grouped at all) the rows join on the other columns alone.
 */

export interface TimeOffset {
  /** As the client wrote it: the suffix of the joined columns. */
  text: string;
  offset: CoreTimeOffset;
}

/** Core's offset grammar (`1 year ago`, `2 weeks later`); a bad one is the request's fault. */
export function parseTimeOffset(text: string): TimeOffset {
  try {
    return { text, offset: parseCoreTimeOffset(text) };
  } catch (err) {
    throw withTopMessage(catalogueError(400, 'INVALID_PAYLOAD_SCHEMA_ERROR', err instanceof Error ? err.message : `Invalid time offset: ${text}`));
  }
}

/**
 * The offset as a shift of the main range `[fromMs, toMs)`: `inherit` and a custom start date depend on it,
 * and no comparison can run without both bounds. Each mistake is the request's fault (400).
 */
export function resolveTimeOffset(text: string, fromMs: number | null, toMs: number | null): TimeOffset {
  try {
    return { text, offset: resolveComparisonOffset(text, fromMs, toMs) };
  } catch (err) {
    if (err instanceof QueryCompileError) throw withTopMessage(catalogueError(400, err.errorType, err.message, err.extra));
    throw err;
  }
}

/** `ms` moved back into the comparison period (-1) or forward onto the main one (1), in calendar terms. */
export function shiftMs(ms: number, offset: TimeOffset, direction: 1 | -1): number {
  return shiftDate(new Date(ms), offset.offset, direction === -1 ? 'back' : 'forward').getTime();
}

/**
 * The query object of one comparison: the same query over `[from, to)` moved back by the offset, as
 * an explicit `start : end` range so it does not depend on when it is resolved. Like Superset it runs
 * without the main query's row limit and offset: a page of the main rows must find its comparison rows
 * even when they rank differently in the other period.
 */
export function offsetQuery(query: QueryObject, fromMs: number | null, toMs: number | null, offset: TimeOffset): QueryObject {
  if (fromMs === null || toMs === null) throw catalogueError(400, 'INVALID_PAYLOAD_SCHEMA_ERROR', TIME_COMPARISON_RANGE_MESSAGE);
  const range = boundsToTimeRange({ since: new Date(shiftMs(fromMs, offset, -1)), until: new Date(shiftMs(toMs, offset, -1)) });
  return {
    ...query,
    time_range: range,
    time_offsets: [],
    post_processing: [],
    row_limit: undefined,
    row_offset: 0,
    filters: (query.filters ?? []).map((f) => (f.op === 'TEMPORAL_RANGE' ? { ...f, val: range } : f)),
  };
}

const keyPart = (v: CellValue | undefined): string => (v === null || v === undefined ? '\u0000' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/**
 * Left-joins the comparison's metrics to the main frame on the x-axis (shifted forward) and the other
 * dimension columns. Rows of the main result without a match get nulls.
 */
export function joinOffset(main: ChartFrame, other: ChartFrame, xLabel: string | null, metricLabels: readonly string[], offset: TimeOffset): ChartFrame {
  const metrics = new Set(metricLabels);
  const dims = main.colnames.filter((c) => !metrics.has(c) && other.colnames.includes(c));
  const otherIndex = (name: string) => other.colnames.indexOf(name);
  const lookup = new Map<string, number>();
  for (let r = 0; r < other.rowCount; r++) {
    const key = dims
      .map((d) => {
        const v = other.columns[otherIndex(d)]![r];
        return d === xLabel && typeof v === 'number' ? String(shiftMs(v, offset, 1)) : keyPart(v);
      })
      .join('\u0001');
    lookup.set(key, r);
  }
  const mainRows: (number | undefined)[] = new Array<number | undefined>(main.rowCount);
  for (let r = 0; r < main.rowCount; r++) {
    const key = dims.map((d) => keyPart(main.columns[main.colnames.indexOf(d)]![r])).join('\u0001');
    mainRows[r] = lookup.get(key);
  }
  const added = metricLabels.filter((m) => other.colnames.includes(m));
  const columns = added.map((m) => {
    const src = other.columns[otherIndex(m)]!;
    return mainRows.map((i) => (i === undefined ? null : (src[i] ?? null)));
  });
  return {
    colnames: [...main.colnames, ...added.map((m) => `${m}__${offset.text}`)],
    coltypes: [...main.coltypes, ...added.map((m) => other.coltypes[otherIndex(m)] ?? GENERIC_DATA_TYPE.NUMERIC)],
    columns: [...main.columns, ...columns],
    rowCount: main.rowCount,
  };
}
