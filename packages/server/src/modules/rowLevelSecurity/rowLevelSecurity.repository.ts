import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { RlsRoleRef, RlsTableRef } from '@tessera/core';
import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import { fabColumnMatch, type FabColumnFilter } from '../../metadata-store/fabColumnFilter.js';
import { pagedList } from '../../metadata-store/pagedList.js';
import type { RlsFilterTable } from '../../metadata-store/rowLevelSecuritySchema.js';
import { textMatches } from '../../metadata-store/textMatch.js';

export type RlsRow = Selectable<RlsFilterTable>;
export type RlsChanges = Updateable<RlsFilterTable>;
export type RlsJoinedRow = RlsRow & { changed_by_first_name: string | null; changed_by_last_name: string | null };

/** Columns a list filter may match with FAB's text operators. */
export type RlsTextColumn = 'name' | 'description' | 'filter_type' | 'group_key' | 'clause';

export type RlsFilter =
  | { col: RlsTextColumn; match: FabColumnFilter }
  | { col: 'tables' | 'roles'; value: number }
  | { col: 'created_by_fk' | 'changed_by_fk'; value: number };

export const RLS_ORDER = {
  name: 'row_level_security_filters.name',
  filter_type: 'row_level_security_filters.filter_type',
  clause: 'row_level_security_filters.clause',
  group_key: 'row_level_security_filters.group_key',
  changed_on_delta_humanized: 'row_level_security_filters.changed_on',
  changed_on: 'row_level_security_filters.changed_on',
  id: 'row_level_security_filters.id',
} as const;

export interface RlsCriteria {
  filters: RlsFilter[];
  orderBy: keyof typeof RLS_ORDER;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** A rule as the engine applies it: the datasets it restricts and the names of the roles it names. */
export interface RlsRuleForData {
  id: number;
  filter_type: string;
  group_key: string | null;
  clause: string;
  tableIds: number[];
  roleNames: string[];
}

/** A physical dataset: the table SQL Lab would read. */
export interface RlsDatasetTable {
  id: number;
  schema: string | null;
  table_name: string;
}

const LINKS = { tables: { table: 'rls_filter_tables', key: 'table_id' }, roles: { table: 'rls_filter_roles', key: 'role_id' } } as const;

/** `row_level_security_filters` and its role and dataset links; the only code that reads them. */
export class RowLevelSecurityRepository {
  constructor(private readonly db: MetadataDb) {}

  private joined() {
    return this.db
      .selectFrom('row_level_security_filters')
      .leftJoin('ab_user as changer', 'changer.id', 'row_level_security_filters.changed_by_fk')
      .selectAll('row_level_security_filters')
      .select(['changer.first_name as changed_by_first_name', 'changer.last_name as changed_by_last_name']);
  }

  async find(id: number): Promise<RlsJoinedRow | null> {
    return (await this.joined().where('row_level_security_filters.id', '=', id).executeTakeFirst()) ?? null;
  }

  async existingIds(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    return (await this.db.selectFrom('row_level_security_filters').select('id').where('id', 'in', [...ids]).execute()).map((r) => r.id);
  }

  async nameTaken(name: string, exceptId: number | null): Promise<boolean> {
    let q = this.db.selectFrom('row_level_security_filters').select('id').where('name', '=', name);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async list(c: RlsCriteria): Promise<{ rows: RlsJoinedRow[]; count: number }> {
    let base = this.db.selectFrom('row_level_security_filters');
    for (const f of c.filters) {
      if ('match' in f) base = base.where(fabColumnMatch(`row_level_security_filters.${f.col}`, f.match));
      else if (f.col === 'tables' || f.col === 'roles') {
        const { table, key } = LINKS[f.col];
        base = base.where('row_level_security_filters.id', 'in', sql<number>`(SELECT rls_filter_id FROM ${sql.table(table)} WHERE ${sql.ref(key)} = ${f.value})`);
      } else base = base.where(`row_level_security_filters.${f.col}`, '=', f.value);
    }
    return pagedList(base, this.joined(), 'row_level_security_filters.id', { orderRef: RLS_ORDER[c.orderBy], direction: c.direction, page: c.page, pageSize: c.pageSize });
  }

  /** The datasets and roles each rule names, for the answers. */
  async linksOf(ruleIds: readonly number[]): Promise<{ tables: Map<number, RlsTableRef[]>; roles: Map<number, RlsRoleRef[]> }> {
    const tables = new Map<number, RlsTableRef[]>();
    const roles = new Map<number, RlsRoleRef[]>();
    if (ruleIds.length === 0) return { tables, roles };
    const ids = [...ruleIds];
    const tableRows = await this.db
      .selectFrom('rls_filter_tables as l')
      .innerJoin('tables as t', 't.id', 'l.table_id')
      .select(['l.rls_filter_id', 't.id', 't.schema', 't.table_name'])
      .where('l.rls_filter_id', 'in', ids)
      .orderBy('t.id')
      .execute();
    for (const r of tableRows) push(tables, r.rls_filter_id, { id: r.id, schema: r.schema, table_name: r.table_name });
    const roleRows = await this.db
      .selectFrom('rls_filter_roles as l')
      .innerJoin('ab_role as r', 'r.id', 'l.role_id')
      .select(['l.rls_filter_id', 'r.id', 'r.name'])
      .where('l.rls_filter_id', 'in', ids)
      .orderBy('r.id')
      .execute();
    for (const r of roleRows) push(roles, r.rls_filter_id, { id: r.id, name: r.name });
    return { tables, roles };
  }

  async existingDatasetIds(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    return (await this.db.selectFrom('tables').select('id').where('id', 'in', [...ids]).execute()).map((r) => r.id);
  }

  async existingRoleIds(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    return (await this.db.selectFrom('ab_role').select('id').where('id', 'in', [...ids]).execute()).map((r) => r.id);
  }

  async insert(values: Insertable<RlsFilterTable>, tables: readonly number[], roles: readonly number[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('row_level_security_filters').values(values).returning('id').executeTakeFirstOrThrow();
      if (tables.length > 0) await trx.insertInto('rls_filter_tables').values(tables.map((t) => ({ rls_filter_id: id, table_id: t }))).execute();
      if (roles.length > 0) await trx.insertInto('rls_filter_roles').values(roles.map((r) => ({ rls_filter_id: id, role_id: r }))).execute();
      return id;
    });
  }

