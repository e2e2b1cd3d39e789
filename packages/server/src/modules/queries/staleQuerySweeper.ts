import { errorEntry } from '@tessera/core';
import { sqllabJobId, type JobQueue } from '../../jobs/jobQueue.js';
import type { ResultsBackend } from '../../query-engine/resultsBackend.js';
import type { QueryRepository } from '../sqllab/query.repository.js';
import type { QueryRow } from '../sqllab/queryDict.js';
import type { RunningQueries } from '../sqllab/runningQueries.js';

export const RESTARTED_MESSAGE = 'The query was interrupted: the server restarted while it ran.';
export const JOB_LOST_MESSAGE = 'The query was interrupted: the worker running it stopped, and its job is no longer on the queue.';

export interface SweepLimits {
  /** Sync runs older than this (ms) with no progress are dead (their request is long gone). */
  syncMaxAgeMs: number;
  /** Async runs are dead when their job is: the queue's own liveness, not a guess from their age. */
  queue: Pick<JobQueue<unknown>, 'kind' | 'liveness'>;
  /** Async runs younger than this are left alone: their job may be on its way to the queue (another process's insert). */
  asyncGraceMs: number;
}

/**
 * Runs left pending/running by a crashed worker or a restarted server are settled: success when their
 * results are still stored ("state from saved results"); otherwise sync runs past their time are timed out,
 * and async runs whose job is dead (in-process: not queued in this process, which is the only one running
 * them; BullMQ: missing, failed or stalled) fail at once, saying they were interrupted.
 * Runs executing in this process are left alone. Returns how many rows changed.
 */
export async function sweepStaleQueries(
  repo: QueryRepository,
  results: ResultsBackend,
  running: RunningQueries,
  limits: SweepLimits,
  now = Date.now(),
): Promise<number> {
  let changed = 0;
  for (const row of await repo.findStale(now - limits.syncMaxAgeMs, false)) {
    if (running.get(row.client_id)) continue;
    if (await settledFromResults(repo, results, row, now)) {
      changed++;
      continue;
    }
    const entry = errorEntry('SQLLAB_TIMEOUT_ERROR', 'The query did not finish in time and was abandoned.');
    await repo.update(row.client_id, { status: 'timed_out', error_message: entry.message, errors_json: JSON.stringify([entry]), end_time: now });
    changed++;
  }
  for (const row of await repo.findUnfinishedAsync(now - limits.asyncGraceMs)) {
    if (running.get(row.client_id)) continue;
    if ((await limits.queue.liveness(sqllabJobId(row))) === 'live') continue;
    if (await settledFromResults(repo, results, row, now)) {
      changed++;
      continue;
    }
    const entry = errorEntry('ASYNC_WORKERS_ERROR', limits.queue.kind === 'in-process' ? RESTARTED_MESSAGE : JOB_LOST_MESSAGE);
    const failed = await repo.updateIfUnfinished(row.client_id, {
      status: 'failed',
      error_message: entry.message,
      errors_json: JSON.stringify([entry]),
      end_time: now,
    });
    if (failed) changed++;
  }
  return changed;
}

async function settledFromResults(repo: QueryRepository, results: ResultsBackend, row: QueryRow, now: number): Promise<boolean> {
  const stored = row.results_key ? await results.get(row.results_key) : null;
  if (!stored) return false;
  await repo.update(row.client_id, { status: 'success', progress: 100, end_time: row.end_time ?? now });
  return true;
}
