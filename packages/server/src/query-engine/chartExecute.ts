import { ApiError, catalogueError } from '../app/httpErrors.js';
import { ConnectorError } from '../connectors/connectorError.js';
import { poolErrorStatus } from '../connectors/poolErrors.js';
import type { ConnectorHandle, QueryResult } from '../connectors/types.js';

/** Counts statements the chart engine sent to a database: tests and the bench read it to prove single-flight. */
export const chartEngineStats = { executions: 0 };

/**
 * Runs one chart statement under a timeout. Engine failures become Superset's ChartDataQueryFailedError
 * answer: 400 `{message, errors: [entry]}` with the connector's error type; a timeout is a 408; no free
 * connection in time is a 429 (the user's own queries hold their share of the pool) or a 503.
 * `userId` (null: anonymous) is whom the pool counts the statement against; undefined: the server's own work.
 */
export async function executeChartSql(handle: ConnectorHandle, sql: string, timeoutMs: number, userId?: number | null): Promise<QueryResult> {
  // The timeout cancels through the statement's key, not an AbortSignal: a signal and its listener cost
  // more than the rest of the call on a short chart query, and the key is all a cancel needs.
  let cancelKey: string | null = null;
  let timedOut = false;
  const cancel = (key: string) => void handle.cancel(key).catch(() => undefined);
  const timer = setTimeout(() => {
    timedOut = true;
    if (cancelKey !== null) cancel(cancelKey);
  }, timeoutMs);
  timer.unref();
  chartEngineStats.executions++;
  try {
    return await handle.execute(sql, {
      reuse: true,
      // Chart SQL only reads: custom SQL and virtual datasets must not write, whatever the database allows.
      readOnly: true,
      ...(userId !== undefined ? { userId } : {}),
      onCancelKey: (key) => {
        cancelKey = key;
        // The time ran out while the statement waited for a connection: stop it as soon as it starts.
        if (timedOut) cancel(key);
      },
    });
  } catch (err) {
    if (timedOut) throw catalogueError(408, 'BACKEND_TIMEOUT_ERROR', `The query exceeded the ${timeoutMs / 1000} seconds timeout.`);
    throw engineFailure(handle, err);
  } finally {
    clearTimeout(timer);
  }
}

export function engineFailure(handle: ConnectorHandle, err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const connectorError =
    err instanceof ConnectorError
      ? err
      : handle.connector.mapError(err, { engineName: handle.connector.name, host: null, port: null, username: null, database: null });
  const entry = connectorError.toEntry();
  return new ApiError(poolErrorStatus(connectorError) ?? 400, { message: entry.message, errors: [entry] });
}
