import type { Query, QueryEditor, SqlLabState, SqlLabTable } from '../state/types';
import { fromRecords, toRecords } from './columnarResult';
import { resultCache } from './resultCache';

export const LOCAL_STORAGE_KEY = 'tessera.sqlLab';
/** Stored results older than this are dropped (1 day). */
export const LOCAL_RESULTS_MAX_AGE_MS = 864e5;
/** Stored results larger than this are dropped (kB of 1024 bytes). */
export const LOCAL_RESULTS_MAX_KB = 5120;

export interface StoredQuery extends Query {
  /** Rows of the results, when small and recent enough. */
  storedRows?: Record<string, unknown>[];
}

export interface LocalSqlLabState {
  queryEditors: QueryEditor[];
  tabHistory: string[];
  tables: SqlLabTable[];
  queries: Record<string, StoredQuery>;
}

/** Size of a text in kB (1024-byte units; UTF-16 code units as an upper estimate of bytes is not needed: JSON is mostly ASCII). */
export function sizeInKb(text: string): number {
  return new Blob([text]).size / 1024;
}

/** Whether a query's results may stay in local storage (spec §9). */
export function keepStoredResults(query: Query, rowsJson: string, now: number): boolean {
  const finishedAt = query.endDttm ?? query.startDttm;
  return now - finishedAt <= LOCAL_RESULTS_MAX_AGE_MS && sizeInKb(rowsJson) <= LOCAL_RESULTS_MAX_KB;
}

/**
 * What goes to local storage: the given editors with their tables and queries. Results are dropped when older
 * than a day or over 5120 kB; otherwise their rows are kept.
 */
export function toLocalState(state: SqlLabState, editorIds: Set<string>, now: number): LocalSqlLabState {
  const queries: Record<string, StoredQuery> = {};
  for (const [id, query] of Object.entries(state.queries)) {
    if (!query.sqlEditorId || !editorIds.has(query.sqlEditorId)) continue;
    const data = resultCache.get(query.results?.dataKey);
    if (!query.results || !data) {
      queries[id] = { ...query, results: null };
      continue;
    }
    const rows = toRecords(data);
    const json = JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    queries[id] = keepStoredResults(query, json, now)
      ? { ...query, storedRows: JSON.parse(json) as Record<string, unknown>[] }
      : { ...query, results: null };
  }
  return {
    queryEditors: state.queryEditors.filter((qe) => editorIds.has(qe.id)),
    tabHistory: state.tabHistory.filter((id) => editorIds.has(id)),
    tables: state.tables.filter((t) => editorIds.has(t.queryEditorId)),
    queries,
  };
}

export function writeLocalState(local: LocalSqlLabState): boolean {
  try {
    window.localStorage.setItem(LOCAL_STORAGE_KEY, JSON.stringify(local));
    return true;
  } catch {
    return false;
  }
}

/** Reads the stored state; stored rows go back into the result cache. */
export function readLocalState(now = Date.now()): LocalSqlLabState | null {
  let parsed: LocalSqlLabState;
  try {
    const text = window.localStorage.getItem(LOCAL_STORAGE_KEY);
    if (!text) return null;
    parsed = JSON.parse(text) as LocalSqlLabState;
  } catch {
    return null;
  }
  if (!Array.isArray(parsed.queryEditors)) return null;
  const queries: Record<string, StoredQuery> = {};
  for (const [id, stored] of Object.entries(parsed.queries ?? {})) {
    const { storedRows, ...query } = stored;
    if (query.results && storedRows && now - (query.endDttm ?? query.startDttm) <= LOCAL_RESULTS_MAX_AGE_MS) {
      const names = query.results.columns.map((c) => c.column_name ?? c.name);
      const dataKey = `${id}:local`;
      resultCache.set(dataKey, fromRecords(storedRows, names));
      queries[id] = { ...query, results: { ...query.results, dataKey } };
    } else {
      queries[id] = { ...query, results: null };
    }
  }
  return { ...parsed, queries, tables: parsed.tables ?? [], tabHistory: parsed.tabHistory ?? [] };
}

export function clearLocalState(): void {
  try {
    window.localStorage.removeItem(LOCAL_STORAGE_KEY);
  } catch {
    // ignore
  }
}
