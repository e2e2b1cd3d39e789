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

/**
 * Leading keywords of statements that write data or schema, change settings, or change the session or
 * transaction state of a pooled connection. DuckDB's readers (FROM-first, SUMMARIZE, DESCRIBE, SHOW,
 * PIVOT ...) and any word not listed here are not writes: a typo reaches the engine, which answers
 * with its own syntax error.
 */
const WRITE_FIRST = new Set([
  'INSERT', 'UPDATE', 'DELETE', 'MERGE', 'UPSERT', 'REPLACE', 'CREATE', 'DROP', 'ALTER', 'TRUNCATE', 'GRANT', 'REVOKE',
  'COPY', 'ATTACH', 'DETACH', 'INSTALL', 'UNINSTALL', 'LOAD', 'VACUUM', 'SET', 'RESET', 'CALL', 'DO', 'EXPORT', 'IMPORT',
  'RENAME', 'COMMENT', 'REFRESH', 'REINDEX', 'CLUSTER', 'CHECKPOINT', 'FORCE', 'ANALYZE', 'ANALYSE', 'OPTIMIZE', 'REPAIR',
  'LOCK', 'UNLOCK', 'FLUSH', 'KILL', 'PURGE', 'SHUTDOWN', 'RESTART', 'CLONE', 'BINLOG', 'CHANGE', 'SECURITY', 'REASSIGN',
  'USE', 'BEGIN', 'START', 'COMMIT', 'END', 'ROLLBACK', 'ABORT', 'SAVEPOINT', 'RELEASE', 'PREPARE', 'EXECUTE', 'EXEC',
  'DEALLOCATE', 'DISCARD', 'DECLARE', 'LISTEN', 'NOTIFY', 'UNLISTEN', 'HANDLER', 'XA', 'SIGNAL', 'RESIGNAL',
]);

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
 * True unless the statement writes (see WRITE_FIRST and WRITE_ANYWHERE; `PRAGMA x = y` writes too).
 * Statements the classifier does not know are left to the engine, so a database that refuses DML
 * still reports a typo as the engine's syntax error. Text with no statement at all is not read-only.
 */
export function isReadOnlyStatement(sql: string): boolean {
  const tokens = significant(tokenize(sql));
  if (tokens.length === 0) return false;
  const first = tokens.find((t) => t.kind === 'word')?.text.toUpperCase();
  if (first !== undefined && WRITE_FIRST.has(first)) return false;
  if (first === 'PRAGMA' && tokens.some((t) => t.kind === 'punct' && t.text === '=')) return false;
  const unpivot = tokens.some((t) => t.kind === 'word' && t.text.toUpperCase() === 'UNPIVOT');
  return !tokens.some((t, i) => {
    if (t.kind !== 'word') return false;
    const word = t.text.toUpperCase();
    // DuckDB's `UNPIVOT t ON a, b INTO NAME k VALUE v` names output columns; it creates nothing.
    if (word === 'INTO' && unpivot && tokens[i + 1]?.text.toUpperCase() === 'NAME') return false;
    return WRITE_ANYWHERE.has(word);
  });
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
