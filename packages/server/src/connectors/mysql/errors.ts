import {
  ConnectorError,
  QueryCancelledError,
  connectionErrors,
  errorMessage,
  mapNetworkError,
  queryErrors,
} from '../connectorError.js';
import type { ErrorContext } from '../types.js';

const first = (re: RegExp, text: string) => re.exec(text)?.[1] ?? null;

/** MySQL/MariaDB server error numbers (and socket errors) → catalogue errors. Pure: unit-tested without a server. */
export function mapMysqlError(error: unknown, ctx: ErrorContext): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const network = mapNetworkError(error, ctx);
  if (network) return network;
  const errno = typeof error === 'object' && error !== null ? (error as { errno?: unknown }).errno : undefined;
  const message = (error as { sqlMessage?: string } | null)?.sqlMessage ?? errorMessage(error);
  switch (errno) {
    // MySQL cannot tell a wrong password from an unknown user (1698: MariaDB's unix_socket/no-password variant).
    case 1045:
    case 1698:
      return connectionErrors.accessDenied(ctx, error);
    case 1044:
    case 1142:
    case 1143:
      return errno === 1044
        ? connectionErrors.databasePermissions(ctx, error)
        : new ConnectorError('CONNECTION_DATABASE_PERMISSIONS_ERROR', message, { engine_name: ctx.engineName }, { cause: error });
    case 1049:
      return connectionErrors.unknownDatabase(ctx, error);
    case 1064:
      return queryErrors.syntax(ctx, first(/near '([\s\S]*)' at line/, message), message, error);
    case 1146:
      return queryErrors.tableMissing(ctx, first(/Table '(.*)' doesn't exist/, message) ?? '', error);
    case 1054:
      return queryErrors.columnMissing(ctx, first(/Unknown column '(.*?)' in/, message) ?? '', error);
    case 1317:
      return new QueryCancelledError(ctx.engineName, { cause: error });
    default:
      return queryErrors.generic(ctx, message, error);
  }
}
