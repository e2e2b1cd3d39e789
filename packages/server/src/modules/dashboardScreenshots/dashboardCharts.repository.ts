import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import type { DigestedDashboardChart } from '../../screenshots/dashboardDigest.js';

/** The charts of dashboards as their digests read them, in one query for a page of dashboards. */
export class DashboardChartsRepository {
  constructor(private readonly db: MetadataDb) {}

  async chartsOf(dashboardIds: readonly number[]): Promise<Map<number, DigestedDashboardChart[]>> {
    const byDashboard = new Map<number, DigestedDashboardChart[]>(dashboardIds.map((id) => [id, []]));
    if (dashboardIds.length === 0) return byDashboard;
    const rows = await this.db
      .selectFrom('dashboard_slices')
      .innerJoin('slices', 'slices.id', 'dashboard_slices.slice_id')
      .select(['dashboard_slices.dashboard_id', 'slices.id', 'slices.viz_type', 'slices.params', 'slices.changed_on'])
      .where('dashboard_slices.dashboard_id', 'in', [...new Set(dashboardIds)])
      .execute();
    for (const { dashboard_id, ...chart } of rows) byDashboard.get(dashboard_id)?.push(chart);
    return byDashboard;
  }
}