  /** Changes the rule; `tables` / `roles` replace the links when given. */
  async update(id: number, changes: RlsChanges, tables: readonly number[] | undefined, roles: readonly number[] | undefined): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('row_level_security_filters').set(changes).where('id', '=', id).execute();
      if (tables) {
        await trx.deleteFrom('rls_filter_tables').where('rls_filter_id', '=', id).execute();
        if (tables.length > 0) await trx.insertInto('rls_filter_tables').values(tables.map((t) => ({ rls_filter_id: id, table_id: t }))).execute();
      }
      if (roles) {
        await trx.deleteFrom('rls_filter_roles').where('rls_filter_id', '=', id).execute();
        if (roles.length > 0) await trx.insertInto('rls_filter_roles').values(roles.map((r) => ({ rls_filter_id: id, role_id: r }))).execute();
      }
    });
  }

  async delete(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      // Explicit, not only by cascade: the links go even where foreign keys are not enforced.
      await trx.deleteFrom('rls_filter_tables').where('rls_filter_id', 'in', [...ids]).execute();
      await trx.deleteFrom('rls_filter_roles').where('rls_filter_id', 'in', [...ids]).execute();
      await trx.deleteFrom('row_level_security_filters').where('id', 'in', [...ids]).execute();
    });
  }

  /** Options of the tables picker (`related/tables`): every dataset, by name. */
  async relatedTables(filter: string): Promise<RlsDatasetTable[]> {
    let q = this.db.selectFrom('tables').select(['id', 'schema', 'table_name']);
    if (filter) q = q.where(textMatches('table_name', filter));
    return q.orderBy('table_name').orderBy('id').execute();
  }

  /** Options of the roles picker (`related/roles`): every role, by name. */
  async relatedRoles(filter: string): Promise<RlsRoleRef[]> {
    let q = this.db.selectFrom('ab_role').select(['id', 'name']);
    if (filter) q = q.where(textMatches('name', filter));
    return q.orderBy('name').orderBy('id').execute();
  }

  /** Every rule with what it restricts and whom it names: the few rows the engine reads for each query. */
  async rulesForData(): Promise<RlsRuleForData[]> {
    const rules = await this.db.selectFrom('row_level_security_filters').select(['id', 'filter_type', 'group_key', 'clause']).orderBy('id').execute();
    if (rules.length === 0) return [];
    const tables = await this.db.selectFrom('rls_filter_tables').select(['rls_filter_id', 'table_id']).execute();
    const roles = await this.db.selectFrom('rls_filter_roles as l').innerJoin('ab_role as r', 'r.id', 'l.role_id').select(['l.rls_filter_id', 'r.name']).execute();
    const byRule = new Map(rules.map((r) => [Number(r.id), { ...r, id: Number(r.id), tableIds: [] as number[], roleNames: [] as string[] }]));
    for (const t of tables) byRule.get(Number(t.rls_filter_id))?.tableIds.push(Number(t.table_id));
    for (const r of roles) byRule.get(Number(r.rls_filter_id))?.roleNames.push(r.name);
    return [...byRule.values()];
  }

  /** The physical datasets of a database among `ids` (the tables SQL Lab reads under those names). */
  async physicalDatasets(databaseId: number, ids: readonly number[]): Promise<RlsDatasetTable[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('tables')
      .select(['id', 'schema', 'table_name'])
      .where('database_id', '=', databaseId)
      .where('id', 'in', [...ids])
      .where((eb) => eb.or([eb('sql', 'is', null), eb(sql<string>`trim(sql)`, '=', '')]))
      .execute();
  }

  async username(userId: number): Promise<{ username: string; email: string } | null> {
    return (await this.db.selectFrom('ab_user').select(['username', 'email']).where('id', '=', userId).executeTakeFirst()) ?? null;
  }
}

function push<T>(map: Map<number, T[]>, key: number, value: T): void {
  const k = Number(key);
  const list = map.get(k);
  if (list) list.push(value);
  else map.set(k, [value]);
}
