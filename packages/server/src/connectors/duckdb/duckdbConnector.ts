import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { connectionErrors } from '../connectorError.js';
import { FILE_PARAMETERS_SCHEMA } from '../parametersSchema.js';
import { quoteIdentifierWith, quoteLiteralWith } from '../sql/quoting.js';
import type { ConnectionSpec, Connector, ErrorContext, OpenOptions } from '../types.js';
import { duckdbCapabilities } from './duckdbCapabilities.js';
import { DuckdbHandle } from './duckdbHandle.js';
import { leaseInstance } from './duckdbInstances.js';
import { mapDuckdbError } from './errors.js';

/**
 * Safe defaults: SQL Lab users must not read or write arbitrary server files (read_csv('/etc/...'),
 * COPY TO, ATTACH) nor make the server download extensions. An admin can relax them per database
 * through `extra.engine_params.connect_args.config`.
 */
const SAFE_CONFIG: Record<string, string> = {
  enable_external_access: 'false',
  autoinstall_known_extensions: 'false',
};

function duckdbConfig(connectArgs: Record<string, unknown>): Record<string, string> {
  const config = connectArgs.config;
  const custom =
    typeof config === 'object' && config !== null
      ? Object.fromEntries(Object.entries(config as Record<string, unknown>).map(([k, v]) => [k, String(v)]))
      : {};
  return { ...SAFE_CONFIG, ...custom };
}

async function open(spec: ConnectionSpec, options: OpenOptions) {
  const raw = spec.filePath ?? spec.database ?? '';
  const ctx: ErrorContext = { engineName: duckdbConnector.name, host: null, port: null, username: null, database: raw };
  if (!raw) throw connectionErrors.missingParameters(ctx, ['database']);
  let filePath = raw;
  if (raw !== ':memory:') {
    if (!existsSync(raw)) throw connectionErrors.unknownDatabase(ctx);
    // One instance per file: symlinks and relative spellings must map to the same key.
    filePath = realpathSync(path.resolve(raw));
  }
  try {
    const lease = await leaseInstance(filePath, options.readOnly, duckdbConfig(options.connectArgs));
    return new DuckdbHandle(duckdbConnector, lease, ctx);
  } catch (err) {
    // Includes DuckdbModeConflictError and another process's write lock: both become engine errors with their text.
    throw mapDuckdbError(err, ctx);
  }
}

export const duckdbConnector: Connector = {
  engine: 'duckdb',
  name: 'DuckDB',
  defaultDriver: 'duckdb_engine',
  drivers: ['duckdb_engine'],
  schemes: ['duckdb'],
  kind: 'file',
  defaultPort: null,
  sqlalchemyUriPlaceholder: 'duckdb:////path/to/duck.db',
  parametersSchema: FILE_PARAMETERS_SCHEMA,
  capabilities: duckdbCapabilities,
  quoteIdentifier: (name) => quoteIdentifierWith(duckdbCapabilities.identifierQuote, name),
  quoteLiteral: (value) => quoteLiteralWith(value, false),
  mapError: mapDuckdbError,
  open,
};
