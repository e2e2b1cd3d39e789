/** A dashboard's embedded configuration (migration 0011, Superset's `embedded_dashboards`). */
export interface EmbeddedDashboardTable {
  /** The id the embedded SDK names the dashboard by (random, so it cannot be guessed from the dashboard's id). */
  uuid: string;
  dashboard_id: number;
  /** JSON text: a list of domains; empty allows any. */
  allowed_domains: string;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface EmbeddedSchema {
  embedded_dashboards: EmbeddedDashboardTable;
}
