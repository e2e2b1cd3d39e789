import { loadConfig } from './app/config.js';
import { buildApp } from './app/buildApp.js';

/**
 * A process that only consumes SQL Lab jobs from the BullMQ queue (REDIS_URL required). It builds the same
 * composition root as the web server, so jobs see the same databases and results backend, but never listens.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.redisUrl) throw new Error('worker: REDIS_URL must be set (jobs come from the Redis queue)');
  process.env.TESSERA_SQLLAB_WORKER = 'on';
  const { app } = await buildApp(config, { print: () => undefined });
  await app.ready();
  app.log.info('sqllab worker started on queue tessera-sqllab');
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
