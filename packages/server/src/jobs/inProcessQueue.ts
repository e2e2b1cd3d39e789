import type { JobHandler, JobQueue } from './jobQueue.js';

/** The default queue: jobs run in this process, a few at a time, in arrival order. */
export class InProcessQueue<T> implements JobQueue<T> {
  readonly kind = 'in-process' as const;
  private readonly waiting: T[] = [];
  private readonly active = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly handler: JobHandler<T>,
    private readonly concurrency = 3,
    private readonly onError: (err: unknown, job: T) => void = () => undefined,
  ) {}

  async enqueue(job: T): Promise<void> {
    if (this.closed) throw new Error('queue is closed');
    this.waiting.push(job);
    this.pump();
  }

  private pump(): void {
    while (this.active.size < this.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift() as T;
      const run = this.handler(job)
        .catch((err: unknown) => this.onError(err, job))
        .finally(() => {
          this.active.delete(run);
          this.pump();
        });
      this.active.add(run);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    await Promise.all([...this.active]);
  }
}
