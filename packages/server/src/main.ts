import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app/buildApp.js';
import { ConfigError, loadConfig } from './app/config.js';
import { interruptDuckdbWork } from './connectors/duckdb/duckdbActivity.js';
import { loadExampleObjects } from './examples/loadExampleObjects.js';
import { prepareExamples } from './examples/prepareExamples.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Time given to interrupted DuckDB statements to end before the process exits (taken from SHUTDOWN_TIMEOUT_MS). */
const INTERRUPT_GRACE_MS = 2000;

/**
 * Exits once no DuckDB statement runs. Node's exit joins libuv's thread pool, where DuckDB runs statements:
 * exiting with one still running blocks the main thread until it ends (for good, for a runaway query), and no
 * timer can fire then. Anything left is interrupted first; if it will not stop, the process kills itself.
 */
async function exitSafely(code: number, log: FastifyBaseLogger, graceMs: number): Promise<void> {
  if (await interruptDuckdbWork(graceMs)) process.exit(code);
  log.error('DuckDB statements did not stop when interrupted; killing the process');
  process.kill(process.pid, 'SIGKILL');
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.webDist) config.webDist = path.resolve(here, '../../web/dist');
  const built = await buildApp(config);
  const { app } = built;
  if (config.examples) {
    await prepareExamples(built, app.log);
    await loadExampleObjects(built, app.log);
  }

  // Part of the budget is kept for interrupting whatever DuckDB still runs when the time is up.
  const grace = Math.min(INTERRUPT_GRACE_MS, config.shutdownTimeoutMs / 2);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting without waiting for in-flight work');
      void exitSafely(1, app.log, grace);
      return;
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: stopping running queries, finishing in-flight requests');
    // Not unref'd: it must fire even if nothing else keeps the event loop busy.
    setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      void exitSafely(1, app.log, grace);
    }, config.shutdownTimeoutMs - grace);
    // app.close() answers new requests 503, stops the database handles' statements (so in-flight requests
    // answer now), waits for those requests, then closes queues, connections and DuckDB instances.
    app.close().then(
      () => exitSafely(0, app.log, grace),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        return exitSafely(1, app.log, grace);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Tessera is serving http://localhost:${config.port}`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`Tessera failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
