import { createHash } from 'node:crypto';

/** A SQL Lab run to execute in the background: the persisted query names everything else. */
export interface SqllabJob {
  clientId: string;
}

export type JobHandler<T> = (job: T) => Promise<void>;

export interface EnqueueOptions {
  /** Names the job for `liveness` (unique per job; no ':'). */
  id?: string;
  /**
   * Whose job it is (a user id): the in-process queue runs waiting jobs round-robin between groups, the group
   * running the fewest first, so one user's pile of jobs does not hold everyone else's back. BullMQ keeps its order.
   */
  group?: number | null;
}

/** What a queue knows of one job: waiting or running (`live`), or never queued here, gone, failed or stalled (`dead`). */
export type JobLiveness = 'live' | 'dead';

/** Background work, in this process or on a shared queue; callers never know which. */
export interface JobQueue<T> {
  readonly kind: 'in-process' | 'bullmq';
  enqueue(job: T, options?: EnqueueOptions): Promise<void>;
  /**
   * Whether the job named `id` can still finish: in-process, whether it waits or runs in this process; on
   * BullMQ, whether its job exists and is neither failed nor stalled (active with its worker's lock expired).
   */
  liveness(id: string): Promise<JobLiveness>;
  /** Stops taking jobs and waits for running ones (or gives up after the queue's own grace). */
  close(): Promise<void>;
}

export const SQLLAB_QUEUE_NAME = 'tessera-sqllab';

/**
 * The job id of one SQL Lab run: a re-run is a new row, so ids are never reused (BullMQ ignores an add whose id
 * it still holds), and the client id's hash keeps installations sharing one Redis apart.
 */
export function sqllabJobId(row: { id: number; client_id: string }): string {
  return `sqllab-${row.id}-${createHash('sha256').update(row.client_id).digest('hex').slice(0, 12)}`;
}
