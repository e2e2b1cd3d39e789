import type { LimitingFactor } from '../contracts/sqllab.js';
import { isSelectStatement, stripTrailing } from './statements.js';
import { significant, tokenize, type SqlToken } from './tokenize.js';

export type LimitStyle = 'LIMIT' | 'TOP' | 'FETCH_FIRST';

interface TrailingLimit {
  limit: number;
  /** The token holding the row count, so it can be rewritten in place. */
  countToken: SqlToken;
}

/** The statement's own top-level trailing `LIMIT n` (also `LIMIT n OFFSET m`, `LIMIT m, n`, `OFFSET m LIMIT n`). */
function trailingLimit(sql: string): TrailingLimit | null {
  const tokens = significant(tokenize(sql));
  while (tokens.length > 0 && tokens[tokens.length - 1]!.kind === 'semicolon') tokens.pop();
  let depth = 0;
  let found = -1;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'open') depth++;
    else if (t.kind === 'close') depth--;
    else if (depth === 0 && t.kind === 'word' && t.text.toUpperCase() === 'LIMIT') found = i;
  }
  if (found === -1) return null;
  const rest = tokens.slice(found + 1);
  const isNum = (t: SqlToken | undefined) => t?.kind === 'number' && /^\d+$/.test(t.text);
  const isWord = (t: SqlToken | undefined, w: string) => t?.kind === 'word' && t.text.toUpperCase() === w;
  // LIMIT n
  if (rest.length === 1 && isNum(rest[0])) return { limit: Number(rest[0]!.text), countToken: rest[0]! };
  // LIMIT n OFFSET m
  if (rest.length === 3 && isNum(rest[0]) && isWord(rest[1], 'OFFSET') && isNum(rest[2])) {
    return { limit: Number(rest[0]!.text), countToken: rest[0]! };
  }
  // LIMIT m, n (MySQL, SQLite): n is the count
  if (rest.length === 3 && isNum(rest[0]) && rest[1]!.text === ',' && isNum(rest[2])) {
    return { limit: Number(rest[2]!.text), countToken: rest[2]! };
  }
  return null;
}

/** The statement's own trailing LIMIT, or null. */
export function extractLimit(sql: string): number | null {
  return isSelectStatement(sql) ? (trailingLimit(sql)?.limit ?? null) : null;
}

/**
 * Makes the statement return at most `limit` rows. A smaller own LIMIT is kept (unless `force`: Superset
 * forces limit + 1 so the extra row shows whether rows were cut); a larger one is rewritten in place;
 * without one, a LIMIT (or FETCH FIRST) is appended or, for TOP engines, the query is wrapped.
 * Statements that are not queries come back unchanged.
 */
export function applyLimit(sql: string, limit: number, style: LimitStyle, force = false): string {
  if (!isSelectStatement(sql)) return sql;
  const own = trailingLimit(sql);
  if (own) {
    if (own.limit <= limit && !force) return stripTrailing(sql);
    return stripTrailing(sql.slice(0, own.countToken.start) + String(limit) + sql.slice(own.countToken.end));
  }
  const body = stripTrailing(sql);
  switch (style) {
    case 'LIMIT':
      return `${body}\nLIMIT ${limit}`;
    case 'FETCH_FIRST':
      return `${body}\nFETCH FIRST ${limit} ROWS ONLY`;
    case 'TOP':
      return `SELECT TOP ${limit} * FROM (\n${body}\n) AS inner_qry`;
  }
}

export interface LimitPlan {
  /** Rows the run returns at most. */
  limit: number;
  limitingFactor: LimitingFactor;
}

/**
 * Superset's rule: the effective limit is the smallest of the SQL's own LIMIT, the dropdown's
 * `queryLimit` and SQL_MAX_ROW; the factor says which one won. When the run later returns no more
 * rows than the limit, the caller records NOT_LIMITED instead (nothing was cut).
 */
export function planLimit(sql: string, queryLimit: number | null | undefined, maxRow: number): LimitPlan {
  const dropdown = Math.min(queryLimit ?? maxRow, maxRow);
  const own = extractLimit(sql);
  if (own === null) return { limit: dropdown, limitingFactor: 'DROPDOWN' };
  if (own < dropdown) return { limit: own, limitingFactor: 'QUERY' };
  if (own > dropdown) return { limit: dropdown, limitingFactor: 'DROPDOWN' };
  return { limit: own, limitingFactor: 'QUERY_AND_DROPDOWN' };
}
