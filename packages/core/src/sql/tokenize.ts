/** Lexical token of SQL text; `start`/`end` index into the source so passes can rewrite it in place. */
export interface SqlToken {
  kind: 'word' | 'number' | 'string' | 'quoted' | 'comment' | 'ws' | 'semicolon' | 'open' | 'close' | 'punct';
  text: string;
  start: number;
  end: number;
}

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;

/**
 * A tolerant tokenizer: it never throws, so half-typed SQL still splits. It knows just enough
 * (strings, quoted identifiers, dollar quoting, comments) to find statement boundaries and keywords.
 */
export function tokenize(sql: string): SqlToken[] {
  const tokens: SqlToken[] = [];
  const n = sql.length;
  let i = 0;
  const push = (kind: SqlToken['kind'], end: number) => {
    tokens.push({ kind, text: sql.slice(i, end), start: i, end });
    i = end;
  };
  while (i < n) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (/\s/.test(c)) {
      let j = i + 1;
      while (j < n && /\s/.test(sql[j]!)) j++;
      push('ws', j);
    } else if (c === '-' && next === '-') {
      const j = sql.indexOf('\n', i);
      push('comment', j === -1 ? n : j);
    } else if (c === '/' && next === '*') {
      const j = sql.indexOf('*/', i + 2);
      push('comment', j === -1 ? n : j + 2);
    } else if (c === "'" || c === '"' || c === '`') {
      push(c === "'" ? 'string' : 'quoted', closeQuote(sql, i, c));
    } else if (c === '$') {
      const m = DOLLAR_TAG.exec(sql.slice(i, i + 64));
      if (m && !/[0-9]/.test(next ?? '')) {
        const j = sql.indexOf(m[0], i + m[0].length);
        push('string', j === -1 ? n : j + m[0].length);
      } else {
        let j = i + 1;
        while (j < n && /[0-9]/.test(sql[j]!)) j++;
        push('punct', j);
      }
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(next ?? ''))) {
      let j = i + 1;
      while (j < n && /[0-9.eE]/.test(sql[j]!)) j++;
      push('number', j);
    } else if (WORD_START.test(c)) {
      let j = i + 1;
      while (j < n && WORD_CHAR.test(sql[j]!)) j++;
      // E'...' escape strings (PostgreSQL) and N'...' / X'...' literals are one string token.
      if (j === i + 1 && sql[j] === "'" && /[eEnNxXbB]/.test(c)) push('string', closeQuote(sql, j, "'"));
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

/** End (exclusive) of a quoted run starting at `from`; a doubled quote or a backslash escape stays inside. */
function closeQuote(sql: string, from: number, quote: string): number {
  let j = from + 1;
  while (j < sql.length) {
    const ch = sql[j]!;
    if (ch === '\\' && quote === "'") {
      j += 2;
      continue;
    }
    if (ch === quote) {
      if (sql[j + 1] === quote) {
        j += 2;
        continue;
      }
      return j + 1;
    }
    j++;
  }
  return sql.length;
}

/** Tokens that carry meaning (no whitespace, no comments). */
export const significant = (tokens: readonly SqlToken[]): SqlToken[] => tokens.filter((t) => t.kind !== 'ws' && t.kind !== 'comment');
