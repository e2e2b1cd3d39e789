import { significant, tokenize, type SqlToken } from './tokenize.js';

/**
 * Splits a script into statements on top-level semicolons. Statements are trimmed and
 * keep their comments; statements holding only comments or whitespace are dropped.
 */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current: SqlToken[] = [];
  const flush = () => {
    if (current.some((t) => t.kind !== 'ws' && t.kind !== 'comment')) {
      out.push(sql.slice(current[0]!.start, current[current.length - 1]!.end).trim());
    }
    current = [];
  };
  for (const token of tokenize(sql)) {
    if (token.kind === 'semicolon') flush();
    else current.push(token);
  }
  flush();
  return out;
}

/** The first keyword, upper-cased, skipping comments and opening parentheses; '' when there is none. */
export function firstKeyword(sql: string): string {
  for (const t of tokenize(sql)) {
    if (t.kind === 'word') return t.text.toUpperCase();
    if (t.kind !== 'ws' && t.kind !== 'comment' && t.kind !== 'open') return '';
  }
  return '';
}

/** Statements that only read (DuckDB's FROM-first and SUMMARIZE, PostgreSQL's TABLE x included). */
const READ_FIRST = new Set(['SELECT', 'WITH', 'SHOW', 'DESCRIBE', 'DESC', 'EXPLAIN', 'VALUES', 'PRAGMA', 'TABLE', 'SUMMARIZE', 'FROM']);

/**
 * Keywords that change data or schema wherever they appear outside strings: they catch DML inside a
 * CTE, `EXPLAIN ANALYZE DELETE`, `SELECT ... INTO new_table` and `SELECT ... FOR UPDATE` (which locks).
 */
const WRITE_ANYWHERE = new Set([
  'INSERT', 'UPDATE', 'DELETE', 'MERGE', 'UPSERT', 'CREATE', 'DROP', 'ALTER', 'TRUNCATE', 'GRANT', 'REVOKE',
  'COPY', 'ATTACH', 'DETACH', 'INTO', 'INSTALL', 'LOAD', 'CALL', 'EXECUTE', 'RENAME', 'VACUUM', 'REINDEX', 'CLUSTER',
  'EXPORT', 'IMPORT', 'CHECKPOINT', 'LOCK', 'OUTFILE', 'DUMPFILE',
]);

/**
 * True when the statement only reads. Unknown statements count as writes, so a database that
 * refuses DML refuses what it cannot classify (Superset's is_mutating errs the same way).
 */
export function isReadOnlyStatement(sql: string): boolean {
  const tokens = significant(tokenize(sql));
  const first = tokens.find((t) => t.kind === 'word');
  if (!first || !READ_FIRST.has(first.text.toUpperCase())) return false;
  if (first.text.toUpperCase() === 'PRAGMA' && tokens.some((t) => t.kind === 'punct' && t.text === '=')) return false;
  return !tokens.some((t) => t.kind === 'word' && WRITE_ANYWHERE.has(t.text.toUpperCase()));
}

/** True when the statement is a query whose rows can be limited or wrapped (SELECT, WITH ... SELECT, VALUES, TABLE, FROM-first). */
export function isSelectStatement(sql: string): boolean {
  const kw = firstKeyword(sql);
  return (kw === 'SELECT' || kw === 'WITH' || kw === 'VALUES' || kw === 'TABLE' || kw === 'FROM') && isReadOnlyStatement(sql);
}

/** Removes a statement's trailing semicolons and trailing comments (so text can be appended after it). */
export function stripTrailing(sql: string): string {
  const tokens = tokenize(sql);
  let end = tokens.length;
  while (end > 0 && ['ws', 'comment', 'semicolon'].includes(tokens[end - 1]!.kind)) end--;
  return end === 0 ? '' : sql.slice(0, tokens[end - 1]!.end);
}
