import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so equal query objects written in any key order hash alike. */
export function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'bigint') return value.toString();
    return value === undefined ? 'null' : JSON.stringify(value);
  }
  if (Array.isArray(value)) return '[' + value.map(stableJson).join(',') + ']';
  const keys = Object.keys(value as Record<string, unknown>)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort();
  return '{' + keys.map((k) => JSON.stringify(k) + ':' + stableJson((value as Record<string, unknown>)[k])).join(',') + '}';
}

/** What makes one chart query's answer: the datasource (and its version), the database, the query and the kind of answer. */
export interface ChartCacheKeyParts {
  datasourceKey: string;
  /** Changes when the dataset's definition changes (its changed_on), so edits are never answered from stale entries. */
  datasourceVersion: string;
  databaseId: number;
  dialect: string;
  resultType: string;
  /**
   * The query object as the client sent it: `time_range` stays the text ('Last week'), never the
   * resolved dates, so relative ranges keep hitting the entry until it expires (facts §8).
   */
  query: unknown;
  /** Anything else that changes the answer (limits from configuration, the user with per-user data). */
  extra?: unknown;
  /**
   * The rendered row level security predicates that applied (to the datasource and to any other dataset the answer
   * reads), so callers under different rules never share an entry and callers under the same rules do. Required:
   * a key made without saying which rules applied would be shared across them.
   */
  rowLevelSecurity: unknown;
}

/**
 * Each query object's stable JSON, kept while the object lives. Identical request bodies share their
 * parsed query objects (chartDataInput keeps them), so a refreshed chart's key skips re-serialising.
 * The engine never changes a query object after parsing; variants (samples, drill) are new objects.
 */
const queryTexts = new WeakMap<object, string>();

function queryText(query: unknown): string {
  if (query === null || typeof query !== 'object') return stableJson(query);
  let text = queryTexts.get(query);
  if (text === undefined) {
    text = stableJson(query);
    queryTexts.set(query, text);
  }
  return text;
}

/**
 * Finished keys per query object and surroundings (datasource version, result type, limits): a dashboard
 * refresh asks the same few keys again and again, so the hash is made once. A few surroundings per object.
 */
const finishedKeys = new WeakMap<object, Map<string, string>>();
const SURROUNDINGS_PER_QUERY = 8;

export function chartCacheKey(parts: ChartCacheKeyParts): string {
  const { query, ...rest } = parts;
  const hash = () => createHash('sha256').update(stableJson(rest)).update('\n').update(queryText(query)).digest('hex');
  if (query === null || typeof query !== 'object') return hash();
  // Not the hashed text: a cheap memo key naming every part (extra is written by our own code, in one key order).
  const around = [rest.datasourceKey, rest.datasourceVersion, rest.databaseId, rest.dialect, rest.resultType, JSON.stringify(rest.extra ?? null), JSON.stringify(rest.rowLevelSecurity ?? null)].join(
    '\u0000',
  );
  let keys = finishedKeys.get(query);
  if (!keys) finishedKeys.set(query, (keys = new Map()));
  let key = keys.get(around);
  if (key === undefined) {
    key = hash();
    if (keys.size >= SURROUNDINGS_PER_QUERY) keys.delete(keys.keys().next().value!);
    keys.set(around, key);
  }
  return key;
}
