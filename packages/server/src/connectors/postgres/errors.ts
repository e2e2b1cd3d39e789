import {
  ConnectorError,
  QueryCancelledError,
  connectionErrors,
  errorCode,
  errorMessage,
  mapNetworkError,
  queryErrors,
} from '../connectorError.js';
import type { ErrorContext } from '../types.js';

const first = (re: RegExp, text: string) => re.exec(text)?.[1] ?? null;

/** PostgreSQL SQLSTATE codes (and socket errors) → catalogue errors. Pure: unit-tested without a server. */
export function mapPostgresError(error: unknown, ctx: ErrorContext): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const network = mapNetworkError(error, ctx);
  if (network) return network;
  const code = errorCode(error);
  const message = errorMessage(error);
  switch (code) {
    case '28P01':
      return connectionErrors.invalidPassword(ctx, error);
    case '28000':
      // 28000 is both "role does not exist" and "no pg_hba.conf entry"; only the first is about the user name.
      return /role ".*" does not exist/.test(message)
        ? connectionErrors.invalidUsername(ctx, error)
        : connectionErrors.accessDenied(ctx, error);
    case '3D000':
      return connectionErrors.unknownDatabase(ctx, error);
    case '42501':
      return /permission denied for database/.test(message)
        ? connectionErrors.databasePermissions(ctx, error)
        : new ConnectorError('CONNECTION_DATABASE_PERMISSIONS_ERROR', message, { engine_name: ctx.engineName }, { cause: error });
    case '42601':
      return queryErrors.syntax(ctx, first(/at or near "(.*)"/, message), message, error);
    case '42P01':
      return queryErrors.tableMissing(ctx, first(/relation "(.*)" does not exist/, message) ?? '', error);
    case '42703':
      return queryErrors.columnMissing(ctx, first(/column "(.*)" does not exist/, message) ?? '', error);
    case '3F000':
      return queryErrors.schemaMissing(ctx, first(/schema "(.*)" does not exist/, message) ?? '', error);
    case '57014':
      if (/user request/.test(message)) return new QueryCancelledError(ctx.engineName, { cause: error });
      return queryErrors.generic(ctx, message, error);
    default:
      return queryErrors.generic(ctx, message, error);
  }
}

/**
 * While connecting, a dropped or timed-out socket means the host cannot be reached on that port
 * (pg reports both as "Connection terminated ..." / "timeout ...", without a code).
 */
export function mapPostgresConnectError(error: unknown, ctx: ErrorContext): ConnectorError {
  const mapped = mapPostgresError(error, ctx);
  if (mapped.errorType !== 'GENERIC_DB_ENGINE_ERROR') return mapped;
  const message = errorMessage(error);
  return /Connection terminated|timeout|ECONNRESET|socket hang up/i.test(message) ? connectionErrors.hostDown(ctx, error) : mapped;
}
