import { createHash } from 'node:crypto';
import { dashboardThumbnailUrl, type DashboardPermalinkState, type Principal } from '@tessera/core';

/** What of a saved dashboard changes its picture. */
export interface DigestedDashboard {
  id: number;
  /** Every save moves it. */
  changed_on: string;
  position_json: string | null;
  json_metadata: string | null;
  css: string | null;
}

/** What of each of its charts changes the picture: a chart saved on its own moves the dashboard's digest too. */
export interface DigestedDashboardChart {
  id: number;
  viz_type: string;
  params: string | null;
  changed_on: string;
}

/** 32 hex characters, as Superset's md5 digests (the first 32 of a SHA-256). */
const hash = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);

/**
 * A dashboard's thumbnail digest for one user: its layout, metadata and style, each of its charts, and the user
 * (pictures are drawn as the user who asks, who may see other data than the next one).
 */
export function dashboardDigest(dashboard: DigestedDashboard, charts: readonly DigestedDashboardChart[], userId: number): string {
  const chartParts = [...charts].sort((a, b) => a.id - b.id).map((c) => [c.id, c.viz_type, c.params ?? '', c.changed_on]);
  return hash(['dashboard', dashboard.id, dashboard.changed_on, dashboard.position_json ?? '', dashboard.json_metadata ?? '', dashboard.css ?? '', chartParts, userId]);
}

/**
 * The cache key of one picture of a digest: another window, picture size or shared state (filters, tabs, anchor) is
 * another picture. `thumbSize` null: the whole dashboard as drawn.
 */
export function dashboardScreenshotCacheKey(
  digest: string,
  windowSize: readonly [number, number],
  thumbSize: readonly [number, number] | null,
  state: DashboardPermalinkState | null,
): string {
  return hash(['dashboard', digest, 'png', windowSize, thumbSize, state]);
}

/** Where the PDF printed with a screenshot is kept: next to its PNG, under a key of its own. */
export const dashboardPdfCacheKey = (cacheKey: string) => hash(['dashboard', cacheKey, 'pdf']);

/** `thumbnail_url` of a dashboard for a caller: pictures are drawn as a user, so an anonymous caller has none. */
export function dashboardThumbnailUrlOf(principal: Principal, dashboard: DigestedDashboard, charts: readonly DigestedDashboardChart[]): string | null {
  return principal.id === null ? null : dashboardThumbnailUrl(dashboard.id, dashboardDigest(dashboard, charts, principal.id));
}
