/** A SQL Lab run to execute in the background: the persisted query names everything else. */
export interface SqllabJob {
  clientId: string;
}

export type JobHandler<T> = (job: T) => Promise<void>;

/** Background work, in this process or on a shared queue; callers never know which. */
export interface JobQueue<T> {
  readonly kind: 'in-process' | 'bullmq';
  enqueue(job: T): Promise<void>;
  /** Stops taking jobs and waits for running ones (or gives up after the queue's own grace). */
  close(): Promise<void>;
}

export const SQLLAB_QUEUE_NAME = 'tessera-sqllab';
