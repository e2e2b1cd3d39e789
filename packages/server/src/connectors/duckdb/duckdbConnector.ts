import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { connectionErrors } from '../connectorError.js';
import { FILE_PARAMETERS_SCHEMA } from '../parametersSchema.js';
import { quoteIdentifierWith, quoteLiteralWith } from '../sql/quoting.js';
import type { ConnectionSpec, Connector, ErrorContext, OpenOptions } from '../types.js';
import { duckdbCapabilities } from './duckdbCapabilities.js';
import { DuckdbHandle } from './duckdbHandle.js';
import { leaseInstance } from './duckdbInstances.js';
import { duckdbSettings } from './duckdbSettings.js';
import { mapDuckdbError } from './errors.js';

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
  // Settings an admin gives in `extra.engine_params.connect_args.config`, checked (duckdbSettings.ts) before anything opens.
  const settings = duckdbSettings(options.connectArgs, options.protectedDirs ?? [], ctx);
  try {
    const lease = await leaseInstance(filePath, options.readOnly, settings);
    return new DuckdbHandle(duckdbConnector, lease, ctx, options.readOnly, options.poolLimits);
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
