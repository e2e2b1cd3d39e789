import {
  ConnectorError,
  QueryCancelledError,
  connectionErrors,
  errorCode,
  errorMessage,
  queryErrors,
} from '../connectorError.js';
import type { ErrorContext } from '../types.js';

const first = (re: RegExp, text: string) => re.exec(text)?.[1] ?? null;

/** better-sqlite3 errors (SQLITE_* codes plus the engine's message) → catalogue errors. */
export function mapSqliteError(error: unknown, ctx: ErrorContext): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const code = errorCode(error);
  const message = errorMessage(error);
  if (code === 'SQLITE_CANTOPEN') return connectionErrors.unknownDatabase(ctx, error);
  if (code === 'SQLITE_INTERRUPT') return new QueryCancelledError(ctx.engineName, { cause: error });
  if (/syntax error/.test(message)) return queryErrors.syntax(ctx, first(/near "(.*?)": syntax error/, message), message, error);
  const table = first(/no such table: (\S+)/, message);
  if (table) return queryErrors.tableMissing(ctx, table, error);
  const column = first(/no such column: (\S+)/, message);
  if (column) return queryErrors.columnMissing(ctx, column, error);
  const schema = first(/unknown database (\S+)/, message);
  if (schema) return queryErrors.schemaMissing(ctx, schema, error);
  return queryErrors.generic(ctx, message, error);
}
