import { loadConfig } from './app/config.js';
import { buildApp } from './app/buildApp.js';
import { SQLLAB_QUEUE_NAME } from './jobs/jobQueue.js';
import { CHART_DATA_QUEUE_NAME } from './modules/chartData/chartAsyncJobs.js';
import { THUMBNAIL_QUEUE_NAME } from './modules/chartScreenshots/index.js';
import { DASHBOARD_THUMBNAIL_QUEUE_NAME } from './modules/dashboardScreenshots/index.js';

/**
 * A process that only consumes jobs from the BullMQ queues (REDIS_URL required): SQL Lab runs, chart data with
 * GLOBAL_ASYNC_QUERIES, chart thumbnails with THUMBNAILS (which need Chromium and a WEBDRIVER_BASEURL that reaches a
 * web process). It builds the same composition root as the web server, so jobs see the same databases, caches and
 * results backend, but never listens.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.redisUrl) throw new Error('worker: REDIS_URL must be set (jobs come from the Redis queue)');
  process.env.TESSERA_SQLLAB_WORKER = 'on';
  const { app } = await buildApp(config, { print: () => undefined });
  await app.ready();
  const queues = [
    SQLLAB_QUEUE_NAME,
    ...(config.charts.globalAsyncQueries ? [CHART_DATA_QUEUE_NAME] : []),
    ...(config.thumbnails.enabled ? [THUMBNAIL_QUEUE_NAME, DASHBOARD_THUMBNAIL_QUEUE_NAME] : []),
  ];
  app.log.info(`worker started on queues ${queues.join(', ')}`);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
