import { ConnectorError } from './connectorError.js';

/**
 * A query waited for a pooled connection longer than the pool's queue timeout. When the caller's own
 * queries held their whole share, the caller is told so (429); otherwise the database is busy with
 * other users' work (503). Either way nothing ran, so trying again later is safe.
 */
export class PoolWaitTimeoutError extends ConnectorError {
  override name = 'PoolWaitTimeoutError';
  /** The HTTP status of the answer: 429 (the caller's own queries) or 503 (everyone's). */
  readonly status: 429 | 503;

  constructor(ownQueries: boolean, waitedMs: number, maxPerUser: number) {
    const seconds = Math.round(waitedMs / 100) / 10;
    super(
      'BACKEND_TIMEOUT_ERROR',
      ownQueries
        ? `You have too many queries running on this database: at most ${maxPerUser} of one user's queries run at once, and this one ` +
            `waited ${seconds} seconds for one of yours to finish. Try again when they have finished, or stop some.`
        : `The database is busy with other users' queries: this one waited ${seconds} seconds for a free connection. Try again in a moment.`,
      { reason: ownQueries ? 'too_many_queries_per_user' : 'connection_pool_busy', max_per_user: maxPerUser, queue_timeout_ms: waitedMs },
    );
    this.status = ownQueries ? 429 : 503;
  }
}

/**
 * A statement refused, or interrupted, because its connection pool closed: the server is shutting down or
 * the database's settings changed (its handle is reopened). Not the user's doing, and safe to retry: 503.
 */
export class ConnectionClosedError extends ConnectorError {
  override name = 'ConnectionClosedError';
  readonly status = 503 as const;

  constructor(options?: { cause?: unknown }) {
    super(
      'GENERIC_DB_ENGINE_ERROR',
      'The query was interrupted: its database connection closed (the server is shutting down, or the database settings changed). Try again in a moment.',
      { reason: 'connection_closed' },
      options,
    );
  }
}

/** The HTTP status a pool error answers with, or null for any other error (the caller's usual status applies). */
export function poolErrorStatus(err: unknown): 429 | 503 | null {
  return err instanceof PoolWaitTimeoutError || err instanceof ConnectionClosedError ? err.status : null;
}
