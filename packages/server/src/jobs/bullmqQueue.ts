import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { EnqueueOptions, JobHandler, JobLiveness, JobQueue } from './jobQueue.js';

/** ioredis options from a redis:// URL; BullMQ workers need maxRetriesPerRequest null (blocking commands). */
export function redisConnection(url: string): ConnectionOptions {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : 6379,
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}


/** A Redis-backed queue shared by web processes and workers (Superset's Celery role). */
export class BullmqQueue<T extends object> implements JobQueue<T> {
  readonly kind = 'bullmq' as const;
  private readonly queue: Queue;
  private readonly worker: Worker | null;

  constructor(name: string, redisUrl: string, handler: JobHandler<T> | null, concurrency = 3, onError: (err: unknown) => void = () => undefined) {
    const connection = redisConnection(redisUrl);
    this.queue = new Queue(name, { connection });
    this.queue.on('error', onError);
    this.worker = handler
      ? new Worker(name, async (job) => handler(job.data as T), { connection, concurrency, autorun: true })
      : null;
    this.worker?.on('error', onError);
  }

  async enqueue(job: T, options: EnqueueOptions = {}): Promise<void> {
    // Results and state live in the metadata store and results backend: the job record is disposable.
    const { id } = options;
    await this.queue.add('run', job, { removeOnComplete: true, removeOnFail: 100, attempts: 1, ...(id !== undefined ? { jobId: id } : {}) });
  }

  async liveness(id: string): Promise<JobLiveness> {
    const job = await this.queue.getJob(id);
    if (!job) return 'dead';
    const state = await job.getState();
    if (state === 'failed' || state === 'completed' || state === 'unknown') return 'dead';
    if (state !== 'active') return 'live';
    // An active job keeps a lock its worker renews; a worker that died leaves it to expire: the job stalled.
    const client = await this.queue.getBackend().client;
    return (await client.get(`${this.queue.toKey(id)}:lock`)) === null ? 'dead' : 'live';
  }

  async waitUntilReady(): Promise<void> {
    await this.queue.waitUntilReady();
    await this.worker?.waitUntilReady();
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }
}
