import {
  analyzeSql,
  asciiLower,
  canAccessDatabase,
  disallowedFunctionsMessage,
  findDisallowedFunctions,
  sqlEngineRules,
  tableAccessMessage,
  tableAccessRefusal,
  type Principal,
  type SqlAnalysis,
  type SqlEngineRules,
} from '@tessera/core';
import type { AppContext } from '../../app/context.js';
import { catalogueError } from '../../app/httpErrors.js';
import { GrantedDatasetsRepository } from './grantedDatasets.repository.js';

/** The database a statement runs on, as the guard needs it. */
export interface GuardedDatabase {
  id: number;
  database_name: string;
  /** The engine (a connector's `engine`): picks the analysis rules and the disallowed functions. */
  backend: string;
}

/** A dataset a `datasource_access` grant names. */
export interface GrantedDataset {
  id: number;
  database_id: number;
  schema: string | null;
  table_name: string;
  /** Virtual datasets (SQL) grant their rows only, never a table of their name. */
  sql: string | null;
}

export interface SqlGuardDeps {
  /** DISALLOWED_SQL_FUNCTIONS: engine -> function names, refused for every user (admins too, as in Superset). */
  disallowedFunctions: Readonly<Record<string, readonly string[]>>;
  /** The datasets behind the caller's datasource grants. */
  datasets: (ids: number[]) => Promise<GrantedDataset[]>;
}

const DATASOURCE_VIEW = /^\[(.*)\]\.\[(.*)\]\(id:(\d+)\)$/;
const SCHEMA_VIEW = /^\[(.*)\]\.\[(.*)\]$/;

const wholeDatabaseNeeded = (what: string, analysis: SqlAnalysis) =>
  catalogueError(
    403,
    'TABLE_SECURITY_ACCESS_ERROR',
    `You need access to the whole database (\`database_access\` on it, \`all_database_access\` or \`all_datasource_access\` permission) to run ${what}`,
    { functions: analysis.tableFunctions, statements: analysis.statements, problems: analysis.problems },
  );

/**
 * The one SQL safety layer every path that runs SQL a user wrote goes through (SQL Lab, virtual datasets, SQL Lab
 * queries in the explorer, chart SQL): a per-engine analysis of the rendered text (core's analyzeSql) decides.
 * - Every user: a function of the engine's disallowed list (or dynamic SQL whose text cannot be checked for them)
 *   is refused, 400 SYNTAX_ERROR (Superset's SupersetDisallowedSQLFunctionException).
 * - Users without access to the whole database: every table must be granted (schema access, or a physical
 *   dataset's grant); table functions, dynamic SQL, statements that read tables without FROM, system catalogs and
 *   text the analysis cannot follow are refused, 403 TABLE_SECURITY_ACCESS_ERROR.
 */
export class SqlGuard {
  constructor(private readonly deps: SqlGuardDeps) {}

  /** The engine's disallowed functions (lower case). */
  disallowedFor(engine: string): readonly string[] {
    return (this.deps.disallowedFunctions[engine.toLowerCase()] ?? []).map(asciiLower);
  }

  /** Refuses SQL calling a disallowed function, for every user. */
  assertAllowedFunctions(engine: string, sql: string): void {
    this.checkFunctions(engine, analyzeSql(sql, sqlEngineRules(engine)));
  }

  /**
   * The whole check for SQL a user runs on `db`; `defaultSchema` is what unqualified names resolve to (SQL Lab's
   * schema, else the engine's default; null: the connection's database).
   */
  async assertCanRun(principal: Principal, db: GuardedDatabase, defaultSchema: string | null, sql: string): Promise<void> {
    const rules = sqlEngineRules(db.backend);
    const analysis = analyzeSql(sql, rules);
    if (!canAccessDatabase(principal, db)) await this.checkTables(principal, db, defaultSchema, analysis, rules);
    this.checkFunctions(db.backend, analysis);
  }

