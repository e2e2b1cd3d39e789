import type { RowLevelSecurityGroups, SqlDialect } from '../types.js';
import { checkCustomSql } from './checkCustomSql.js';

export const RLS_CLAUSE_FIELD = 'row level security filter';

/**
 * Row level security as WHERE conditions, one per group: `((a) OR (b))`, or `(a)` for a group of one. Clauses are
 * written by admins, not callers, so sub-queries are allowed whatever the database says of adhoc SQL; they are
 * still lexed as custom SQL is (one expression, comments dropped) and always parenthesised, so a clause such as
 * `a = 1 OR 1 = 1` can never loosen the conditions it is ANDed with.
 */
export function rowLevelSecurityConditions(groups: RowLevelSecurityGroups | undefined, dialect: SqlDialect): string[] {
  if (!groups || groups.length === 0) return [];
  const admin: SqlDialect = { ...dialect, allowAdhocSubquery: true };
  const out: string[] = [];
  for (const group of groups) {
    const clauses = group.map((clause) => `(${checkCustomSql(clause, admin, RLS_CLAUSE_FIELD)})`);
    // A group with no clause cannot come from a rule; it restricts nothing rather than guessing.
    if (clauses.length === 0) continue;
    out.push(clauses.length === 1 ? clauses[0]! : `(${clauses.join(' OR ')})`);
  }
  return out;
}
