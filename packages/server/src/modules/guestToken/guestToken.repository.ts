import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';

export interface GuestDashboardRow {
  id: number;
  slug: string | null;
  json_metadata: string | null;
}

export interface GuestChartRow {
  id: number;
  datasource_type: string;
  datasource_id: number;
}

export interface GuestDatasetRow {
  id: number;
  table_name: string;
  database_name: string;
}

/** What a guest token reaches: its dashboards, their charts and the datasets they read (read only). */
export class GuestTokenRepository {
  constructor(private readonly db: MetadataDb) {}

  /** The dashboards of embedded uuids; unknown ones are left out. */
  embedded(uuids: readonly string[]): Promise<{ uuid: string; dashboard_id: number }[]> {
    if (uuids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('embedded_dashboards').select(['uuid', 'dashboard_id']).where('uuid', 'in', [...uuids]).execute();
  }

  dashboards(ids: readonly number[]): Promise<GuestDashboardRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('dashboards').select(['id', 'slug', 'json_metadata']).where('id', 'in', [...ids]).execute();
  }

  chartsOf(dashboardIds: readonly number[]): Promise<GuestChartRow[]> {
    if (dashboardIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('dashboard_slices')
      .innerJoin('slices', 'slices.id', 'dashboard_slices.slice_id')
      .select(['slices.id as id', 'slices.datasource_type as datasource_type', 'slices.datasource_id as datasource_id'])
      .where('dashboard_slices.dashboard_id', 'in', [...dashboardIds])
      .execute();
  }

  datasets(ids: readonly number[]): Promise<GuestDatasetRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('tables')
      .innerJoin('dbs', 'dbs.id', 'tables.database_id')
      .select(['tables.id as id', 'tables.table_name as table_name', 'dbs.database_name as database_name'])
      .where('tables.id', 'in', [...ids])
      .execute();
  }
}
