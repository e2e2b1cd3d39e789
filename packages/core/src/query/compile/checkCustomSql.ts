import { analyzeSql } from '../../sql/analyzeSql.js';
import { disallowedFunctionsMessage, findDisallowedFunctions } from '../../sql/disallowedFunctions.js';
import { GENERIC_SQL_RULES } from '../../sql/sqlEngineRules.js';
import { significant, tokenize } from '../../sql/tokenize.js';
import { QueryCompileError, type SqlDialect } from '../types.js';
import { lexExpression, lexOptionsOf, type ExprToken } from './lexExpression.js';

export const SUBQUERY_MESSAGE = 'Custom SQL fields cannot contain sub-queries.';

/** Words that end an expression and start another clause; inside parentheses they are fine (EXTRACT(YEAR FROM x)). */
const CLAUSE_WORDS = new Set([
  'FROM',
  'WHERE',
  'GROUP',
  'HAVING',
  'ORDER',
  'LIMIT',
  'OFFSET',
  'UNION',
  'INTERSECT',
  'EXCEPT',
  'INTO',
  'JOIN',
  'WINDOW',
  'FETCH',
  'QUALIFY',
]);
/**
 * Words that start a query right after an opening parenthesis (or at the very start, where the compiler's own
 * parentheses would make one): standard ones, and DuckDB's FROM-first queries and table-reading statements
 * (`EXISTS(FROM t)`, `IN (FROM read_csv(...))`, `(SUMMARIZE t)`), which need no SELECT at all.
 */
const QUERY_STARTERS = new Set(['VALUES', 'TABLE', 'WITH', 'FROM', 'SUMMARIZE', 'DESCRIBE', 'SHOW', 'PIVOT', 'UNPIVOT', 'EXPLAIN']);
/** Functions whose argument list may begin with FROM without being a query: `TRIM(FROM '  x ')`. */
const FROM_FIRST_ARGUMENTS = new Set(['TRIM']);

const invalid = (what: string, why: string) => new QueryCompileError(`Invalid custom SQL in ${what}: ${why}`, 'INVALID_PAYLOAD_SCHEMA_ERROR', { field: what });

const spans = (tokens: ExprToken[]) => tokens.map((t) => `${t.kind}:${t.start}:${t.end}:${t.unterminated ? 1 : 0}`).join(' ');

/**
 * Checks that custom SQL (adhoc columns, SQL metrics and filters, WHERE/HAVING extras) is one expression and
 * returns it without comments, ready to embed. What the engine would read differently from this lexer
 * (other escape settings, dollar quoting, SQLite's [bracket] identifiers) is rejected instead of guessed.
 */
