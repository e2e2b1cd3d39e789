import { dataAccessViews, type ListQuery } from '@tessera/core';
import type { SecurityService } from '../security/security.service.js';

const ALL_ROLES: ListQuery = { filters: [], order_direction: 'asc', page: 0, page_size: -1 };

/**
 * The data-access permissions a database owns: `database_access` on `[name].(id:N)`, plus the
 * `[name].[schema]` / `[name].[table](id:N)` views granted inside it. Goes through SecurityService only.
 */
export class DatabasePermissions {
  constructor(private readonly security: SecurityService) {}

  async register(db: { id: number; database_name: string }): Promise<void> {
    await this.security.registerPermission('database_access', dataAccessViews.database(db.database_name, db.id));
  }

  /**
   * A rename must not take access away: every view under the old name gets a twin under the new name,
   * roles holding the old pair receive the new one, then the old views go.
   */
  async rename(id: number, oldName: string, newName: string): Promise<void> {
    if (oldName === newName) return;
    const oldDbView = dataAccessViews.database(oldName, id);
    const prefix = `[${oldName}].[`;
    const before = await this.security.listPermissionViews();
    const moves = before
      .filter((pv) => pv.view_menu_name === oldDbView || pv.view_menu_name.startsWith(prefix))
      .map((pv) => ({
        oldId: pv.id,
        permission: pv.permission_name,
        oldView: pv.view_menu_name,
        newView:
          pv.view_menu_name === oldDbView
            ? dataAccessViews.database(newName, id)
            : `[${newName}].[${pv.view_menu_name.slice(prefix.length)}`,
      }));
    if (!moves.some((m) => m.oldView === oldDbView)) {
      moves.push({ oldId: -1, permission: 'database_access', oldView: oldDbView, newView: dataAccessViews.database(newName, id) });
    }
    for (const m of moves) await this.security.registerPermission(m.permission, m.newView);
    const after = await this.security.listPermissionViews();
    const newIdOf = (m: (typeof moves)[number]) =>
      after.find((pv) => pv.permission_name === m.permission && pv.view_menu_name === m.newView)?.id;
    const { rows: roles } = await this.security.listRoles(ALL_ROLES);
    for (const role of roles) {
      const held = (await this.security.rolePermissions(role.id)).map((pv) => pv.id);
      const added = moves.filter((m) => held.includes(m.oldId)).map(newIdOf).filter((x): x is number => x !== undefined);
      if (added.length > 0) await this.security.setRolePermissions(role.id, [...new Set([...held, ...added])]);
    }
    for (const view of new Set(moves.map((m) => m.oldView))) await this.security.removeView(view);
  }

  /** Database deletion: its access pairs go with it (schema/table pairs follow once datasets exist). */
  async remove(db: { id: number; database_name: string }): Promise<void> {
    await this.security.removeView(dataAccessViews.database(db.database_name, db.id));
  }
}
