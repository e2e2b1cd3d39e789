import { randomUUID } from 'node:crypto';
import { errorEntry, type ChartDataAsyncResponse, type Principal, type QueryContext } from '@tessera/core';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../app/httpErrors.js';
import type { JobQueue } from '../../jobs/jobQueue.js';
import type { AsyncEventStore } from './asyncEvents.js';
import { channelOf } from './asyncEvents.js';
import type { ChartDataOptions, ChartDataService } from './chartData.service.js';

/** A chart data request to answer in the background (Superset's load_chart_data_into_cache). */
export interface ChartDataJob {
  jobId: string;
  channelId: string;
  userId: number | null;
  context: QueryContext;
  chartCacheTimeout: number | null;
}

export const CHART_DATA_QUEUE_NAME = 'tessera-chart-data';

export interface ChartAsyncJobsDeps {
  service: () => ChartDataService;
  events: AsyncEventStore;
  /** The caller's grants again, in whichever process runs the job. */
  principalOf: (userId: number | null) => Promise<Principal>;
  log: FastifyBaseLogger;
}

/**
 * Global async queries: a cache miss answers 202 with the job; the job runs the query context on the
 * queue, keeps the context under a cache key and posts a `done` event whose result_url reads it back.
 */
export class ChartAsyncJobs {
  private queue: JobQueue<ChartDataJob> | null = null;

  constructor(private readonly deps: ChartAsyncJobsDeps) {}

  attach(queue: JobQueue<ChartDataJob>): void {
    this.queue = queue;
  }

  async submit(principal: Principal, context: QueryContext, options: ChartDataOptions): Promise<ChartDataAsyncResponse> {
    if (!this.queue) throw new Error('chart data queue is not started');
    const job: ChartDataJob = {
      jobId: randomUUID(),
      channelId: channelOf(principal.id),
      userId: principal.id,
      context,
      chartCacheTimeout: options.chartCacheTimeout ?? null,
    };
    await this.queue.enqueue(job);
    return { channel_id: job.channelId, job_id: job.jobId, user_id: principal.id, status: 'pending', errors: [], result_url: null };
  }

  async run(job: ChartDataJob): Promise<void> {
    const base = { channel_id: job.channelId, job_id: job.jobId, user_id: job.userId };
    try {
      const service = this.deps.service();
      const answer = await service.data(await this.deps.principalOf(job.userId), job.context, { chartCacheTimeout: job.chartCacheTimeout, allowAsync: false });
      if (answer.kind !== 'json' || answer.status !== 200) throw new Error('unexpected chart data answer');
      const key = await service.rememberContext(job.context);
      await this.deps.events.add({ ...base, status: 'done', errors: [], result_url: `/api/v1/chart/data/${key}` });
    } catch (err) {
      const errors =
        err instanceof ApiError
          ? ((err.body.errors as unknown[] | undefined) ?? [errorEntry('GENERIC_COMMAND_ERROR', String(err.body.message ?? err.message))])
          : [errorEntry('GENERIC_BACKEND_ERROR', err instanceof Error ? err.message : String(err))];
      if (!(err instanceof ApiError)) this.deps.log.error({ err, jobId: job.jobId }, 'chart data job failed');
      await this.deps.events.add({ ...base, status: 'error', errors, result_url: null });
    }
  }
}
