import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { connectionErrors } from '../connectorError.js';
import { FILE_PARAMETERS_SCHEMA } from '../parametersSchema.js';
import { quoteIdentifierWith, quoteLiteralWith } from '../sql/quoting.js';
import type { ConnectionSpec, Connector, ErrorContext, OpenOptions } from '../types.js';
import { mapSqliteError } from './errors.js';
import { sqliteCapabilities } from './sqliteCapabilities.js';
import { SqliteHandle } from './sqliteHandle.js';

async function open(spec: ConnectionSpec, options: OpenOptions) {
  const raw = spec.filePath ?? spec.database ?? ':memory:';
  const ctx: ErrorContext = { engineName: sqliteConnector.name, host: null, port: null, username: null, database: raw };
  const memory = raw === ':memory:' || raw === '';
  // A missing file is an unknown database (SQLite would otherwise create an empty one silently).
  if (!memory && !existsSync(raw)) throw connectionErrors.unknownDatabase(ctx);
  const timeoutArg = Number(options.connectArgs.timeout);
  try {
    const db = memory
      ? new Database(':memory:')
      : new Database(path.resolve(raw), {
          readonly: options.readOnly,
          fileMustExist: true,
          // Seconds, like Python's sqlite3 `timeout` connect arg; how long to wait for another writer's lock.
          timeout: Number.isFinite(timeoutArg) && timeoutArg > 0 ? timeoutArg * 1000 : 5000,
        });
    return new SqliteHandle(sqliteConnector, db, ctx);
  } catch (err) {
    throw mapSqliteError(err, ctx);
  }
}

export const sqliteConnector: Connector = {
  engine: 'sqlite',
  name: 'SQLite',
  defaultDriver: 'pysqlite',
  drivers: ['pysqlite'],
  schemes: ['sqlite'],
  kind: 'file',
  defaultPort: null,
  sqlalchemyUriPlaceholder: 'sqlite:////path/to/file.db',
  parametersSchema: FILE_PARAMETERS_SCHEMA,
  capabilities: sqliteCapabilities,
  quoteIdentifier: (name) => quoteIdentifierWith(sqliteCapabilities.identifierQuote, name),
  quoteLiteral: (value) => quoteLiteralWith(value, false),
  mapError: mapSqliteError,
  open,
};
