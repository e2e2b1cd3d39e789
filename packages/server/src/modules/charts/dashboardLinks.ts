import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import { ownedBy, ownersOf } from '../../metadata-store/ownerLinks.js';
import { textMatches } from '../../metadata-store/textMatch.js';
import type { DashboardEditCheck } from './charts.service.js';

/** The dashboards a chart is saved into, with their owners (who may add or remove charts). */
export class DashboardLinks implements DashboardEditCheck {
  constructor(private readonly db: MetadataDb) {}

  async existing(ids: number[]): Promise<{ id: number; owners: number[] }[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('dashboards').select('id').where('id', 'in', ids).execute();
    const owners = await ownersOf(this.db, 'dashboard', ids);
    return rows.map((r) => ({ id: r.id, owners: owners.filter((o) => o.owned_id === r.id).map((o) => o.id) }));
  }

  /** A dashboard's metadata and layout if it holds the chart (else null): where its default filters come from. */
  async holding(dashboardId: number, chartId: number): Promise<{ json_metadata: string | null; position_json: string | null } | null> {
    const row = await this.db
      .selectFrom('dashboards')
      .innerJoin('dashboard_slices', 'dashboard_slices.dashboard_id', 'dashboards.id')
      .select(['dashboards.json_metadata', 'dashboards.position_json'])
      .where('dashboards.id', '=', dashboardId)
      .where('dashboard_slices.slice_id', '=', chartId)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Dashboards to filter the chart list by: all for admins, else those one owns or that are published. */
  async options(filter: string, userId: number | 'all'): Promise<{ id: number; dashboard_title: string }[]> {
    let q = this.db.selectFrom('dashboards').select(['id', 'dashboard_title']);
    if (filter) q = q.where(textMatches('dashboard_title', filter));
    if (userId !== 'all') {
      q = q.where((eb) => eb.or([eb('published', '=', 1), eb('id', 'in', ownedBy('dashboard', userId))]));
    }
    return q.orderBy('dashboard_title').orderBy('id').execute();
  }
}
