import type { Selectable } from 'kysely';
import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import type { EmbeddedDashboardTable } from '../../metadata-store/embeddedSchema.js';

export type EmbeddedRow = Selectable<EmbeddedDashboardTable>;
export type EmbeddedJoinedRow = EmbeddedRow & {
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
};

/** `embedded_dashboards`: the only code that reads or writes it. */
export class EmbeddedRepository {
  constructor(private readonly db: MetadataDb) {}

  private joined() {
    return this.db
      .selectFrom('embedded_dashboards')
      .leftJoin('ab_user as changer', 'changer.id', 'embedded_dashboards.changed_by_fk')
      .selectAll('embedded_dashboards')
      .select(['changer.first_name as changed_by_first_name', 'changer.last_name as changed_by_last_name']);
  }

  findByDashboard(dashboardId: number): Promise<EmbeddedJoinedRow | undefined> {
    return this.joined().where('embedded_dashboards.dashboard_id', '=', dashboardId).executeTakeFirst();
  }

  findByUuid(uuid: string): Promise<EmbeddedJoinedRow | undefined> {
    return this.joined().where('embedded_dashboards.uuid', '=', uuid).executeTakeFirst();
  }

  /** Many at once (a guest token names several); unknown uuids are left out. */
  async findManyByUuid(uuids: readonly string[]): Promise<EmbeddedRow[]> {
    if (uuids.length === 0) return [];
    return this.db.selectFrom('embedded_dashboards').selectAll().where('uuid', 'in', [...uuids]).execute();
  }

  /** Creates the configuration or replaces its domains; the uuid of an existing one is kept (Superset's upsert). */
  async upsert(dashboardId: number, allowedDomains: readonly string[], userId: number | null, uuid: string, now: string): Promise<void> {
    const domains = JSON.stringify(allowedDomains);
    await this.db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('embedded_dashboards').select('uuid').where('dashboard_id', '=', dashboardId).executeTakeFirst();
      if (existing) {
        await trx
          .updateTable('embedded_dashboards')
          .set({ allowed_domains: domains, changed_on: now, changed_by_fk: userId })
          .where('uuid', '=', existing.uuid)
          .execute();
        return;
      }
      await trx
        .insertInto('embedded_dashboards')
        .values({ uuid, dashboard_id: dashboardId, allowed_domains: domains, created_on: now, changed_on: now, created_by_fk: userId, changed_by_fk: userId })
        .execute();
    });
  }

  async deleteByDashboard(dashboardId: number): Promise<void> {
    await this.db.deleteFrom('embedded_dashboards').where('dashboard_id', '=', dashboardId).execute();
  }
}
