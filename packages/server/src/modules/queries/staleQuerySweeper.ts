import { errorEntry } from '@tessera/core';
import type { ResultsBackend } from '../../query-engine/resultsBackend.js';
import type { QueryRepository } from '../sqllab/query.repository.js';
import type { RunningQueries } from '../sqllab/runningQueries.js';

export interface SweepLimits {
  /** Sync runs older than this (ms) with no progress are dead (their request is long gone). */
  syncMaxAgeMs: number;
  asyncMaxAgeMs: number;
}

/**
 * Runs left pending/running with no progress past their time (a crashed worker, a restarted server)
 * are settled: success when their results are still stored ("state from saved results"), else timed out.
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
  for (const [isAsync, maxAge] of [[false, limits.syncMaxAgeMs], [true, limits.asyncMaxAgeMs]] as const) {
    for (const row of await repo.findStale(now - maxAge, isAsync)) {
      if (running.get(row.client_id)) continue;
      const stored = row.results_key ? await results.get(row.results_key) : null;
      if (stored) {
        await repo.update(row.client_id, { status: 'success', progress: 100, end_time: row.end_time ?? now });
      } else {
        const entry = errorEntry('SQLLAB_TIMEOUT_ERROR', 'The query did not finish in time and was abandoned.');
        await repo.update(row.client_id, {
          status: 'timed_out',
          error_message: entry.message,
          errors_json: JSON.stringify([entry]),
          end_time: now,
        });
      }
      changed++;
    }
  }
  return changed;
}
