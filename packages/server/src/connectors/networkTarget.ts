import { ConnectorError, connectionErrors } from './connectorError.js';
import type { ConnectionSpec, Connector, ErrorContext, OpenOptions } from './types.js';

export interface NetworkTarget {
  host: string;
  port: number;
  connectTimeoutMs: number;
  ctx: ErrorContext;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * Checks what every network engine needs before dialling: a host and a valid port, and a host the server may
 * reach (not a cloud metadata service: see OpenOptions.blockedHosts), refused at once rather than dialled.
 */
export async function networkTarget(connector: Connector, spec: ConnectionSpec, options: OpenOptions): Promise<NetworkTarget> {
  const port = spec.port ?? connector.defaultPort ?? 0;
  const ctx: ErrorContext = {
    engineName: connector.name,
    host: spec.host,
    port,
    username: spec.username,
    database: spec.database,
  };
  if (!spec.host) throw connectionErrors.missingParameters(ctx, ['host']);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw connectionErrors.invalidPort(ctx);
  const blocked = await options.blockedHosts?.blocked(spec.host);
  if (blocked) {
    const target = blocked === spec.host.toLowerCase() ? '' : ` (${blocked})`;
    throw new ConnectorError(
      'DATABASE_SECURITY_ACCESS_ERROR',
      `The host "${spec.host}"${target} cannot be used as a data source for security reasons: connections to it are blocked (DB_CONNECTION_BLOCKED_HOSTS).`,
      { engine_name: connector.name, invalid: ['host'] },
    );
  }
  // `connect_timeout` (seconds) as libpq and MySQL clients spell it, in the URI query or in connect_args.
  const seconds = Number(spec.query.connect_timeout ?? options.connectArgs.connect_timeout);
  const connectTimeoutMs =
    Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : (options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS);
  return { host: spec.host, port, connectTimeoutMs, ctx };
}
