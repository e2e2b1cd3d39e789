import type { FastifyInstance } from 'fastify';
import type { DataModuleDeps } from '../../app/moduleDeps.js';
import { BullmqQueue } from '../../jobs/bullmqQueue.js';
import { InProcessQueue } from '../../jobs/inProcessQueue.js';
import { SQLLAB_QUEUE_NAME, type JobQueue, type SqllabJob } from '../../jobs/jobQueue.js';
import { MemoryResultsBackend, RedisResultsBackend, type ResultsBackend } from '../../query-engine/resultsBackend.js';
import { QueriesService } from '../queries/queries.service.js';
import { queriesRoutes } from '../queries/queries.routes.js';
import { sweepStaleQueries } from '../queries/staleQuerySweeper.js';
import { sqlGuardOf } from '../security/sqlGuard.js';
import { ExecuteSqlService } from './executeSql.service.js';
import { QueryRepository } from './query.repository.js';
import { QueryDictService } from './queryDict.service.js';
import { QueryRunner } from './queryRunner.js';
import { ResultsService } from './results.service.js';
import { RunningQueries } from './runningQueries.js';
import { sqllabRoutes } from './sqllab.routes.js';
import { SqlToolsService } from './sqlTools.service.js';

const SWEEP_INTERVAL_MS = 60_000;
/** An async run's job is enqueued just after its row is written, maybe by another process: younger runs are not swept. */
const ASYNC_GRACE_MS = 30_000;
const JOB_CONCURRENCY = 3;

export interface SqllabModuleOptions {
  /** Consume BullMQ jobs in this process (default true; `TESSERA_SQLLAB_WORKER=off` makes a web-only process). */
  runWorker?: boolean;
  resultsBackend?: ResultsBackend;
}

/**
 * SQL Lab: execute, results, estimate, format, export, plus the query history API. With REDIS_URL, results
 * go to Redis and async runs to the BullMQ queue `tessera-sqllab`; otherwise both stay in this process.
 */
export function sqllabModule(deps: DataModuleDeps, options: SqllabModuleOptions = {}) {
  const { ctx, databases } = deps;
  const cfg = ctx.config.sqllab;
  const repo = new QueryRepository(ctx.db);
  const backend = options.resultsBackend ?? (ctx.redis ? new RedisResultsBackend(ctx.redis) : new MemoryResultsBackend());
  const running = new RunningQueries();
  const runner = new QueryRunner({ repo, databases, results: backend, running, resultsTtlS: cfg.resultsTtlS, log: ctx.log });
  const dicts = new QueryDictService(repo);
  const runJob = async (job: SqllabJob) => {
    await runner.run(job.clientId, cfg.asyncTimeLimitS * 1000, true);
  };
  const onJobError = (err: unknown) => ctx.log.error({ err }, 'sqllab job failed');
  const runWorker = options.runWorker ?? process.env.TESSERA_SQLLAB_WORKER !== 'off';
  const queue: JobQueue<SqllabJob> = ctx.config.redisUrl
    ? new BullmqQueue<SqllabJob>(SQLLAB_QUEUE_NAME, ctx.config.redisUrl, runWorker ? runJob : null, JOB_CONCURRENCY, onJobError)
    : new InProcessQueue<SqllabJob>(runJob, JOB_CONCURRENCY, onJobError);
  const results = new ResultsService(repo, backend, databases, dicts, cfg.displayMaxRow);
  const queries = new QueriesService(repo, dicts, running, backend);
  const sweep = (asyncGraceMs = ASYNC_GRACE_MS) =>
    sweepStaleQueries(repo, backend, running, { syncMaxAgeMs: (cfg.timeoutS + 60) * 1000, queue, asyncGraceMs });

  const register = async function register(app: FastifyInstance): Promise<void> {
    await app.register(
      sqllabRoutes({
        execute: new ExecuteSqlService({ config: cfg, databases, repo, runner, dicts, queue, rowLevelSecurity: deps.rowLevelSecurity, guard: sqlGuardOf(ctx) }),
        results,
        tools: new SqlToolsService(databases, sqlGuardOf(ctx)),
        repo,
        databases,
        maxRow: cfg.maxRow,
      }),
    );
    await app.register(queriesRoutes(queries));
    if (queue.kind === 'in-process') {
      // Every unfinished async run of the in-process queue died with the previous process: they fail before
      // the server answers anyone, instead of showing "running" until a timeout.
      await sweep(0).catch((err: unknown) => ctx.log.warn({ err }, 'stale query sweep at start failed'));
    } else {
      // BullMQ jobs may live on in workers; Redis may not answer yet, and the start must not wait for it.
      void sweep().catch((err: unknown) => ctx.log.warn({ err }, 'stale query sweep at start failed'));
    }
    const timer = setInterval(() => {
      sweep().catch((err: unknown) => ctx.log.warn({ err }, 'stale query sweep failed'));
    }, SWEEP_INTERVAL_MS);
    timer.unref();
    // Before in-flight requests are waited for: an open long poll answers now instead of holding the close.
    app.addHook('preClose', async () => {
      repo.endWaits();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running.cancelAll();
      await queue.close();
    });
  };
  return Object.assign(register, { sweep, queue, results: backend, running });
}
