import { splitTopLevel, unquoteLiteral } from '../sql/tableExtra.js';

/** A partition bound as pg_get_expr prints relpartbound. */
export type PostgresBound =
  | { kind: 'range'; from: string[]; to: string[] }
  | { kind: 'list'; values: string[] }
  | { kind: 'hash'; modulus: number; remainder: number }
  | { kind: 'default' };

export interface PostgresPartition {
  name: string;
  bound: string;
}

/** Values of a parenthesised list, literals unquoted: `('a', 5)` -> `['a', '5']`. */
const values = (list: string) => splitTopLevel(list).map(unquoteLiteral);

/** `FOR VALUES FROM (..) TO (..)`, `FOR VALUES IN (..)`, `FOR VALUES WITH (modulus m, remainder r)`, `DEFAULT`. */
export function parsePostgresBound(text: string): PostgresBound | null {
  const bound = text.trim();
  if (bound === 'DEFAULT') return { kind: 'default' };
  const RANGE = 'FOR VALUES FROM (';
  if (bound.startsWith(RANGE) && bound.endsWith(')')) {
    // The lists part where `) TO (` stands outside quotes: a text value may contain those characters.
    const inner = bound.slice(RANGE.length, -1);
    const cut = findOutsideQuotes(inner, ') TO (');
    if (cut >= 0) return { kind: 'range', from: values(inner.slice(0, cut)), to: values(inner.slice(cut + ') TO ('.length)) };
  }
  const list = /^FOR VALUES IN \((.*)\)$/s.exec(bound);
  if (list) return { kind: 'list', values: values(list[1]!) };
  const hash = /^FOR VALUES WITH \(modulus (\d+), remainder (\d+)\)$/.exec(bound);
  if (hash) return { kind: 'hash', modulus: Number(hash[1]), remainder: Number(hash[2]) };
  return null;
}

function findOutsideQuotes(text: string, needle: string): number {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "'") quoted = !quoted;
    else if (!quoted && text.startsWith(needle, i)) return i;
  }
  return -1;
}

const NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

/** Order of two range bound values: MINVALUE lowest, MAXVALUE highest, numbers by value, the rest as text. */
function compareValue(a: string, b: string): number {
  const rank = (v: string) => (v === 'MINVALUE' ? -1 : v === 'MAXVALUE' ? 1 : 0);
  if (rank(a) !== rank(b) || rank(a) !== 0) return rank(a) - rank(b);
  if (NUMBER.test(a) && NUMBER.test(b)) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareTuple(a: string[], b: string[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const c = compareValue(a[i] ?? 'MINVALUE', b[i] ?? 'MINVALUE');
    if (c !== 0) return c;
  }
  return 0;
}

/**
 * The latest partition: for range partitioning the one with the highest upper bound, otherwise the last by
 * name (psql's order). The default partition counts only when it is the only one; hash partitions have none.
 */
export function latestPartition(partitions: readonly PostgresPartition[]): { partition: PostgresPartition; bound: PostgresBound } | null {
  const parsed = partitions
    .map((partition) => ({ partition, bound: parsePostgresBound(partition.bound) }))
    .filter((p): p is { partition: PostgresPartition; bound: PostgresBound } => p.bound !== null);
  const bounded = parsed.filter((p) => p.bound.kind !== 'default');
  const pool = bounded.length > 0 ? bounded : parsed;
  if (pool.length === 0 || pool.some((p) => p.bound.kind === 'hash')) return null;
  return pool.reduce((best, p) => {
    if (best.bound.kind === 'range' && p.bound.kind === 'range') {
      const c = compareTuple(p.bound.to, best.bound.to);
      if (c !== 0) return c > 0 ? p : best;
    }
    return p.partition.name > best.partition.name ? p : best;
  });
}

/** The latest partition as key -> value text: `created=from 2024-03-01 to 2024-04-01`, `region=in (a, b)`. */
export function latestValues(cols: readonly string[], bound: PostgresBound): Record<string, string> | null {
  const key = cols.join(', ');
  const tuple = (v: string[]) => (v.length === 1 ? v[0]! : `(${v.join(', ')})`);
  switch (bound.kind) {
    case 'range':
      return { [key]: `from ${tuple(bound.from)} to ${tuple(bound.to)}` };
    case 'list':
      return { [key]: `in (${bound.values.join(', ')})` };
    case 'default':
      return { [key]: 'default' };
    case 'hash':
      return null;
  }
}
