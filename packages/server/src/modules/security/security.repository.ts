import { textMatches } from '../../metadata-store/textMatch.js';
import type { PermissionPair, PermissionViewRecord, RoleRecord, ListQuery } from '@tessera/core';
import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';

/** Roles, permissions and their pairs. The only code that touches the ab_* role tables. */
export class SecurityRepository {
  constructor(private readonly db: MetadataDb) {}

  async findRoleByName(name: string) {
    return (await this.db.selectFrom('ab_role').selectAll().where('name', '=', name).executeTakeFirst()) ?? null;
  }

  async findRoleById(id: number) {
    return (await this.db.selectFrom('ab_role').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async createRole(name: string): Promise<number> {
    const row = await this.db.insertInto('ab_role').values({ name }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async renameRole(id: number, name: string): Promise<void> {
    await this.db.updateTable('ab_role').set({ name }).where('id', '=', id).execute();
  }

  async deleteRole(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('ab_permission_view_role').where('role_id', '=', id).execute();
      await trx.deleteFrom('ab_user_role').where('role_id', '=', id).execute();
      await trx.deleteFrom('ab_role').where('id', '=', id).execute();
    });
  }

  async listRoles(q: ListQuery): Promise<{ count: number; rows: RoleRecord[] }> {
    const nameFilter = q.filters.find((f) => f.col === 'name');
    let base = this.db.selectFrom('ab_role');
    if (nameFilter && typeof nameFilter.value === 'string') {
      base = base.where(textMatches('name', nameFilter.value));
    }
    const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    let query = base
      .select((eb) => [
        'ab_role.id',
        'ab_role.name',
        eb
          .selectFrom('ab_user_role')
          .whereRef('ab_user_role.role_id', '=', 'ab_role.id')
          .select((e) => e.fn.countAll<number>().as('c'))
          .as('user_count'),
        eb
          .selectFrom('ab_permission_view_role')
          .whereRef('ab_permission_view_role.role_id', '=', 'ab_role.id')
          .select((e) => e.fn.countAll<number>().as('c'))
          .as('permission_count'),
      ])
      .orderBy(q.order_column === 'id' ? 'id' : 'name', q.order_direction);
    if (q.page_size >= 0) query = query.limit(q.page_size).offset(q.page * q.page_size);
    const rows = await query.execute();
    return {
      count: Number(count),
      rows: rows.map((r) => ({
        id: r.id,
        name: r.name,
        user_count: Number(r.user_count ?? 0),
        permission_count: Number(r.permission_count ?? 0),
      })),
    };
  }

  /** Permission/view pairs of the given roles, grouped by role name. */
  async permissionsOfRoles(roleIds: readonly number[]): Promise<Map<number, { name: string; pairs: PermissionPair[] }>> {
    const out = new Map<number, { name: string; pairs: PermissionPair[] }>();
    if (roleIds.length === 0) return out;
    const roles = await this.db.selectFrom('ab_role').select(['id', 'name']).where('id', 'in', [...roleIds]).execute();
    for (const r of roles) out.set(r.id, { name: r.name, pairs: [] });
    const rows = await this.db
      .selectFrom('ab_permission_view_role as pvr')
      .innerJoin('ab_permission_view as pv', 'pv.id', 'pvr.permission_view_id')
      .innerJoin('ab_permission as p', 'p.id', 'pv.permission_id')
      .innerJoin('ab_view_menu as v', 'v.id', 'pv.view_menu_id')
      .select(['pvr.role_id', 'p.name as permission', 'v.name as view'])
      .where('pvr.role_id', 'in', [...roleIds])
      .execute();
    for (const r of rows) out.get(r.role_id)?.pairs.push([r.permission, r.view]);
    return out;
  }

  async listPermissionViews(): Promise<PermissionViewRecord[]> {
    return this.db
      .selectFrom('ab_permission_view as pv')
      .innerJoin('ab_permission as p', 'p.id', 'pv.permission_id')
      .innerJoin('ab_view_menu as v', 'v.id', 'pv.view_menu_id')
      .select(['pv.id', 'p.name as permission_name', 'v.name as view_menu_name'])
      .orderBy('v.name')
      .orderBy('p.name')
      .execute();
  }

  async permissionViewsOfRole(roleId: number): Promise<PermissionViewRecord[]> {
    return this.db
      .selectFrom('ab_permission_view_role as pvr')
      .innerJoin('ab_permission_view as pv', 'pv.id', 'pvr.permission_view_id')
      .innerJoin('ab_permission as p', 'p.id', 'pv.permission_id')
      .innerJoin('ab_view_menu as v', 'v.id', 'pv.view_menu_id')
      .select(['pv.id', 'p.name as permission_name', 'v.name as view_menu_name'])
      .where('pvr.role_id', '=', roleId)
      .orderBy('v.name')
      .orderBy('p.name')
      .execute();
  }

  async existingPermissionViewIds(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('ab_permission_view').select('id').where('id', 'in', [...ids]).execute();
    return rows.map((r) => r.id);
  }

  async setRolePermissionViews(roleId: number, ids: readonly number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('ab_permission_view_role').where('role_id', '=', roleId).execute();
      for (const id of new Set(ids)) {
        await trx.insertInto('ab_permission_view_role').values({ role_id: roleId, permission_view_id: id }).execute();
      }
    });
  }

  /** Finds or creates the pair and returns its id. */
  async ensurePermissionView(permission: string, view: string): Promise<number> {
    const pid = await this.ensureNamed('ab_permission', permission);
    const vid = await this.ensureNamed('ab_view_menu', view);
    const existing = await this.db
      .selectFrom('ab_permission_view')
      .select('id')
      .where('permission_id', '=', pid)
      .where('view_menu_id', '=', vid)
      .executeTakeFirst();
    if (existing) return existing.id;
    const row = await this.db
      .insertInto('ab_permission_view')
      .values({ permission_id: pid, view_menu_id: vid })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async grant(roleId: number, permissionViewId: number): Promise<void> {
    const existing = await this.db
      .selectFrom('ab_permission_view_role')
      .select('id')
      .where('role_id', '=', roleId)
      .where('permission_view_id', '=', permissionViewId)
      .executeTakeFirst();
    if (!existing) {
      await this.db.insertInto('ab_permission_view_role').values({ role_id: roleId, permission_view_id: permissionViewId }).execute();
    }
  }

  /** Removes every pair whose view is `view` (used when a database or dataset is deleted). */
  /** Renames a view menu in place, so the roles granted its pairs keep them; false when `from` is unknown or `to` taken. */
  async renameView(from: string, to: string): Promise<boolean> {
    if (await this.db.selectFrom('ab_view_menu').select('id').where('name', '=', to).executeTakeFirst()) return false;
    const res = await this.db.updateTable('ab_view_menu').set({ name: to }).where('name', '=', from).executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async deleteView(view: string): Promise<void> {
    await this.db.deleteFrom('ab_view_menu').where('name', '=', view).execute();
  }

  private async ensureNamed(table: 'ab_permission' | 'ab_view_menu', name: string): Promise<number> {
    const row = await this.db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirst();
    if (row) return row.id;
    const created = await this.db.insertInto(table).values({ name }).returning('id').executeTakeFirstOrThrow();
    return created.id;
  }
}
