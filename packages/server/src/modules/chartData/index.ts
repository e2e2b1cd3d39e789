import type { FastifyInstance } from 'fastify';
import type { DataModuleDeps } from '../../app/moduleDeps.js';
import { BullmqQueue } from '../../jobs/bullmqQueue.js';
import { InProcessQueue } from '../../jobs/inProcessQueue.js';
import type { JobQueue } from '../../jobs/jobQueue.js';
import { MemoryChartCache, RedisChartCache, type ChartCache } from '../../query-engine/chartCache.js';
import { annotationLayersService } from '../annotationLayers/index.js';
import type { DatasetsService } from '../datasets/datasets.service.js';
import { MemoryAsyncEventStore, RedisAsyncEventStore } from './asyncEvents.js';
import { ChartAnnotationRunner } from './chartAnnotationRunner.js';
import { CHART_DATA_QUEUE_NAME, ChartAsyncJobs, type ChartDataJob } from './chartAsyncJobs.js';
import { ChartDataRepository } from './chartData.repository.js';
import { chartDataRoutes, type ChartsForData } from './chartData.routes.js';
import { ChartDataService } from './chartData.service.js';
import { ChartWarmUp } from './chartWarmUp.js';
import { sqlGuardOf } from '../security/sqlGuard.js';
import { DatasourceResolver } from './datasourceResolver.js';
import { legacyDataRoutes } from './legacyData.routes.js';
import { LegacyDataService } from './legacyData.service.js';

export interface ChartDataModuleDeps extends DataModuleDeps {
  datasets: DatasetsService;
  charts: unknown;
}

const JOB_CONCURRENCY = 3;

function chartsForData(charts: unknown): ChartsForData | null {
  return charts && typeof (charts as ChartsForData).findForData === 'function' ? (charts as ChartsForData) : null;
}

/**
 * Chart data: POST /api/v1/chart/data and the legacy paths through the same engine (facts §2.3).
 * The data cache is an in-process LRU, or Redis with REDIS_URL; with GLOBAL_ASYNC_QUERIES on, cache
 * misses run on the job queue (in-process, or BullMQ `tessera-chart-data` with REDIS_URL).
 */
export function chartDataModule(deps: ChartDataModuleDeps, options: { cache?: ChartCache } = {}) {
  const { ctx } = deps;
  const config = ctx.config.charts;
  const cache = options.cache ?? (ctx.redis ? new RedisChartCache(ctx.redis) : new MemoryChartCache(config.cacheMaxBytes));
  const repo = new ChartDataRepository(ctx.db);
  const resolver = new DatasourceResolver({
    repo,
    datasets: deps.datasets,
    databases: deps.databases,
    rowLevelSecurity: deps.rowLevelSecurity,
    allowAdhocSubquery: config.allowAdhocSubquery,
    guard: sqlGuardOf(ctx),
  });
  const charts = chartsForData(deps.charts);
  const runner = new ChartAnnotationRunner(config, annotationLayersService(ctx.db), { charts, resolver });
  const events = ctx.redis ? new RedisAsyncEventStore(ctx.redis) : new MemoryAsyncEventStore();
  const jobs: ChartAsyncJobs | null = config.globalAsyncQueries
    ? new ChartAsyncJobs({
        service: (): ChartDataService => service,
        events,
        principalOf: async (userId) => ({ id: userId, roles: await deps.security.grantsFor(userId) }),
        log: ctx.log,
      })
    : null;
  const service: ChartDataService = new ChartDataService({ resolver, runner, cache, config, jobs: () => jobs, annotationCharts: charts });
  const legacy = new LegacyDataService({ charts: service, savedCharts: charts, resolver, runner, config });

  const register = async function register(app: FastifyInstance): Promise<void> {
    let queue: JobQueue<ChartDataJob> | null = null;
    if (jobs) {
      const run = (job: ChartDataJob) => jobs.run(job);
      const onError = (err: unknown) => ctx.log.error({ err }, 'chart data job failed');
      queue = ctx.config.redisUrl
        ? new BullmqQueue<ChartDataJob>(CHART_DATA_QUEUE_NAME, ctx.config.redisUrl, process.env.TESSERA_SQLLAB_WORKER !== 'off' ? run : null, JOB_CONCURRENCY, onError)
        : new InProcessQueue<ChartDataJob>(run, JOB_CONCURRENCY, onError);
      jobs.attach(queue);
    }
    await app.register(chartDataRoutes(service, charts, events, charts ? new ChartWarmUp(service, charts, repo) : null));
    await app.register(legacyDataRoutes(legacy, config.samplesRowLimit));
    app.addHook('onClose', async () => {
      await queue?.close();
    });
  };
  return Object.assign(register, { service, cache });
}
