/** Lexical token of SQL text; `start`/`end` index into the source so passes can rewrite it in place. */
export interface SqlToken {
  kind: 'word' | 'number' | 'string' | 'quoted' | 'comment' | 'ws' | 'semicolon' | 'open' | 'close' | 'punct';
  text: string;
  start: number;
  end: number;
  /** A string, quoted identifier or block comment that runs to the end of the text. */
  unterminated?: true;
}

/**
 * How an engine reads quotes and comments. The default is the editor's tolerant reading (any backslash
 * escapes a quote in '...'); the SQL safety analysis reads the text once per setting an engine may run with.
 */
export interface SqlLexOptions {
  /** A backslash escapes the next character in '...' strings (and in "..." strings where those are strings). */
  backslashEscapes: boolean;
  /** E'...' strings read backslash escapes whatever the default (PostgreSQL, DuckDB). */
  escapeStringPrefix: boolean;
  /** `"` delimits a string, not an identifier (MySQL without ANSI_QUOTES). */
  doubleQuoteIsString: boolean;
  /** `` `name` `` is a quoted identifier. */
  backtickQuotes: boolean;
  /** `[name]` is a quoted identifier (SQLite), not an opening bracket. */
  bracketIdentifiers: boolean;
  /** $$...$$ and $tag$...$tag$ strings. */
  dollarQuotes: boolean;
  /** Block comments nest: `/* a /* b *\/ still a comment *\/` (PostgreSQL, DuckDB). */
  nestedComments: boolean;
  /** `#` starts a comment, `--` needs a following space, and `/*! ... *\/` holds code (MySQL, MariaDB). */
  mysqlComments: boolean;
  /** U&'...' strings and U&"..." identifiers with \XXXX escapes (PostgreSQL). */
  unicodeEscapes: boolean;
  /** A line comment also ends at a carriage return (PostgreSQL's lexer). */
  crEndsLineComment: boolean;
  /** Only ASCII whitespace separates tokens; other spaces (U+00A0 ...) belong to names, as engines read them. */
  asciiWhitespace: boolean;
}

export const DEFAULT_LEX_OPTIONS: Readonly<SqlLexOptions> = {
  backslashEscapes: true,
  escapeStringPrefix: true,
  doubleQuoteIsString: false,
  backtickQuotes: true,
  bracketIdentifiers: false,
  dollarQuotes: true,
  nestedComments: false,
  mysqlComments: false,
  unicodeEscapes: false,
  crEndsLineComment: false,
  asciiWhitespace: false,
};

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;
const MYSQL_CODE_COMMENT = /^\/\*M?!\d*/;

/**
 * A tolerant tokenizer: it never throws, so half-typed SQL still splits. It knows just enough
 * (strings, quoted identifiers, dollar quoting, comments) to find statement boundaries and keywords.
 * `options` picks an engine's reading; without them the text is read as the SQL editor always did.
 */