export function checkCustomSql(sql: string, dialect: SqlDialect, what: string): string {
  if (sql.includes('\u0000')) throw invalid(what, 'the NUL character is not allowed.');
  const options = lexOptionsOf(dialect);
  const tokens = lexExpression(sql, options);
  // The same text read with the opposite backslash convention must split the same way, so a server whose
  // escape setting differs from the declared one cannot see a string end somewhere else.
  const readings = [
    { ...options, backslashEscapes: !options.backslashEscapes, escapeStringPrefix: false },
    // No backslash escapes at all, not even in E'...' (SQLite reads E'a\' as a name and a string).
    { ...options, backslashEscapes: false, escapeStringPrefix: false },
  ];
  if (readings.some((reading) => spans(lexExpression(sql, reading)) !== spans(tokens))) {
    throw invalid(what, 'a string literal has a backslash before a quote, which engines read differently.');
  }
  if (tokens.some((t) => t.unterminated)) throw invalid(what, 'unterminated string, identifier or comment.');
  // Defence in depth: the editor tokenizer must not see a statement separator either.
  if (significant(tokenize(sql)).some((t) => t.kind === 'semicolon')) throw invalid(what, 'it must be a single expression without ";".');

  const meaningful = tokens.filter((t) => t.kind !== 'ws' && t.kind !== 'comment');
  if (meaningful.length === 0) throw invalid(what, 'the expression is empty.');
  let depth = 0;
  let previous: ExprToken | undefined;
  let beforePrevious: ExprToken | undefined;
  for (const token of meaningful) {
    const upper = token.kind === 'word' ? token.text.toUpperCase() : '';
    if (token.kind === 'semicolon') throw invalid(what, 'it must be a single expression without ";".');
    if (token.kind === 'punct' && token.text === '$') throw invalid(what, 'dollar-quoted text is not supported.');
    if (token.kind === 'open' && token.text === '[') checkBracket(sql, token, what);
    const startsQuery =
      QUERY_STARTERS.has(upper) &&
      (previous === undefined || (previous.kind === 'open' && !(upper === 'FROM' && beforePrevious?.kind === 'word' && FROM_FIRST_ARGUMENTS.has(beforePrevious.text.toUpperCase()))));
    if (upper === 'SELECT' || startsQuery) {
      if (!dialect.allowAdhocSubquery) throw new QueryCompileError(SUBQUERY_MESSAGE, 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR', { field: what });
    }
    if (token.kind === 'open') depth++;
    if (token.kind === 'close') {
      depth--;
      if (depth < 0) throw invalid(what, 'unbalanced parentheses.');
    }
    if (depth === 0 && (token.kind === 'comma' || (CLAUSE_WORDS.has(upper) && !partOfExpression(upper, previous)))) {
      throw invalid(what, 'it must be a single expression.');
    }
    beforePrevious = previous;
    previous = token;
  }
  if (depth !== 0) throw invalid(what, 'unbalanced parentheses.');
  // Comments become a space so `a/**/b` stays two tokens and nothing after a `--` can swallow our SQL.
  const embedded = tokens
    .map((t) => (t.kind === 'comment' ? ' ' : t.text))
    .join('')
    .trim();
  // That space can itself start a comment: MySQL's `--#x` is two minus signs and a comment, but without its
  // comment it reads `-- `, a comment that would swallow the closing parenthesis we add. What is embedded must
  // read as the very tokens just checked, under every reading.
  const checked = tokenTexts(meaningful);
  if ([options, ...readings].some((reading) => tokenTexts(lexExpression(embedded, reading)) !== checked)) {
    throw invalid(what, 'without its comments it would read differently; remove the comments.');
  }
  checkFunctions(embedded, dialect, what);
  return embedded;
}

/**
 * Refuses a call to a disallowed function (pg_sleep in a SQL metric fills the pool for everyone). The calls are
 * found by the SQL safety analysis read every way any engine reads text, so quoting, comments, case, schema
 * prefixes and U&"..." escapes do not hide one.
 */
function checkFunctions(embedded: string, dialect: SqlDialect, what: string): void {
  if (!dialect.disallowedFunctions?.length) return;
  const found = findDisallowedFunctions(analyzeSql(`SELECT (${embedded})`, GENERIC_SQL_RULES).functions, dialect.disallowedFunctions);
  if (found.length) throw new QueryCompileError(disallowedFunctionsMessage(found), 'SYNTAX_ERROR', { field: what, functions: found });
}

/** The tokens an engine acts on (kind and text), with whitespace and comments left out. */
function tokenTexts(tokens: readonly ExprToken[]): string {
  return JSON.stringify(tokens.filter((t) => t.kind !== 'ws' && t.kind !== 'comment').map((t) => [t.kind, t.text]));
}

/** `a IS DISTINCT FROM b` and `PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x)` use clause words inside one expression. */
function partOfExpression(word: string, previous: ExprToken | undefined): boolean {
  const before = previous?.kind === 'word' ? previous.text.toUpperCase() : '';
  return (word === 'FROM' && before === 'DISTINCT') || (word === 'GROUP' && before === 'WITHIN');
}

/** `[...]` is an identifier in SQLite but an index elsewhere; allow it only when both readings agree. */
function checkBracket(sql: string, open: ExprToken, what: string): void {
  const close = sql.indexOf(']', open.end);
  const inside = sql.slice(open.end, close === -1 ? sql.length : close);
  if (/['"`;#$]|--|\/\*/u.test(inside)) throw invalid(what, 'brackets cannot contain quotes, comments or ";".');
}
