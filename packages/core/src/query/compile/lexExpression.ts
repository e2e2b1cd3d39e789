import type { SqlDialect } from '../types.js';

export interface ExprToken {
  kind: 'word' | 'number' | 'string' | 'quoted' | 'comment' | 'ws' | 'semicolon' | 'open' | 'close' | 'comma' | 'punct';
  text: string;
  start: number;
  end: number;
  /** A string, quoted identifier or block comment that runs to the end of the text. */
  unterminated?: boolean;
}

export interface LexOptions {
  /** Backslash escapes a quote inside '...' strings (and "..." strings where double quotes are strings). */
  backslashEscapes: boolean;
  /** `"` delimits a string (MySQL's default mode) rather than an identifier. */
  doubleQuoteIsString: boolean;
  /** `#` starts a comment and `--` needs a following space (MySQL). */
  mysqlComments: boolean;
  /** E'...' strings read backslash escapes (PostgreSQL, DuckDB); SQLite sees an `E` and a plain string. */
  escapeStringPrefix: boolean;
}

const WORD_START = /[A-Za-z_\u0080-\uffff]/u;
const WORD_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/u;

/** How `dialect` reads quotes and comments. Plain data in, so core still never names an engine. */
export function lexOptionsOf(dialect: SqlDialect): LexOptions {
  const backslash = dialect.stringEscape === 'backslash';
  return {
    backslashEscapes: backslash,
    doubleQuoteIsString: dialect.identifierQuote === '`',
    mysqlComments: backslash,
    escapeStringPrefix: true,
  };
}

/**
 * A dialect-aware lexer for custom SQL expressions. Unlike the editor's tokenizer (core/sql/tokenize.ts,
 * which always treats a backslash as an escape) it follows the engine's own quoting rules, because here a
 * wrong string boundary would let text escape the expression.
 */
export function lexExpression(sql: string, options: LexOptions): ExprToken[] {
  const tokens: ExprToken[] = [];
  const n = sql.length;
  let i = 0;
  const push = (kind: ExprToken['kind'], end: number, unterminated = false) => {
    tokens.push({
      kind,
      text: sql.slice(i, end),
      start: i,
      end,
      ...(unterminated ? { unterminated } : {}),
    });
    i = end;
  };
  while (i < n) {
    const c = sql[i]!;
    const next = sql[i + 1] ?? '';
    if (/\s/u.test(c)) {
      let j = i + 1;
      while (j < n && /\s/u.test(sql[j]!)) j++;
      push('ws', j);
    } else if (c === '-' && next === '-' && (!options.mysqlComments || /[\s]/u.test(sql[i + 2] ?? ' '))) {
      const j = sql.indexOf('\n', i);
      push('comment', j === -1 ? n : j);
    } else if (c === '#' && options.mysqlComments) {
      const j = sql.indexOf('\n', i);
      push('comment', j === -1 ? n : j);
    } else if (c === '/' && next === '*') {
      const j = sql.indexOf('*/', i + 2);
      push('comment', j === -1 ? n : j + 2, j === -1);
    } else if (c === "'") {
      const [end, closed] = closeQuote(sql, i, "'", options.backslashEscapes);
      push('string', end, !closed);
    } else if (c === '"') {
      const isString = options.doubleQuoteIsString;
      const [end, closed] = closeQuote(sql, i, '"', isString && options.backslashEscapes);
      push(isString ? 'string' : 'quoted', end, !closed);
    } else if (c === '`') {
      const [end, closed] = closeQuote(sql, i, '`', false);
      push('quoted', end, !closed);
    } else if (/[0-9]/u.test(c) || (c === '.' && /[0-9]/u.test(next))) {
      let j = i + 1;
      while (j < n && /[0-9.eE]/u.test(sql[j]!)) j++;
      push('number', j);
    } else if (WORD_START.test(c)) {
      let j = i + 1;
      while (j < n && WORD_CHAR.test(sql[j]!)) j++;
      if (j === i + 1 && sql[j] === "'" && /[eE]/u.test(c)) {
        // PostgreSQL/DuckDB escape strings read backslashes whatever the default is.
        const [end, closed] = closeQuote(sql, j, "'", options.escapeStringPrefix || options.backslashEscapes);
        push('string', end, !closed);
      } else if (j === i + 1 && sql[j] === "'" && /[nNxXbB]/u.test(c)) {
        const [end, closed] = closeQuote(sql, j, "'", options.backslashEscapes);
        push('string', end, !closed);
      } else push('word', j);
    } else if (c === ';') push('semicolon', i + 1);
    else if (c === '(' || c === '[') push('open', i + 1);
    else if (c === ')' || c === ']') push('close', i + 1);
    else if (c === ',') push('comma', i + 1);
    else push('punct', i + 1);
  }
  return tokens;
}

/** [end (exclusive), closed] of a quoted run starting at `from`; doubled quotes stay inside. */
function closeQuote(sql: string, from: number, quote: string, backslash: boolean): [number, boolean] {
  let j = from + 1;
  while (j < sql.length) {
    const ch = sql[j]!;
    if (backslash && ch === '\\') {
      j += 2;
      continue;
    }
    if (ch === quote) {
      if (sql[j + 1] === quote) {
        j += 2;
        continue;
      }
      return [j + 1, true];
    }
    j++;
  }
  return [sql.length, false];
}
