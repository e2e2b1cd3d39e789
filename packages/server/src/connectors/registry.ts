import {
  INVALID_URI_MESSAGE,
  PASSWORD_MASK,
  type DatabaseParameters,
  type DatabaseParametersView,
  type Engine,
} from '@tessera/core';
import { duckdbConnector } from './duckdb/duckdbConnector.js';
import { mysqlConnector } from './mysql/mysqlConnector.js';
import { NETWORK_REQUIRED_PARAMETERS } from './parametersSchema.js';
import { postgresConnector } from './postgres/postgresConnector.js';
import { sqliteConnector } from './sqlite/sqliteConnector.js';
import type { ConnectionSpec, Connector } from './types.js';
import { parseUri, renderUri, type UriParts } from './uri.js';

/** Every engine we can open, in the order the UI lists them. */
export const CONNECTORS: readonly Connector[] = [postgresConnector, mysqlConnector, sqliteConnector, duckdbConnector];

const BY_SCHEME = new Map(CONNECTORS.flatMap((c) => c.schemes.map((s) => [s, c] as const)));

export function connectorForEngine(engine: Engine): Connector {
  const found = CONNECTORS.find((c) => c.engine === engine);
  if (!found) throw new Error(`No connector for engine ${engine}`);
  return found;
}

export function connectorForScheme(scheme: string): Connector | null {
  return BY_SCHEME.get(scheme.toLowerCase()) ?? null;
}

/** A URI that cannot be used: 'invalid' when it is not a URL, 'driver' when no connector knows its scheme. */
export class InvalidUriError extends Error {
  override name = 'InvalidUriError';

  constructor(
    readonly reason: 'invalid' | 'driver',
    message: string,
  ) {
    super(message);
  }
}

function driverOf(scheme: string, connector: Connector): string {
  const plus = scheme.indexOf('+');
  return plus >= 0 ? scheme.slice(plus + 1) : connector.defaultDriver;
}

/** SQLAlchemy URI → ConnectionSpec. File engines take the path after `scheme:///` (`sqlite://` alone is in-memory). */
export function specFromUri(uri: string): ConnectionSpec {
  const parts = parseUri(uri);
  if (!parts) throw new InvalidUriError('invalid', INVALID_URI_MESSAGE);
  const connector = connectorForScheme(parts.scheme);
  if (!connector) throw new InvalidUriError('driver', `Could not load database driver: ${parts.scheme}`);
  const base = { engine: connector.engine, scheme: parts.scheme, driver: driverOf(parts.scheme, connector), query: parts.query };
  if (connector.kind === 'file') {
    if (parts.host !== null || parts.username !== null || parts.port !== null) {
      throw new InvalidUriError('invalid', INVALID_URI_MESSAGE);
    }
    const database = parts.database ?? ':memory:';
    return { ...base, host: null, port: null, username: null, password: null, database, filePath: database };
  }
  if (parts.port !== null && !/^\d+$/.test(parts.port)) throw new InvalidUriError('invalid', INVALID_URI_MESSAGE);
  return {
    ...base,
    host: parts.host,
    port: parts.port === null ? null : Number(parts.port),
    username: parts.username,
    password: parts.password,
    database: parts.database,
    filePath: null,
  };
}

function partsOf(spec: ConnectionSpec): UriParts {
  if (spec.filePath !== null || connectorForEngine(spec.engine).kind === 'file') {
    const path = spec.database ?? spec.filePath ?? ':memory:';
    return { scheme: spec.scheme, username: null, password: null, host: null, port: null, database: path, query: spec.query };
  }
  return {
    scheme: spec.scheme,
    username: spec.username,
    password: spec.password,
    host: spec.host,
    port: spec.port === null ? null : String(spec.port),
    database: spec.database,
    query: spec.query,
  };
}

/** ConnectionSpec → URI; 'omit' is what the metadata store keeps, 'mask' what clients see. */
export function uriFromSpec(spec: ConnectionSpec, password: 'include' | 'mask' | 'omit'): string {
  return renderUri(partsOf(spec), { password });
}

export interface ParametersSpec {
  spec: ConnectionSpec;
  /** Required parameters that are absent or empty (Superset's `extra.missing`). */
  missing: string[];
  /** The port is present but not an integer in 0-65535. */
  invalidPort: boolean;
}

const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};

/** The dynamic form's `parameters` → ConnectionSpec (Superset's build_sqlalchemy_uri), with what is missing. */
export function specFromParameters(engine: Engine, params: DatabaseParameters): ParametersSpec {
  const connector = connectorForEngine(engine);
  const scheme = connector.schemes[0]!;
  const query = Object.fromEntries(Object.entries(params.query ?? {}).map(([k, v]) => [k, String(v)]));
  if (connector.kind === 'file') {
    const database = text(params.database);
    const spec: ConnectionSpec = {
      engine,
      scheme,
      driver: connector.defaultDriver,
      host: null,
      port: null,
      username: null,
      password: null,
      database,
      query,
      filePath: database,
    };
    return { spec, missing: database ? [] : ['database'], invalidPort: false };
  }
  const portText = text(params.port);
  const port = portText !== null && /^\d+$/.test(portText) ? Number(portText) : null;
  const invalidPort = portText !== null && (port === null || port > 65535);
  if (params.encryption) {
    if (engine === 'postgresql') query.sslmode ??= 'require';
    else query.ssl ??= 'true';
  }
  const spec: ConnectionSpec = {
    engine,
    scheme,
    driver: connector.defaultDriver,
    host: text(params.host),
    port,
    username: text(params.username),
    // Passwords are taken as typed: spaces can be part of them.
    password: params.password === null || params.password === undefined || params.password === '' ? null : params.password,
    database: text(params.database),
    query,
    filePath: null,
  };
  const values: Record<string, unknown> = { host: spec.host, port: portText, username: spec.username, database: spec.database };
  const missing = NETWORK_REQUIRED_PARAMETERS.filter((name) => values[name] === null);
  return { spec, missing, invalidPort };
}

/** ConnectionSpec → the form's `parameters`, password masked (Superset's get_parameters_from_uri). */
export function parametersFromSpec(spec: ConnectionSpec): DatabaseParametersView {
  const connector = connectorForEngine(spec.engine);
  if (connector.kind === 'file') return { database: spec.database ?? ':memory:' };
  const query = { ...spec.query };
  const encryption = query.sslmode === 'require' || ['1', 'true'].includes(String(query.ssl ?? '').toLowerCase());
  const view: DatabaseParametersView = {
    host: spec.host ?? '',
    port: spec.port ?? connector.defaultPort ?? 0,
    username: spec.username ?? '',
    database: spec.database ?? '',
    query,
    encryption,
  };
  if (spec.password !== null) view.password = PASSWORD_MASK;
  return view;
}
