import type { Principal } from '@tessera/core';
import type { MetadataDb } from '../../metadata-store/createMetadataStore.js';
import { dashboardThumbnailUrlOf, type DigestedDashboard } from '../../screenshots/dashboardDigest.js';
import { DashboardChartsRepository } from './dashboardCharts.repository.js';

/** `thumbnail_url` of each dashboard row for a caller, by dashboard id (null: thumbnails off, or an anonymous caller). */
export type DashboardThumbnailUrls = (principal: Principal, rows: readonly DigestedDashboard[]) => Promise<Map<number, string | null>>;

/**
 * For the dashboards list and show answers: one query for the charts of all rows, then each row's digest.
 * `enabled` is THUMBNAILS (config.thumbnails.enabled): off, every url is null and nothing is read.
 */
export function dashboardThumbnailUrls(db: MetadataDb, enabled: boolean): DashboardThumbnailUrls {
  const charts = new DashboardChartsRepository(db);
  return async (principal, rows) => {
    const urls = new Map<number, string | null>(rows.map((r) => [r.id, null]));
    if (!enabled || principal.id === null || rows.length === 0) return urls;
    const byDashboard = await charts.chartsOf(rows.map((r) => r.id));
    for (const row of rows) urls.set(row.id, dashboardThumbnailUrlOf(principal, row, byDashboard.get(row.id) ?? []));
    return urls;
  };
}