export function tokenize(sql: string, options: Readonly<SqlLexOptions> = DEFAULT_LEX_OPTIONS): SqlToken[] {
  const tokens: SqlToken[] = [];
  const n = sql.length;
  let i = 0;
  // Open MySQL `/*! ... */` comments: their text is code, and their `*/` is not a token.
  let codeComments = 0;
  const push = (kind: SqlToken['kind'], end: number, unterminated = false) => {
    tokens.push({ kind, text: sql.slice(i, end), start: i, end, ...(unterminated ? { unterminated: true as const } : {}) });
    i = end;
  };
  const pushRun = (kind: SqlToken['kind'], [end, closed]: [number, boolean]) => push(kind, end, !closed);
  const space = options.asciiWhitespace ? /[ \t\n\r\f\v]/ : /\s/;
  while (i < n) {
    const c = sql[i]!;
    const next = sql[i + 1] ?? '';
    if (space.test(c)) {
      let j = i + 1;
      while (j < n && space.test(sql[j]!)) j++;
      push('ws', j);
    } else if (c === '-' && next === '-' && (!options.mysqlComments || mysqlDashCommentAt(sql, i))) {
      push('comment', lineEnd(sql, i, options));
    } else if (c === '#' && options.mysqlComments) {
      push('comment', lineEnd(sql, i, options));
    } else if (c === '*' && next === '/' && codeComments > 0) {
      codeComments--;
      push('ws', i + 2);
    } else if (c === '/' && next === '*') {
      const code = options.mysqlComments ? MYSQL_CODE_COMMENT.exec(sql.slice(i, i + 16)) : null;
      if (code) {
        codeComments++;
        push('ws', i + code[0].length);
      } else pushRun('comment', blockCommentEnd(sql, i, options.nestedComments));
    } else if (c === "'") {
      pushRun('string', closeQuote(sql, i, "'", options.backslashEscapes));
    } else if (c === '"') {
      if (options.doubleQuoteIsString) pushRun('string', closeQuote(sql, i, '"', options.backslashEscapes));
      else pushRun('quoted', closeQuote(sql, i, '"', false));
    } else if (c === '`' && options.backtickQuotes) {
      pushRun('quoted', closeQuote(sql, i, '`', false));
    } else if (c === '[' && options.bracketIdentifiers) {
      const j = sql.indexOf(']', i + 1);
      push('quoted', j === -1 ? n : j + 1, j === -1);
    } else if (c === '$' && options.dollarQuotes && DOLLAR_TAG.test(sql.slice(i, i + 64)) && !/[0-9]/.test(next)) {
      const tag = DOLLAR_TAG.exec(sql.slice(i, i + 64))![0];
      const j = sql.indexOf(tag, i + tag.length);
      push('string', j === -1 ? n : j + tag.length, j === -1);
    } else if (c === '$') {
      let j = i + 1;
      while (j < n && /[0-9]/.test(sql[j]!)) j++;
      push('punct', j);
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(next))) {
      let j = i + 1;
      while (j < n && /[0-9.eE]/.test(sql[j]!)) j++;
      push('number', j);
    } else if (options.unicodeEscapes && (c === 'u' || c === 'U') && next === '&' && (sql[i + 2] === "'" || sql[i + 2] === '"')) {
      // U&'d\0061ta' and U&"d\0061ta": a backslash is only a Unicode escape there, quotes still double.
      pushRun(sql[i + 2] === "'" ? 'string' : 'quoted', closeQuote(sql, i + 2, sql[i + 2]!, false));
    } else if (WORD_START.test(c)) {
      let j = i + 1;
      while (j < n && WORD_CHAR.test(sql[j]!)) j++;
      // E'...' escape strings (PostgreSQL) and N'...' / X'...' / B'...' literals are one string token.
      if (j === i + 1 && sql[j] === "'" && /[eE]/.test(c)) pushRun('string', closeQuote(sql, j, "'", options.escapeStringPrefix || options.backslashEscapes));
      else if (j === i + 1 && sql[j] === "'" && /[nNxXbB]/.test(c)) pushRun('string', closeQuote(sql, j, "'", options.backslashEscapes));
      else push('word', j);
    } else if (c === ';') {
      push('semicolon', i + 1);
    } else if (c === '(' || c === '[') {
      push('open', i + 1);
    } else if (c === ')' || c === ']') {
      push('close', i + 1);
    } else {
      push('punct', i + 1);
    }
  }
  return tokens;
}

/** MySQL reads `--` as a comment only before whitespace, a control character or the end of the text. */
function mysqlDashCommentAt(sql: string, i: number): boolean {
  const after = sql.charCodeAt(i + 2);
  return Number.isNaN(after) || after <= 0x20 || /\s/.test(sql[i + 2]!);
}

/** End (exclusive) of a line comment starting at `from`. */
function lineEnd(sql: string, from: number, options: Readonly<SqlLexOptions>): number {
  for (let j = from; j < sql.length; j++) {
    const ch = sql[j];
    if (ch === '\n' || (ch === '\r' && options.crEndsLineComment)) return j;
  }
  return sql.length;
}

/** [end (exclusive), closed] of a block comment starting at `from`. */
function blockCommentEnd(sql: string, from: number, nested: boolean): [number, boolean] {
  let depth = 1;
  let j = from + 2;
  while (j < sql.length) {
    if (sql[j] === '*' && sql[j + 1] === '/') {
      depth--;
      j += 2;
      if (depth === 0) return [j, true];
    } else if (nested && sql[j] === '/' && sql[j + 1] === '*') {
      depth++;
      j += 2;
    } else j++;
  }
  return [sql.length, false];
}

/** [end (exclusive), closed] of a quoted run starting at `from`; a doubled quote (and, if asked, a backslash escape) stays inside. */
function closeQuote(sql: string, from: number, quote: string, backslash: boolean): [number, boolean] {
  let j = from + 1;
  while (j < sql.length) {
    const ch = sql[j]!;
    if (ch === '\\' && backslash) {
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

/** Tokens that carry meaning (no whitespace, no comments). */
export const significant = (tokens: readonly SqlToken[]): SqlToken[] => tokens.filter((t) => t.kind !== 'ws' && t.kind !== 'comment');
