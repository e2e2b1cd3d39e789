import type { TableExtra } from '@tessera/core';

/** The small text helpers the connectors share to build Superset's `table_extra` answer (core's TableExtra). */
export type { TableExtra };

type Fact = string | number | bigint | null | undefined;

/** Label -> text with empty facts (null, undefined, blank text) left out; numbers as written. */
export function metadataOf(facts: readonly (readonly [string, Fact])[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [label, value] of facts) {
    if (value === null || value === undefined) continue;
    const text = String(value).trim();
    if (text) out[label] = text;
  }
  return out;
}

/** `{metadata, partitions, clustering}` with the empty parts left out. */
export function tableExtraOf(parts: TableExtra): TableExtra {
  const out: TableExtra = {};
  if (parts.metadata && Object.keys(parts.metadata).length > 0) out.metadata = parts.metadata;
  if (parts.partitions) out.partitions = parts.partitions;
  if (parts.clustering && parts.clustering.cols.length > 0) out.clustering = parts.clustering;
  return out;
}

/** A non-negative integer (number, bigint or digit text) with thousands separators; null for anything else. */
export function groupDigits(value: unknown): string | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) && value >= 0 ? Math.round(value).toString() : '') : String(value ?? '');
  if (!/^\d+$/.test(text)) return null;
  return text.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const UNITS = ['bytes', 'kB', 'MB', 'GB', 'TB', 'PB'];

/** Bytes in 1024 steps, one decimal below 10 of a unit: `512 bytes`, `1.5 kB`, `24 MB`. Null when not a size. */
export function prettyBytes(value: unknown): string | null {
  const bytes = typeof value === 'number' ? value : typeof value === 'bigint' || typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isFinite(bytes) || bytes < 0) return null;
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < UNITS.length - 1) {
    size /= 1024;
    unit++;
  }
  const text = unit === 0 || size >= 10 ? Math.round(size).toString() : size.toFixed(1).replace(/\.0$/, '');
  return `${text} ${UNITS[unit]}`;
}

/** Splits `a, 'b,c', f(d, e)` at commas outside quotes and parentheses; parts are trimmed. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote) {
        // A doubled quote is an escaped one and keeps the string open.
        if (text[i + 1] === quote) i++;
        else quote = null;
      } else if (ch === '\\' && quote === "'") i++;
    } else if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = text.slice(start).trim();
  if (last || parts.length > 0) parts.push(last);
  return parts;
}

/** `'it''s'` -> `it's`; anything that is not one single-quoted literal comes back as is. */
export function unquoteLiteral(text: string): string {
  const m = /^'((?:[^']|'')*)'$/.exec(text.trim());
  return m ? m[1]!.replace(/''/g, "'") : text.trim();
}
