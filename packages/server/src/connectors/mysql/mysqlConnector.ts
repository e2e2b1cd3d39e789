import type { PoolOptions, SslOptions } from 'mysql2';
import { NETWORK_PARAMETERS_SCHEMA } from '../parametersSchema.js';
import { networkTarget } from '../networkTarget.js';
import { quoteIdentifierWith, quoteLiteralWith } from '../sql/quoting.js';
import type { ConnectionSpec, Connector, OpenOptions } from '../types.js';
import { mapMysqlError } from './errors.js';
import { mysqlCapabilities } from './mysqlCapabilities.js';
import { MysqlHandle } from './mysqlHandle.js';

const truthy = (v: unknown) => ['1', 'true', 'yes', 'required', 'require'].includes(String(v ?? '').toLowerCase());

/** TLS from `?ssl=true` / `ssl_mode=REQUIRED` (or connect_args); a server certificate turns on verification. */
function sslOptions(spec: ConnectionSpec, options: OpenOptions): SslOptions | undefined {
  const mode = String(spec.query.ssl_mode ?? spec.query.ssl ?? options.connectArgs.ssl ?? '').toLowerCase();
  if (options.serverCert) return { ca: options.serverCert, rejectUnauthorized: true };
  if (mode === 'verify_ca' || mode === 'verify_identity') return { rejectUnauthorized: true };
  if (truthy(mode)) return { rejectUnauthorized: false };
  return undefined;
}

async function open(spec: ConnectionSpec, options: OpenOptions) {
  const target = await networkTarget(mysqlConnector, spec, options);
  const ssl = sslOptions(spec, options);
  const config: PoolOptions = {
    host: target.host,
    port: target.port,
    user: spec.username ?? undefined,
    password: spec.password ?? undefined,
    database: spec.database ?? undefined,
    connectTimeout: target.connectTimeoutMs,
    charset: spec.query.charset ?? 'utf8mb4',
    // Exact numbers and the server's own date text (no shift into the JS time zone).
    supportBigNumbers: true,
    bigNumberStrings: true,
    decimalNumbers: false,
    dateStrings: true,
    // One statement per execute: splitting is the query engine's job, and it keeps injection surfaces small.
    multipleStatements: false,
    ...(ssl ? { ssl } : {}),
  };
  return new MysqlHandle(mysqlConnector, config, target.ctx, options.readOnly);
}

export const mysqlConnector: Connector = {
  engine: 'mysql',
  name: 'MySQL',
  defaultDriver: 'mysqldb',
  drivers: ['mysqldb', 'pymysql'],
  schemes: ['mysql', 'mysql+mysqldb', 'mysql+pymysql', 'mariadb', 'mariadb+mysqldb', 'mariadb+pymysql'],
  kind: 'network',
  defaultPort: 3306,
  sqlalchemyUriPlaceholder: 'mysql://user:password@host:port/dbname[?key=value&key=value...]',
  parametersSchema: NETWORK_PARAMETERS_SCHEMA,
  capabilities: mysqlCapabilities,
  quoteIdentifier: (name) => quoteIdentifierWith(mysqlCapabilities.identifierQuote, name),
  // MySQL treats backslash as an escape in string literals unless NO_BACKSLASH_ESCAPES is set.
  quoteLiteral: (value) => quoteLiteralWith(value, true),
  mapError: mapMysqlError,
  open,
};
