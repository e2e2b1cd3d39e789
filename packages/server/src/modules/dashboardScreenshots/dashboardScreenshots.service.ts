import { createHash } from 'node:crypto';
import {
  dashboardPermalinkPath,
  dashboardScreenshotUrl,
  dashboardThumbnailUrl,
  DEFAULT_DASHBOARD_THUMBNAIL_SIZE,
  DEFAULT_DASHBOARD_WINDOW_SIZE,
  reportDashboardPath,
  type DashboardCacheScreenshotResponse,
  type DashboardDownloadFormat,
  type DashboardPermalinkState,
  type DashboardPermalinkStateInput,
  type Principal,
  type ScreenshotQuery,
} from '@tessera/core';
import { ApiError, notFound } from '../../app/httpErrors.js';
import type { JobQueue } from '../../jobs/jobQueue.js';
import { dashboardDigest, dashboardPdfCacheKey, dashboardScreenshotCacheKey, type DigestedDashboard, type DigestedDashboardChart } from '../../screenshots/dashboardDigest.js';
import type { RenderClaims } from '../../screenshots/renderClaims.js';
import { isScreenshotKey, RenderRequests, sizePair, type ScreenshotTaskAnswer, type ThumbnailAnswer } from '../../screenshots/renderRequests.js';
import type { ScreenshotCache } from '../../screenshots/screenshotCache.js';
import type { ScreenshotPayload } from '../../screenshots/screenshotPayload.js';
import type { DashboardRenderJob } from './dashboardRenderJobs.js';

/** The dashboards service as pictures need it: a dashboard by id or slug, 404 when there is none, 403 when hidden. */
export interface DashboardFinder {
  find(principal: Principal, idOrSlug: string): Promise<DigestedDashboard>;
}

/** The permalinks service as screenshots need it: the state pictured is kept as a link (Superset's dashboard_url). */
export interface ScreenshotPermalinks {
  keepAt(principal: Principal, dashboardId: number, state: DashboardPermalinkState, uuid: string): Promise<string>;
}

export interface DashboardChartsSource {
  chartsOf(dashboardIds: readonly number[]): Promise<Map<number, DigestedDashboardChart[]>>;
}

export type DashboardScreenshotTaskAnswer = ScreenshotTaskAnswer<DashboardCacheScreenshotResponse>;

export interface DashboardFile {
  format: DashboardDownloadFormat;
  bytes: Buffer;
}

/** Superset fills what the body left out with these, so equal views share one picture. */
function fullState(input: DashboardPermalinkStateInput): DashboardPermalinkState {
  return { dataMask: input.dataMask ?? {}, activeTabs: input.activeTabs ?? [], anchor: input.anchor ?? '', urlParams: input.urlParams ?? [] };
}

/** The uuid of the permalink kept for one screenshot key: asking again finds the same row. */
function permalinkUuidOf(cacheKey: string): string {
  const hex = createHash('sha256').update(`dashboard_screenshot_permalink:${cacheKey}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Dashboard thumbnails and screenshots (facts §2.5), on the shared render requests: answers from the screenshot
 * cache, queues a render when a picture is missing, stale or forced (one job per picture at a time), and redirects
 * old thumbnail digests to the current one. Pictures are drawn as the caller, so an anonymous caller has none; a
 * dashboard the caller may not see is a 404 here, as Superset's base filters answer.
 */
export class DashboardScreenshotsService {
  private readonly renders: RenderRequests<DashboardRenderJob>;

  constructor(
    private readonly deps: {
      dashboards: DashboardFinder;
      charts: DashboardChartsSource;
      permalinks: ScreenshotPermalinks;
      cache: ScreenshotCache;
      claims: RenderClaims;
      queue: () => JobQueue<DashboardRenderJob>;
    },
  ) {
    this.renders = new RenderRequests({ ...deps, ownerOf: (job) => ({ chartId: job.dashboardId, userId: job.userId }) });
  }

  private async dashboardFor(principal: Principal, id: number): Promise<{ digest: string; userId: number }> {
    if (principal.id === null) throw notFound();
    let dashboard: DigestedDashboard;
    try {
      dashboard = await this.deps.dashboards.find(principal, String(id));
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 403) throw notFound();
      throw err;
    }
    const charts = (await this.deps.charts.chartsOf([id])).get(id) ?? [];
    return { digest: dashboardDigest(dashboard, charts, principal.id), userId: principal.id };
  }

  async thumbnail(principal: Principal, id: number, digest: string, force: boolean): Promise<ThumbnailAnswer> {
    const current = await this.dashboardFor(principal, id);
    if (digest !== current.digest) return { kind: 'redirect', location: dashboardThumbnailUrl(id, current.digest) };
    return this.renders.thumbnail(
      {
        dashboardId: id,
        userId: current.userId,
        cacheKey: dashboardScreenshotCacheKey(current.digest, DEFAULT_DASHBOARD_WINDOW_SIZE, DEFAULT_DASHBOARD_THUMBNAIL_SIZE, null),
        path: reportDashboardPath(id),
        windowSize: sizePair(DEFAULT_DASHBOARD_WINDOW_SIZE),
        thumbSize: sizePair(DEFAULT_DASHBOARD_THUMBNAIL_SIZE),
        pdf: false,
      },
      force,
    );
  }

  /**
   * Superset 5's cache_dashboard_screenshot: the asked state (filters, tabs, anchor) is kept as a permalink, the report
   * page opens it, and the whole dashboard is pictured (PNG, and a PDF printed with it).
   */
  async cacheScreenshot(principal: Principal, id: number, input: DashboardPermalinkStateInput, query: ScreenshotQuery): Promise<DashboardScreenshotTaskAnswer> {
    const { digest, userId } = await this.dashboardFor(principal, id);
    const windowSize = sizePair(query.window_size ?? DEFAULT_DASHBOARD_WINDOW_SIZE);
    const thumbSize = query.thumb_size ? sizePair(query.thumb_size) : null;
    const state = fullState(input);
    const cacheKey = dashboardScreenshotCacheKey(digest, windowSize, thumbSize, state);
    const permalinkKey = await this.deps.permalinks.keepAt(principal, id, state, permalinkUuidOf(cacheKey));
    const job: DashboardRenderJob = { dashboardId: id, userId, cacheKey, path: reportDashboardPath(id, permalinkKey), windowSize, thumbSize, pdf: true };
    const { status, state: current } = await this.renders.task(job, Boolean(query.force));
    return {
      status,
      body: {
        cache_key: cacheKey,
        dashboard_url: dashboardPermalinkPath(permalinkKey),
        image_url: dashboardScreenshotUrl(id, cacheKey),
        task_status: current.status,
        task_updated_at: current.updatedAt,
      },
    };
  }

  /** The picture (or its PDF) of a cache_dashboard_screenshot key: only this dashboard's, drawn for this caller, once Updated. */
  async screenshot(principal: Principal, id: number, cacheKey: string, format: DashboardDownloadFormat): Promise<DashboardFile> {
    const { userId } = await this.dashboardFor(principal, id);
    const mine = (p: ScreenshotPayload | null): p is ScreenshotPayload & { image: Buffer } =>
      p !== null && p.status === 'Updated' && p.image !== null && p.chartId === id && p.userId === userId;
    const png = isScreenshotKey(cacheKey) ? await this.deps.cache.get(cacheKey) : null;
    if (!mine(png)) throw notFound();
    if (format === 'png') return { format, bytes: png.image };
    const pdf = await this.deps.cache.get(dashboardPdfCacheKey(cacheKey));
    if (!mine(pdf)) throw notFound();
    return { format, bytes: pdf.image };
  }
}
