import { isReadOnlyStatement, isSelectStatement } from '@tessera/core';
import { QueryCancelledError } from '../connectors/connectorError.js';
import type { ConnectorHandle, QueryResult } from '../connectors/types.js';

export interface RunStatementsOptions {
  signal: AbortSignal;
  /** Rows kept from each query statement (the SQL already asks the engine for limit + 1). */
  limit: number | null;
  onCancelKey: (key: string) => void;
  /** Default schema for unqualified names (SQL Lab's schema picker); see ExecuteOptions.schema. */
  schema?: string | null;
  /** The user the run is for (null: anonymous): connection pools share their connections fairly between users. */
  userId?: number | null;
  /** Called after each statement with percent done. */
  onProgress: (percent: number) => Promise<void> | void;
  /**
   * The database allows no DML: read statements run in read-only transactions, so a function that writes is
   * refused too. A statement the service let through as a write (CREATE TABLE AS) runs as it is.
   */
  readOnly?: boolean;
}

/**
 * Runs statements one after another on one handle (Superset runs them on one cursor) and returns
 * the last statement's result. A stop between statements ends the run before the next one starts.
 */
export async function runStatements(handle: ConnectorHandle, statements: readonly string[], options: RunStatementsOptions): Promise<QueryResult> {
  let last: QueryResult | null = null;
  for (let i = 0; i < statements.length; i++) {
    if (options.signal.aborted) throw new QueryCancelledError(handle.connector.name);
    const sql = statements[i]!;
    last = await handle.execute(sql, {
      signal: options.signal,
      onCancelKey: options.onCancelKey,
      schema: options.schema ?? null,
      ...(options.userId !== undefined ? { userId: options.userId } : {}),
      ...(options.readOnly && isReadOnlyStatement(sql) ? { readOnly: true } : {}),
      ...(options.limit !== null && isSelectStatement(sql) ? { limit: options.limit } : {}),
    });
    await options.onProgress(Math.round(((i + 1) / statements.length) * 100));
  }
  return last ?? { columns: [], data: [], rowCount: 0, truncated: false, rowsAffected: null };
}
