import { randomUUID } from 'node:crypto';
import { errorEntry, RESULT_HEAD_MIN_ROWS, RESULT_HEAD_ROWS, splitStatements, type ErrorEntry } from '@tessera/core';
import type { FastifyBaseLogger } from 'fastify';
import { ConnectorError, QueryCancelledError } from '../../connectors/connectorError.js';
import { poolErrorStatus } from '../../connectors/poolErrors.js';
import type { ConnectorHandle, QueryResult } from '../../connectors/types.js';
import { encodeArrow, encodeArrowYielding, headOf } from '../../query-engine/arrowResult.js';
import type { ResultsBackend } from '../../query-engine/resultsBackend.js';
import { runStatements } from '../../query-engine/runStatements.js';
import type { DatabasesService } from '../databases/databases.service.js';
import { SYSTEM_PRINCIPAL } from '../security/systemPrincipal.js';
import type { QueryRepository } from './query.repository.js';
import type { QueryRow } from './queryDict.js';
import type { RunningQueries } from './runningQueries.js';


const STOP_POLL_MS = 250;
const INTERRUPTED_MESSAGE = 'The query was interrupted: its database connection closed while it ran (the server shut down, or the database was edited). Run it again.';
/**
 * How long the whole encode of a big result waits for its head to be read. The page asks for the head
 * as soon as a poll sees the query finished; encoding first would queue that request behind it.
 */
const HEAD_READ_WAIT_MS = 500;

export interface RunOutcome {
  row: QueryRow;
  /** The last statement's result on success. */
  result: QueryResult | null;
  error: ErrorEntry | null;
  /** The HTTP status a sync run's failure answers with, when it is not the usual one (429/503: no free connection). */
  errorStatus?: number;
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

  /**
   * `headFirst` (async runs): a big result's head is stored and the query marked successful as soon as
   * the engine has finished, and the whole result is encoded after, so the first rows need not wait for it.
   */
  async run(clientId: string, timeoutMs: number, headFirst = false): Promise<RunOutcome> {
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
        // Without DML, reads run in read-only transactions: a function that writes is refused by the engine too.
        readOnly: dbRow.allow_dml !== 1,
        // The pool's fair share is per user: one user's runs never take every connection of the database.
        userId: row.user_id,
        onCancelKey: (key) => {
          entry.key = key;
        },
        // The last statement's progress is written with the final state.
        onProgress: async (percent) => {
          if (percent < 100) await repo.updateUnlessStopped(clientId, { progress: percent });
        },
      });
      return await this.finish(row, result, headFirst);
    } catch (err) {
      return await this.fail(row, err, timedOut ? timeoutMs : null, handle);
    } finally {
      clearTimeout(timer);
      clearInterval(poll);
      running.delete(clientId);
    }
  }

  private async finish(row: QueryRow, result: QueryResult, headFirst: boolean): Promise<RunOutcome> {
    const { repo, results, resultsTtlS } = this.deps;
    const key = randomUUID();
    const ctas = row.select_as_cta_used === 1;
    const stored = Date.now();
    const split = !ctas && headFirst && result.rowCount > RESULT_HEAD_MIN_ROWS;
    if (split) await results.putHead(key, encodeArrow(headOf(result, RESULT_HEAD_ROWS)), resultsTtlS);
    else if (!ctas) await results.put(key, encodeArrow(result), resultsTtlS);
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
    else if (split) await this.storeWhole(key, result);
    const final = (await repo.findByClientId(row.client_id)) ?? row;
    return { row: final, result: ok ? result : null, error: null };
  }

  /** The whole result behind a stored head; if it cannot be stored, the head goes too (readers get 410). */
  private async storeWhole(key: string, result: QueryResult): Promise<void> {
    const { results, resultsTtlS, log } = this.deps;
    try {
      await results.headRead(key, HEAD_READ_WAIT_MS);
      await results.put(key, await encodeArrowYielding(result), resultsTtlS);
    } catch (err) {
      log.error({ err, key }, 'storing a whole result failed');
      await results.delete(key).catch(() => undefined);
    }
  }

  private async fail(row: QueryRow, err: unknown, timeoutMs: number | null, handle: ConnectorHandle | null): Promise<RunOutcome> {
    const { repo } = this.deps;
    let entry: ErrorEntry;
    let status: 'failed' | 'timed_out' | 'stopped' = 'failed';
    if (timeoutMs !== null) {
      status = 'timed_out';
      entry = errorEntry('SQLLAB_TIMEOUT_ERROR', `The query exceeded the ${timeoutMs / 1000} seconds timeout.`);
    } else if (err instanceof QueryCancelledError && (await repo.status(row.client_id)) !== 'stopped') {
      // Nobody stopped it: its connection was closed under it (the server shutting down, the database edited).
      entry = errorEntry('GENERIC_DB_ENGINE_ERROR', INTERRUPTED_MESSAGE);
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
    const errorStatus = poolErrorStatus(err);
    return { row: final, result: null, error: entry, ...(errorStatus !== null ? { errorStatus } : {}) };
  }
}
