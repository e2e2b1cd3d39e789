import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../app/moduleDeps.js';
import type { JobQueue } from '../../jobs/jobQueue.js';
import { dashboardShooter, type DashboardCapture, type DashboardCaptureRequest } from '../../screenshots/dashboardShot.js';
import type { RenderSessions } from '../../screenshots/renderJobRunner.js';
import { ownBaseUrl, pictureStore, startRenderQueue } from '../../screenshots/renderQueue.js';
import type { Screenshotter } from '../../screenshots/Screenshotter.js';
import { DashboardChartsRepository } from './dashboardCharts.repository.js';
import { DASHBOARD_THUMBNAIL_QUEUE_NAME, DashboardRenderJobs, type DashboardRenderJob } from './dashboardRenderJobs.js';
import { dashboardScreenshotsRoutes } from './dashboardScreenshots.routes.js';
import { DashboardScreenshotsService, type DashboardFinder, type ScreenshotPermalinks } from './dashboardScreenshots.service.js';

export { DASHBOARD_THUMBNAIL_QUEUE_NAME } from './dashboardRenderJobs.js';
export { dashboardThumbnailUrls, type DashboardThumbnailUrls } from './dashboardThumbnailUrls.js';

export interface DashboardScreenshotsModuleDeps extends ModuleDeps {
  dashboards: DashboardFinder;
  permalinks: ScreenshotPermalinks;
  sessions: RenderSessions;
  /** The chart thumbnails' browser (one Chromium for both). */
  screenshotter: Screenshotter;
  /** Tests only: draws instead of the browser (the job machinery, sessions and cache stay real). */
  capture?: (request: DashboardCaptureRequest) => Promise<DashboardCapture>;
}

/** Render jobs at once; the shared Screenshotter caps what the browser draws in all. */
const RENDER_CONCURRENCY = 2;
/** Loading the app and drawing every chart of a dashboard, on top of the slowest chart query. */
const PAGE_ALLOWANCE_S = 45;
/** The in-process picture cache's budget (Redis keeps them with REDIS_URL); whole dashboards are larger than charts. */
const MEMORY_CACHE_BYTES = 96 * 1024 * 1024;

/**
 * Dashboard thumbnails and screenshots (THUMBNAILS=on), as chart thumbnails work: pictures in a screenshot cache of
 * their own (in-process LRU, or Redis under `tessera:dashboard-thumbnail:`), renders on the `tessera-dashboard-thumbnails`
 * queue (in-process, or BullMQ with REDIS_URL) drawn by the chart thumbnails' browser. THUMBNAILS=off: nothing is
 * registered, the three addresses answer 404.
 */
export function dashboardScreenshotsModule(deps: DashboardScreenshotsModuleDeps) {
  const { ctx } = deps;
  const config = ctx.config.thumbnails;
  const renderTimeoutMs = (ctx.config.charts.queryTimeoutS + PAGE_ALLOWANCE_S) * 1000;
  const { cache, claims } = pictureStore(ctx, 'tessera:dashboard-thumbnail:', MEMORY_CACHE_BYTES);
  let queue: JobQueue<DashboardRenderJob> | null = null;
  const service = new DashboardScreenshotsService({
    dashboards: deps.dashboards,
    charts: new DashboardChartsRepository(ctx.db),
    permalinks: deps.permalinks,
    cache,
    claims,
    queue: () => {
      if (!queue) throw new Error('the dashboard thumbnail queue is not started');
      return queue;
    },
  });

  const register = async function register(app: FastifyInstance): Promise<void> {
    if (!config.enabled) return;
    const jobs = new DashboardRenderJobs({
      dashboards: deps.dashboards,
      principalOf: async (userId) => ({ id: userId, roles: await deps.security.grantsFor(userId) }),
      sessions: deps.sessions,
      capture: deps.capture ?? ((request) => deps.screenshotter.captureWith(request, 'dashboard', dashboardShooter(request), renderTimeoutMs)),
      cache,
      claims,
      baseUrl: () => config.baseUrl ?? ownBaseUrl(app, ctx.config.port),
      renderTimeoutMs,
      log: ctx.log,
    });
    queue = startRenderQueue<DashboardRenderJob>(app, ctx, {
      name: DASHBOARD_THUMBNAIL_QUEUE_NAME,
      run: (job) => jobs.run(job),
      concurrency: RENDER_CONCURRENCY,
      failureMessage: 'dashboard thumbnail job failed',
    });
    await app.register(dashboardScreenshotsRoutes(service));
  };
  return Object.assign(register, { service, cache });
}
