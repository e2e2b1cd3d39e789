import {
  analyzeSql,
  canAccessDatabase,
  groupRlsClauses,
  rlsRuleApplies,
  significant,
  sqlEngineRules,
  tokenize,
  type Principal,
  type RlsFilterType,
  type RowLevelSecurityGroups,
  type SqlTableReference,
} from '@tessera/core';
import { catalogueError } from '../../app/httpErrors.js';
import { renderTemplate, type TemplateMacros } from '../../query-engine/renderTemplate.js';
import type { RlsDatasetTable, RlsRuleForData, RowLevelSecurityRepository } from './rowLevelSecurity.repository.js';

/**
 * How long the rules read for the engine are trusted. Every chart query asks; under a burst this is one metadata
 * read per window instead of one per query. An edit in this process is seen at once (invalidate), one made by
 * another process at most this late.
 */
const RULES_TTL_MS = 100;

const TEMPLATE_SYNTAX = /\{[{%#]/;

/** Superset's words for a clause that cannot be rendered: the query is refused, never run without its rule. */
const unrenderable = (detail: string) =>
  catalogueError(400, 'INVALID_TEMPLATE_PARAMS_ERROR', `A row level security rule of this dataset could not be rendered: ${detail}`);

/**
 * Row level security as the data paths apply it (Superset's get_rls_filters and get_sqla_row_level_filters):
 * which rules apply to a viewer on a dataset, rendered and grouped for the compiler, and SQL Lab's rule.
 */
export class RowLevelFilters {
  private memo: { at: number; rules: Promise<RlsRuleForData[]> } | null = null;

  constructor(private readonly repo: RowLevelSecurityRepository) {}

  /** Forget the rules read: an edit, a role or dataset change in this process. */
  invalidate(): void {
    this.memo = null;
  }

  private rules(): Promise<RlsRuleForData[]> {
    const now = Date.now();
    if (this.memo && now - this.memo.at < RULES_TTL_MS) return this.memo.rules;
    const rules = this.repo.rulesForData();
    const memo = { at: now, rules };
    this.memo = memo;
    rules.catch(() => {
      if (this.memo === memo) this.memo = null;
    });
    return rules;
  }

  /** The rules that apply to `viewer` (by the names of its roles), on one dataset or on any. */
  private async applying(viewer: Principal, datasetId: number | null): Promise<RlsRuleForData[]> {
    const roles = new Set(viewer.roles.map((r) => r.name));
    return (await this.rules()).filter(
      (rule) => (datasetId === null || rule.tableIds.includes(datasetId)) && rlsRuleApplies({ filter_type: rule.filter_type as RlsFilterType, roleNames: rule.roleNames }, roles),
    );
  }

  /**
   * The predicates `viewer` gets on the dataset, rendered with the current user's macros only, grouped as they
   * combine (the compiler ORs within a group and ANDs groups). Empty when no rule applies.
   */
  async forDataset(viewer: Principal, datasetId: number): Promise<RowLevelSecurityGroups> {
    const guest = guestClauses(viewer, datasetId);
    const rules = await this.applying(viewer, datasetId);
    if (rules.length === 0) return guest;
    const macros = rules.some((r) => TEMPLATE_SYNTAX.test(r.clause)) ? await this.macros(viewer) : {};
    const rendered = rules.map((rule) => {
      try {
        return { group_key: rule.group_key, clause: renderTemplate(rule.clause, {}, { macros }) };
      } catch (err) {
        throw unrenderable(err instanceof Error ? err.message : String(err));
      }
    });
    return [...groupRlsClauses(rendered), ...guest];
  }

  /**
   * Superset's current-user macros (and no others), over the stored user: jobs carry only the user's id. Text comes
   * back with single quotes doubled, so `'{{ current_username() }}'` stays one string literal whatever the name holds
   * (Superset returns it raw; a name such as `o'brien` would otherwise end the string).
   */
  private async macros(viewer: Principal): Promise<TemplateMacros> {
    const user = viewer.id === null ? null : await this.repo.username(viewer.id);
    const literal = (text: string | undefined) => (text === undefined ? null : text.replace(/'/g, "''"));
    return {
      current_user_id: () => viewer.id,
      current_username: () => literal(user?.username),
      current_user_email: () => literal(user?.email),
    };
  }

  /**
   * SQL Lab cannot add a rule's predicate to SQL it did not write, so a user reading tables through dataset or
   * schema grants is refused a query naming a table that has rules for them. Users with access to the whole
   * database read every table in full there, as in Superset without RLS_IN_SQLLAB.
   */
  async assertSqlLabAllowed(viewer: Principal, db: SqlLabDatabase, defaultSchema: string | null, sql: string): Promise<void> {
    if (canAccessDatabase(viewer, db)) return;
    const ids = [...new Set((await this.applying(viewer, null)).flatMap((r) => r.tableIds))];
    const restricted = await this.repo.physicalDatasets(db.id, ids);
    if (restricted.length === 0) return;
    const tables = analyzeSql(sql, sqlEngineRules(db.backend)).tables;
    const hit = restricted.filter((t) => namedIn(sql, tables, t, defaultSchema));
    if (hit.length === 0) return;
    const names = [...new Set(hit.map((t) => (t.schema ? `${t.schema}.${t.table_name}` : t.table_name)))];
    throw catalogueError(
      403,
      'TABLE_SECURITY_ACCESS_ERROR',
      `${names.map((n) => `\`${n}\``).join(', ')} ${names.length === 1 ? 'has' : 'have'} row level security rules for you, which SQL Lab cannot apply. Query ${names.length === 1 ? 'it' : 'them'} through ${names.length === 1 ? 'its dataset' : 'their datasets'} in a chart instead.`,
      { tables: names },
    );
  }
}

/**
 * A guest token's clauses on the dataset (Superset's get_guest_rls_filters): those naming it and those naming no
 * dataset, each ANDed on its own. They come from the host application's backend, so they are not rendered as templates.
 */
function guestClauses(viewer: Principal, datasetId: number): string[][] {
  const rules = viewer.guest?.rls ?? [];
  return rules.filter((r) => r.dataset === undefined || r.dataset === datasetId).map((r) => [r.clause]);
}

/** The database a SQL Lab run is on; `backend` picks the engine's reading of the SQL. */
export interface SqlLabDatabase {
  id: number;
  database_name: string;
  backend: string;
}

const lower = (s: string | null) => (s === null ? null : s.toLowerCase());

/**
 * Whether the SQL reads the table: a table reference the extractor finds (schema-aware), or any identifier spelled
 * like the table, so a name the extractor does not list (a CTE shadowing the table, engine syntax it does not know)
 * still counts. Refusing a query that merely mentions the name is the safe mistake.
 */
function namedIn(sql: string, tables: readonly SqlTableReference[], table: RlsDatasetTable, defaultSchema: string | null): boolean {
  const name = table.table_name.toLowerCase();
  const schema = lower(table.schema ?? defaultSchema);
  const referenced = tables.some((ref) => {
    if (ref.table.toLowerCase() !== name) return false;
    const refSchema = lower(ref.schema ?? defaultSchema);
    return refSchema === null || schema === null || refSchema === schema;
  });
  if (referenced) return true;
  return significant(tokenize(sql)).some((t) => (t.kind === 'word' || t.kind === 'quoted') && unquote(t.text).toLowerCase() === name);
}

const unquote = (text: string) => (/^["`[]/.test(text) ? text.slice(1, -1) : text);
