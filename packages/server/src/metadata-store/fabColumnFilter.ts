import { sql, type RawBuilder } from 'kysely';
import { escapeLike } from './textMatch.js';

/** FAB's operators on a string or text column (SQLAFilterConverter `is_string`/`is_text`); the pattern ones are ilike. */
export const FAB_TEXT_OPS = ['sw', 'ew', 'ct', 'eq', 'nsw', 'new', 'nct', 'neq'] as const;
/** FAB's operators on an integer column (`is_integer`). */
export const FAB_INT_OPS = ['eq', 'gt', 'lt', 'neq'] as const;

export type FabTextOp = (typeof FAB_TEXT_OPS)[number];
export type FabIntOp = (typeof FAB_INT_OPS)[number];

/** A plain column filter as FAB applies it: `column <opr> value`. */
export type FabColumnFilter = { opr: FabTextOp; value: string } | { opr: FabIntOp; value: number };

const PATTERN: Partial<Record<FabTextOp, (body: string) => string>> = {
  sw: (b) => `${b}%`,
  nsw: (b) => `${b}%`,
  ew: (b) => `%${b}`,
  new: (b) => `%${b}`,
  ct: (b) => `%${b}%`,
  nct: (b) => `%${b}%`,
};

const COMPARE = { eq: '=', neq: '!=', gt: '>', lt: '<' } as const;

/**
 * `column <opr> value` for one FAB list filter. `column` is a qualified name from the entity's own map,
 * never caller text. Pattern operators are case-insensitive (FAB's ilike, with LIKE wildcards escaped);
 * eq/neq/gt/lt compare exactly, so NULLs match neither eq nor neq, as in SQL.
 */
export function fabColumnMatch(column: string, f: FabColumnFilter): RawBuilder<boolean> {
  const ref = sql.ref(column);
  const pattern = PATTERN[f.opr as FabTextOp];
  if (pattern) {
    const like = pattern(escapeLike(String(f.value).toLowerCase()));
    return f.opr.startsWith('n')
      ? sql<boolean>`lower(${ref}) not like ${like} escape '\\'`
      : sql<boolean>`lower(${ref}) like ${like} escape '\\'`;
  }
  return sql<boolean>`${ref} ${sql.raw(COMPARE[f.opr as keyof typeof COMPARE])} ${f.value}`;
}
