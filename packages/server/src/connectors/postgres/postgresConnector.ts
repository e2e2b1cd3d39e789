import type { ConnectionOptions } from 'node:tls';
import type pg from 'pg';
import { NETWORK_PARAMETERS_SCHEMA } from '../parametersSchema.js';
import { networkTarget } from '../networkTarget.js';
import { quoteIdentifierWith, quoteLiteralWith } from '../sql/quoting.js';
import type { ConnectionSpec, Connector, OpenOptions } from '../types.js';
import { mapPostgresError } from './errors.js';
import { postgresCapabilities } from './postgresCapabilities.js';
import { PostgresHandle } from './postgresHandle.js';
import { postgresTypeParsers } from './postgresTypes.js';

/** libpq's sslmode, mapped onto Node's TLS options. 'prefer'/'allow' connect without TLS (node-pg cannot fall back). */
function sslOptions(spec: ConnectionSpec, options: OpenOptions): false | ConnectionOptions {
  const mode = String(spec.query.sslmode ?? options.connectArgs.sslmode ?? '').toLowerCase();
  const ca = options.serverCert ?? undefined;
  switch (mode) {
    case 'require':
      return { rejectUnauthorized: false, ...(ca ? { ca } : {}) };
    case 'verify-ca':
      return { rejectUnauthorized: true, ca, checkServerIdentity: () => undefined };
    case 'verify-full':
      return { rejectUnauthorized: true, ca };
    default:
      return ca ? { rejectUnauthorized: true, ca } : false;
  }
}

async function open(spec: ConnectionSpec, options: OpenOptions) {
  const target = await networkTarget(postgresConnector, spec, options);
  const config: pg.ClientConfig = {
    host: target.host,
    port: target.port,
    user: spec.username ?? undefined,
    password: spec.password ?? undefined,
    database: spec.database ?? undefined,
    ssl: sslOptions(spec, options),
    connectionTimeoutMillis: target.connectTimeoutMs,
    application_name: spec.query.application_name ?? 'tessera',
    ...(spec.query.options ? { options: spec.query.options } : {}),
    types: postgresTypeParsers,
  };
  return new PostgresHandle(postgresConnector, config, target.ctx, options.readOnly);
}

export const postgresConnector: Connector = {
  engine: 'postgresql',
  name: 'PostgreSQL',
  defaultDriver: 'psycopg2',
  drivers: ['psycopg2'],
  schemes: ['postgresql', 'postgres', 'postgresql+psycopg2'],
  kind: 'network',
  defaultPort: 5432,
  sqlalchemyUriPlaceholder: 'postgresql://user:password@host:port/dbname[?key=value&key=value...]',
  parametersSchema: NETWORK_PARAMETERS_SCHEMA,
  capabilities: postgresCapabilities,
  quoteIdentifier: (name) => quoteIdentifierWith(postgresCapabilities.identifierQuote, name),
  quoteLiteral: (value) => quoteLiteralWith(value, false),
  mapError: mapPostgresError,
  open,
};
