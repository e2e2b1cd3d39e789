import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../app/moduleDeps.js';
import type { JobQueue } from '../../jobs/jobQueue.js';
import type { RenderSessions } from '../../screenshots/renderJobRunner.js';
import { ownBaseUrl, pictureStore, startRenderQueue } from '../../screenshots/renderQueue.js';
import { Screenshotter } from '../../screenshots/Screenshotter.js';
import { ChartRenderJobs, THUMBNAIL_QUEUE_NAME, type ChartRenderJob } from './chartRenderJobs.js';
import { chartScreenshotsRoutes } from './chartScreenshots.routes.js';
import { ChartScreenshotsService, type ChartLookup } from './chartScreenshots.service.js';

export { THUMBNAIL_QUEUE_NAME } from './chartRenderJobs.js';

export interface ChartScreenshotsModuleDeps extends ModuleDeps {
  charts: ChartLookup;
  sessions: RenderSessions;
}

/** Two cores: a second render overlaps one's chart query with the other's drawing; a third only queues for the CPU. */
const RENDER_CONCURRENCY = 2;
/** Loading the app and drawing, on top of the chart's query (which may take up to CHART_QUERY_TIMEOUT). */
const PAGE_ALLOWANCE_S = 15;
/** The in-process picture cache's budget (Redis keeps them with REDIS_URL). */
const MEMORY_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Chart thumbnails and screenshots drawn by headless Chromium (THUMBNAILS=on). Pictures live in the screenshot cache
 * (in-process LRU, or Redis with REDIS_URL); renders go through the job queue `tessera-thumbnails` (in-process, or
 * BullMQ with REDIS_URL, consumed by web processes unless TESSERA_SQLLAB_WORKER=off, and by workers).
 * With THUMBNAILS=off nothing is registered: the three addresses answer 404.
 */
export function chartScreenshotsModule(deps: ChartScreenshotsModuleDeps) {
  const { ctx } = deps;
  const config = ctx.config.thumbnails;
  const renderTimeoutMs = (ctx.config.charts.queryTimeoutS + PAGE_ALLOWANCE_S) * 1000;
  const { cache, claims } = pictureStore(ctx, 'tessera:thumbnail:', MEMORY_CACHE_BYTES);
  const screenshotter = new Screenshotter({ executablePath: config.chromiumPath, concurrency: RENDER_CONCURRENCY, renderTimeoutMs, log: ctx.log });
  let queue: JobQueue<ChartRenderJob> | null = null;
  const service = new ChartScreenshotsService({
    charts: deps.charts,
    cache,
    claims,
    queue: () => {
      if (!queue) throw new Error('the thumbnail queue is not started');
      return queue;
    },
  });

  const register = async function register(app: FastifyInstance): Promise<void> {
    if (!config.enabled) return;
    const jobs = new ChartRenderJobs({
      charts: deps.charts,
      principalOf: async (userId) => ({ id: userId, roles: await deps.security.grantsFor(userId) }),
      sessions: deps.sessions,
      capture: (request) => screenshotter.capture(request),
      cache,
      claims,
      baseUrl: () => config.baseUrl ?? ownBaseUrl(app, ctx.config.port),
      renderTimeoutMs,
      log: ctx.log,
    });
    queue = startRenderQueue<ChartRenderJob>(app, ctx, {
      name: THUMBNAIL_QUEUE_NAME,
      run: (job) => jobs.run(job),
      concurrency: RENDER_CONCURRENCY,
      failureMessage: 'thumbnail job failed',
    });
    await app.register(chartScreenshotsRoutes(service));
    // The browser goes first: renders in flight fail at once (and say so in the cache) instead of waiting on a
    // server that is closing; then the queue drains (startRenderQueue's onClose).
    app.addHook('preClose', async () => {
      await screenshotter.close();
    });
  };
  // The browser is shared with dashboard pictures (one Chromium, one concurrency cap).
  return Object.assign(register, { service, cache, screenshotter });
}
