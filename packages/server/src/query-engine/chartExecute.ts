import { ApiError, catalogueError } from '../app/httpErrors.js';
import { ConnectorError } from '../connectors/connectorError.js';
import type { ConnectorHandle, QueryResult } from '../connectors/types.js';

/** Counts statements the chart engine sent to a database: tests and the bench read it to prove single-flight. */
export const chartEngineStats = { executions: 0 };

/**
 * Runs one chart statement under a timeout. Engine failures become Superset's ChartDataQueryFailedError
 * answer: 400 `{message, errors: [entry]}` with the connector's error type; a timeout is a 408.
 */
export async function executeChartSql(handle: ConnectorHandle, sql: string, timeoutMs: number): Promise<QueryResult> {
  const abort = new AbortController();
  let cancelKey: string | null = null;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
    if (cancelKey !== null) void handle.cancel(cancelKey).catch(() => undefined);
  }, timeoutMs);
  timer.unref();
  chartEngineStats.executions++;
  try {
    return await handle.execute(sql, {
      reuse: true,
      signal: abort.signal,
      onCancelKey: (key) => {
        cancelKey = key;
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
  return new ApiError(400, { message: entry.message, errors: [entry] });
}
