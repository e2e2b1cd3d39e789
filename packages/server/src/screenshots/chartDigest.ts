import { createHash } from 'node:crypto';
import { chartThumbnailUrl, type Principal } from '@tessera/core';

/** What of a saved chart changes its picture. */
export interface DigestedChart {
  id: number;
  viz_type: string;
  /** The form data as stored (JSON text). */
  params: string | null;
  /** Every save moves it, so a saved change outside params (the datasource, say) still makes a new picture. */
  changed_on: string;
}

/** Superset's digests are 32 hex characters (md5); ours are the first 32 of a SHA-256. */
const hash = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);

/**
 * The chart's thumbnail digest for one user. Pictures are drawn as the user who asks (Superset's CURRENT_USER
 * executor), and two users may see different data, so the user is part of it.
 */
export function chartDigest(chart: DigestedChart, userId: number): string {
  return hash(['chart', chart.id, chart.viz_type, chart.params ?? '', chart.changed_on, userId]);
}

/** The cache key of one picture of a digest: the same chart drawn in another window or kept at another size is another picture. */
export function screenshotCacheKey(digest: string, windowSize: readonly [number, number], thumbSize: readonly [number, number]): string {
  return hash(['chart', digest, 'png', windowSize, thumbSize]);
}

/** `thumbnail_url` of a chart for a caller: pictures are drawn as a user, so an anonymous caller has none. */
export function thumbnailUrlOf(principal: Principal, chart: DigestedChart): string | null {
  return principal.id === null ? null : chartThumbnailUrl(chart.id, chartDigest(chart, principal.id));
}
