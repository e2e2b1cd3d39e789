import { randomUUID } from 'node:crypto';
import { errorEntry, splitStatements, type ErrorEntry, type Principal } from '@tessera/core';
import type { FastifyBaseLogger } from 'fastify';
import { ConnectorError, QueryCancelledError } from '../../connectors/connectorError.js';
import type { ConnectorHandle, QueryResult } from '../../connectors/types.js';
import { encodeArrow } from '../../query-engine/arrowResult.js';
import type { ResultsBackend } from '../../query-engine/resultsBackend.js';
import { runStatements } from '../../query-engine/runStatements.js';
import type { DatabasesService } from '../databases/databases.service.js';
import type { QueryRepository } from './query.repository.js';
import type { QueryRow } from './queryDict.js';
import type { RunningQueries } from './runningQueries.js';

/** Jobs and sweepers act for the system, not a user: the role name is what makes it see every database. */
export const SYSTEM_PRINCIPAL: Principal = { id: null, roles: [{ name: 'Admin', permissions: [] }] };

const STOP_POLL_MS = 250;

export interface RunOutcome {
  row: QueryRow;
  /** The last statement's result on success. */
  result: QueryResult | null;
  error: ErrorEntry | null;
}

export interface QueryRunnerDeps {
  repo: QueryRepository;
  databases: DatabasesService;
  results: ResultsBackend;
  running: RunningQueries;
  resultsTtlS: number;
  log: FastifyBaseLogger;
}

/**
 * Runs one persisted query to its end: state, progress, cancel registration, results storage.
 * The same code serves sync requests and async jobs (in-process or BullMQ workers).
 */
export class QueryRunner {
  constructor(private readonly deps: QueryRunnerDeps) {}

  async run(clientId: string, timeoutMs: number): Promise<RunOutcome> {
    const { repo, running } = this.deps;
    const row = await repo.findByClientId(clientId);
    if (!row) throw new Error(`query ${clientId} not found`);
    if (row.status === 'stopped') return { row, result: null, error: null };
    const abort = new AbortController();
    let timedOut = false;
    let handle: ConnectorHandle | null = null;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, timeoutMs);
    timer.unref();
    // Another process (web or worker) may stop the run: the store is the shared signal.
    const poll = setInterval(() => {
      void repo.status(clientId).then((s) => {
        if (s === 'stopped') void running.cancel(clientId);
      });
    }, STOP_POLL_MS);
    poll.unref();
    try {
      const dbRow = await this.deps.databases.findVisible(SYSTEM_PRINCIPAL, row.database_id);
      handle = await this.deps.databases.handle(dbRow);
      const entry = { handle, key: null as string | null, abort };
      running.add(clientId, entry);
      await repo.updateUnlessStopped(clientId, { status: 'running', start_running_time: Date.now() });
      const statements = splitStatements(row.executed_sql ?? row.sql);
      const result = await runStatements(handle, statements, {
        signal: abort.signal,
        limit: row.limit,
        schema: row.schema,
        onCancelKey: (key) => {
          entry.key = key;
        },
        // The last statement's progress is written with the final state.
        onProgress: async (percent) => {
          if (percent < 100) await repo.updateUnlessStopped(clientId, { progress: percent });
        },
      });
      return await this.finish(row, result);
    } catch (err) {
      return await this.fail(row, err, timedOut ? timeoutMs : null, handle);
    } finally {
      clearTimeout(timer);
      clearInterval(poll);
      running.delete(clientId);
    }
  }

  private async finish(row: QueryRow, result: QueryResult): Promise<RunOutcome> {
    const { repo, results } = this.deps;
    const key = randomUUID();
    const ctas = row.select_as_cta_used === 1;
    const stored = Date.now();
    if (!ctas) await results.put(key, encodeArrow(result), this.deps.resultsTtlS);
    const ok = await repo.updateUnlessStopped(row.client_id, {
      status: 'success',
      progress: 100,
      rows: ctas ? (result.rowsAffected ?? result.rowCount) : result.rowCount,
      // Superset records NOT_LIMITED when the run returned no more rows than the limit.
      limiting_factor: result.truncated ? row.limiting_factor : 'NOT_LIMITED',
      results_key: ctas ? null : key,
      end_time: stored,
      end_result_backend_time: Date.now(),
    });
    if (!ok) await results.delete(key);
    const final = (await repo.findByClientId(row.client_id)) ?? row;
    return { row: final, result: ok ? result : null, error: null };
  }

  private async fail(row: QueryRow, err: unknown, timeoutMs: number | null, handle: ConnectorHandle | null): Promise<RunOutcome> {
    const { repo } = this.deps;
    let entry: ErrorEntry;
    let status: 'failed' | 'timed_out' | 'stopped' = 'failed';
    if (timeoutMs !== null) {
      status = 'timed_out';
      entry = errorEntry('SQLLAB_TIMEOUT_ERROR', `The query exceeded the ${timeoutMs / 1000} seconds timeout.`);
    } else if (err instanceof QueryCancelledError) {
      status = 'stopped';
      entry = err.toEntry();
    } else if (err instanceof ConnectorError) {
      entry = err.toEntry();
    } else if (handle) {
      entry = handle.connector.mapError(err, { engineName: handle.connector.name, host: null, port: null, username: null, database: null }).toEntry();
    } else {
      const e = err as { body?: { errors?: ErrorEntry[]; message?: unknown } };
      entry = e.body?.errors?.[0] ?? errorEntry('GENERIC_DB_ENGINE_ERROR', err instanceof Error ? err.message : String(err));
    }
    if (status !== 'stopped') {
      this.deps.log.debug({ clientId: row.client_id, err }, 'sqllab query failed');
      await repo.updateUnlessStopped(row.client_id, {
        status,
        error_message: entry.message,
        errors_json: JSON.stringify([entry]),
        end_time: Date.now(),
      });
    }
    const final = (await repo.findByClientId(row.client_id)) ?? row;
    return { row: final, result: null, error: entry };
  }
}