  private checkFunctions(engine: string, analysis: SqlAnalysis): void {
    const disallowed = this.disallowedFor(engine);
    if (disallowed.length === 0) return;
    const found = findDisallowedFunctions(analysis.functions, disallowed);
    if (found.length) throw catalogueError(400, 'SYNTAX_ERROR', disallowedFunctionsMessage(found), { functions: found });
    // query('SELECT pg_' || 'sleep(9)') would run what the list refuses: computed SQL text cannot be checked.
    if (analysis.opaqueSql.length) {
      throw catalogueError(400, 'SYNTAX_ERROR', `SQL statement contains dynamic SQL that cannot be checked for disallowed functions: ${analysis.opaqueSql.join(', ')}`, {
        functions: analysis.opaqueSql,
      });
    }
  }

  private async checkTables(principal: Principal, db: GuardedDatabase, defaultSchema: string | null, analysis: SqlAnalysis, rules: SqlEngineRules): Promise<void> {
    const granted = analysis.tables.length ? await this.grants(principal, db) : { schemas: [], tables: [] };
    const same = (a: string | null, b: string | null) =>
      a === null || b === null ? a === b : rules.identifierCase === 'insensitive' ? asciiLower(a) === asciiLower(b) : a === b;
    const refusal = tableAccessRefusal(analysis, (ref) => {
      const schema = ref.schema ?? defaultSchema;
      if (schema !== null && granted.schemas.some((s) => same(s, schema))) return true;
      return granted.tables.some((t) => same(t.table, ref.table) && same(t.schema ?? defaultSchema, schema));
    });
    if (refusal === null) return;
    switch (refusal.kind) {
      case 'unchecked':
        throw wholeDatabaseNeeded(`table functions, dynamic SQL or statements that read tables without FROM: ${refusal.names.join(', ')}`, analysis);
      case 'unanalysable':
        throw wholeDatabaseNeeded(`SQL the server cannot analyse for table access: ${refusal.names.join(' ')}`, analysis);
      case 'tables': {
        const names = refusal.tables.map((ref) => [ref.catalog, ref.schema ?? (ref.system ? null : defaultSchema), ref.table].filter((p) => p !== null).join('.'));
        throw catalogueError(403, 'TABLE_SECURITY_ACCESS_ERROR', tableAccessMessage(names), { tables: names });
      }
    }
  }

  /** The schemas and physical tables the caller's schema and datasource grants give on `db`. */
  private async grants(principal: Principal, db: GuardedDatabase): Promise<{ schemas: string[]; tables: { schema: string | null; table: string }[] }> {
    const schemas: string[] = [];
    const ids: number[] = [];
    for (const role of principal.roles) {
      for (const [permission, view] of role.permissions) {
        if (permission === 'schema_access') {
          const m = SCHEMA_VIEW.exec(view);
          if (m && m[1] === db.database_name) schemas.push(m[2]!);
        } else if (permission === 'datasource_access') {
          const m = DATASOURCE_VIEW.exec(view);
          if (m && m[1] === db.database_name) ids.push(Number(m[3]));
        }
      }
    }
    const datasets = ids.length ? await this.deps.datasets([...new Set(ids)]) : [];
    const tables = datasets.filter((d) => d.database_id === db.id && !d.sql?.trim()).map((d) => ({ schema: d.schema, table: d.table_name }));
    return { schemas, tables };
  }
}

const guards = new WeakMap<AppContext, SqlGuard>();

/** The process's guard, built once from the configuration (DISALLOWED_SQL_FUNCTIONS) and the metadata store. */
export function sqlGuardOf(ctx: AppContext): SqlGuard {
  let guard = guards.get(ctx);
  if (!guard) {
    const datasets = new GrantedDatasetsRepository(ctx.db);
    guard = new SqlGuard({ disallowedFunctions: ctx.config.sqlSafety.disallowedFunctions, datasets: (ids) => datasets.byIds(ids) });
    guards.set(ctx, guard);
  }
  return guard;
}
