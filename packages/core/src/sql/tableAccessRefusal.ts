import type { SqlAnalysis, SqlTableReference } from './analyzeSql.js';
import { asciiLower } from './sqlNames.js';

/** Why SQL is refused to a user who holds table grants but not the whole database. */
export type TableAccessRefusal =
  /** Table functions, file reads, dynamic SQL and statements that read tables without FROM: no grant covers them. */
  | { kind: 'unchecked'; names: string[] }
  /** Text the analysis could not follow. */
  | { kind: 'unanalysable'; names: string[] }
  /** Tables no grant covers. */
  | { kind: 'tables'; tables: SqlTableReference[] };

/**
 * The table-level rule for users without whole-database access: every table a statement names must be granted,
 * and nothing the grants cannot describe may run (a table function is a table reference no grant names).
 * `granted` decides one table; null means the SQL may run.
 */
export function tableAccessRefusal(analysis: SqlAnalysis, granted: (ref: SqlTableReference) => boolean): TableAccessRefusal | null {
  const unchecked = [...new Set([...analysis.tableFunctions, ...analysis.opaqueSql.map(asciiLower), ...analysis.statements])];
  if (unchecked.length) return { kind: 'unchecked', names: unchecked };
  if (analysis.problems.length) return { kind: 'unanalysable', names: analysis.problems };
  // Another catalog, or the engine's own catalog objects (pg_user, duckdb_tables ...): never by a table grant.
  const denied = analysis.tables.filter((ref) => ref.catalog !== null || ref.system || !granted(ref));
  return denied.length ? { kind: 'tables', tables: denied } : null;
}
