import type { SqlEngineRules } from './sqlEngineRules.js';
import type { SqlLexOptions, SqlToken } from './tokenize.js';

/** ASCII-only lower case: engines fold A-Z and nothing else, so neither does this. */
export const asciiLower = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** `\XXXX`, `\+XXXXXX` and a doubled escape character in U&'...' / U&"..." text. */
function decodeUnicodeEscapes(body: string, escape: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch !== escape) {
      out += ch;
      continue;
    }
    if (body[i + 1] === escape) {
      out += escape;
      i++;
      continue;
    }
    const six = body[i + 1] === '+';
    const hex = body.slice(i + (six ? 2 : 1), i + (six ? 8 : 5));
    const code = /^[0-9a-fA-F]+$/.test(hex) && hex.length === (six ? 6 : 4) ? Number.parseInt(hex, 16) : Number.NaN;
    if (Number.isNaN(code) || code > 0x10ffff) {
      out += ch;
      continue;
    }
    out += String.fromCodePoint(code);
    i += six ? 7 : 4;
  }
  return out;
}

/** The text inside a quoted run, with its doubled quotes (and, when read so, backslash escapes) undone. */
function unquote(body: string, quote: string, backslash: boolean): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (backslash && ch === '\\' && i + 1 < body.length) {
      out += body[++i]!;
    } else if (ch === quote && body[i + 1] === quote) {
      out += quote;
      i++;
    } else out += ch;
  }
  return out;
}

/**
 * The name a word or quoted token stands for, as written (quotes removed, escapes decoded), and whether it was
 * quoted. `uescape` is the character of a following `UESCAPE 'c'` clause, if any.
 */
export function identifierOf(token: SqlToken, uescape = '\\'): { name: string; quoted: boolean } | null {
  if (token.kind === 'word') return { name: token.text, quoted: false };
  if (token.kind !== 'quoted') return null;
  const text = token.text;
  if (/^[uU]&"/.test(text)) return { name: decodeUnicodeEscapes(unquote(text.slice(3, text.endsWith('"') && text.length > 3 ? -1 : undefined), '"', false), uescape), quoted: true };
  const quote = text[0]!;
  const close = quote === '[' ? ']' : quote;
  const body = text.length > 1 && text.endsWith(close) ? text.slice(1, -1) : text.slice(1);
  return { name: quote === '[' ? body : unquote(body, quote, false), quoted: true };
}

/** The value of a string literal token as the reading reads it; null for other tokens. */
export function stringValue(token: SqlToken, reading: Readonly<SqlLexOptions>, uescape = '\\'): string | null {
  if (token.kind !== 'string') return null;
  const text = token.text;
  const dollar = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text);
  if (dollar) return text.slice(dollar[0].length, text.endsWith(dollar[0]) && text.length >= 2 * dollar[0].length ? -dollar[0].length : undefined);
  const unicode = /^[uU]&'/.test(text);
  const prefix = unicode ? 3 : /^[eEnNxXbB]'/.test(text) ? 2 : 1;
  const quote = text[prefix - 1]!;
  const body = text.length > prefix && text.endsWith(quote) ? text.slice(prefix, -1) : text.slice(prefix);
  const escaped = /^[eE]'/.test(text) ? reading.escapeStringPrefix || reading.backslashEscapes : !unicode && reading.backslashEscapes;
  const plain = unquote(body, quote, escaped);
  return unicode ? decodeUnicodeEscapes(plain, uescape) : plain;
}

/** A name as the engine matches it: see SqlEngineRules.identifierCase. */
export function matchName(name: string, quoted: boolean, rules: Pick<SqlEngineRules, 'identifierCase'>): string {
  switch (rules.identifierCase) {
    case 'fold':
      return quoted ? name : asciiLower(name);
    case 'insensitive':
      return asciiLower(name);
    case 'exact':
      return name;
  }
}
